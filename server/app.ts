import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { CODES } from '../contract/codes';
import { setBusinessTimeZone } from '../contract/dates';
import { translate } from '../contract/messages';
import { resolveCaller } from './auth/sessions';
import { setPiiHashSecret } from './cases/parties/pii-hash';
import type { ServerConfig } from './config';
import { type AppContext, type Clock, type SmsSender, systemClock } from './context';
import type { DatabaseHandle } from './db/connect';
import { answerClientError, answerFrameworkError } from './http/before-routing';
import { languageOf } from './http/language';
import { API_CACHE_CONTROL, installErrorHandling, isApiPath, registerRoutes } from './http/register';
import type { ApiRoute } from './http/route';
import { SECURITY_HEADERS } from './http/security-headers';
import { registerThrottles } from './http/throttle';
import { databaseThrottleStore, type ThrottleStore } from './http/throttle-store';
import { closeStreams } from './notifications/stream';
import { redeemTicket } from './notifications/tickets';
import { apiRoutes } from './routes';
import { logSmsSender } from './sms/sender';
import { createStorage } from './storage/create';

export interface BuildOptions {
  config: ServerConfig;
  database: DatabaseHandle;
  clock?: Clock;
  sms?: SmsSender;
  /** Check every answer against its declared schema (on in tests). */
  validateResponses?: boolean;
  routes?: ApiRoute[];
  /** Where throttle counters live; the database (shared by every process) unless given. */
  throttleStore?: ThrottleStore;
  /** Where log lines go; standard output unless given (the API tests read them). */
  logStream?: { write(line: string): void };
}

/**
 * A request as the log shows it: query values holding 6 digits in a row blanked, so a full phone or ID number typed
 * into the case list's keyword (the search by person, issue 19) never reaches the log.
 */
function logRequest(req: { method: string; url: string; ip?: string }) {
  const [path, query] = req.url.split('?', 2);
  const url = query === undefined ? path : `${path}?${query.replace(/=[^&]*\d{6}[^&]*/g, '=***')}`;
  return { method: req.method, url, remoteAddress: req.ip };
}

export async function buildApp(
  options: BuildOptions,
): Promise<{ fastify: FastifyInstance; app: AppContext }> {
  const { config, database } = options;
  // Every date the server writes out (CSV, PDF, messages) is in this zone.
  setBusinessTimeZone(config.businessTimeZone);
  setPiiHashSecret(config.piiHashSecret);
  const fastify = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      serializers: { req: logRequest },
    },
    bodyLimit: config.bodyLimitBytes,
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    // Refusals made before routing (no hook runs for them) answer like all others.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  const app: AppContext = {
    db: database.db,
    database,
    config,
    clock: options.clock ?? systemClock,
    sms: options.sms ?? logSmsSender(fastify.log),
    storage: createStorage(config.storage, database),
    metrics: { startedAt: new Date(), requests: 0, errors: 0 },
    log: fastify.log,
  };

  // The first hook: whatever answers later (a plugin's hook, a parser, a handler, a static
  // file, the 404) carries the security headers and the request id.
  fastify.addHook('onRequest', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    reply.header('x-request-id', request.id);
    if (isApiPath(request.url)) {
      app.metrics.requests++;
      // No answer of the API (JSON, a refusal, a download, the event stream) is kept by a
      // browser or a proxy: they hold one person's cases and tokens.
      reply.header('cache-control', API_CACHE_CONTROL);
    }
  });

  installErrorHandling(fastify, app);
  // Open message streams never go idle: end them, or closing the server (tests, SIGTERM) waits forever.
  fastify.addHook('preClose', async () => closeStreams(app));
  // The API reads JSON (and multipart for the attachment upload): a text/plain body is refused
  // with 415 like any other format, instead of reaching a handler as a string.
  fastify.removeContentTypeParser('text/plain');
  // Only the attachment upload reads multipart bodies; these limits hold for any route, and it narrows them further.
  await fastify.register(fastifyMultipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10, parts: 11, fieldSize: 64 * 1024 },
  });
  const routes = options.routes ?? apiRoutes;
  await registerThrottles(fastify, app, routes, options.throttleStore ?? databaseThrottleStore(database.db));
  registerRoutes(fastify, app, routes, {
    callers: { bearer: resolveCaller, ticket: redeemTicket },
    validateResponses: options.validateResponses ?? false,
  });

  const indexHtml = config.staticDir ? join(config.staticDir, 'index.html') : null;
  const serveApp = indexHtml !== null && existsSync(indexHtml);
  if (serveApp && config.staticDir) {
    await fastify.register(fastifyStatic, {
      root: config.staticDir,
      index: false,
      wildcard: false,
      setHeaders(res, path) {
        // Hashed bundles never change; index.html must always be fresh.
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  fastify.setNotFoundHandler((request, reply) => {
    const readsThePage = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(request.url) || !serveApp || !readsThePage) {
      return reply
        .status(404)
        .send({ status: 'fail', code: CODES.notFound, msg: translate(languageOf(request), 'http.notFound') });
    }
    // Client-side routes (/list/search-table, /login?redirect=...) all get the app's page.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return { fastify, app };
}
