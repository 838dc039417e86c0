import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CODES } from '../../contract/codes';
import type { FailEnvelope } from '../../contract/envelope';
import { type Language, translate } from '../../contract/messages';
import type { AppContext } from '../context';
import { outOfRange } from '../db/unique-violation';
import { ApiError, conflictFromDuplicate, fail, refusalForStatus, refusalFromFramework } from './errors';
import { languageOf } from './language';
import type { ApiRoute, Caller } from './route';
import { accessOf, isAllowed } from './route';
import { localizeMessage, parseInput } from './validation';

export const API_PREFIX = '/api';

/** What every /api answer says about caching (app.ts sets it first; downloads may add `private`). */
export const API_CACHE_CONTROL = 'no-store';

/** Whether a request URL (path and query) is the API's: `/api` itself or below it. */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

/**
 * How a request's caller is found. http/ is ground the features stand on and imports none of
 * them: the features that own sessions (auth/) and stream tickets (notifications/) are handed
 * in when the routes are registered at startup (app.ts `buildApp`).
 */
export interface CallerLookup {
  /** The caller of an `Authorization: Bearer` header; a missing, unknown or expired token throws the 401. */
  bearer(app: AppContext, authorization: string | undefined): Promise<Caller>;
  /** The caller a one-time ticket in the query stands for (routes with `credential: 'ticket'`), using it up. */
  ticket(app: AppContext, query: unknown): Promise<Caller>;
}

export interface RegisterOptions {
  callers: CallerLookup;
  /** Check every answer against its declared schema (on in tests). */
  validateResponses: boolean;
}

/**
 * Registers declared routes: authenticate, authorise, validate, run, wrap in the envelope.
 * Closing the server waits for every handler still running, also those whose client has
 * left (Fastify's close waits for connections only): whoever closes the database after
 * `fastify.close()` (SIGTERM, tests) then never pulls it from under a handler.
 */
export function registerRoutes(
  fastify: FastifyInstance,
  app: AppContext,
  routes: ApiRoute[],
  { callers, validateResponses }: RegisterOptions,
) {
  const running = new Set<Promise<unknown>>();
  fastify.addHook('onClose', async () => {
    while (running.size > 0) await Promise.allSettled(running);
  });
  for (const route of routes) {
    const rule = accessOf(route, app.config);
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const lang = languageOf(request);
      const caller =
        rule === 'public'
          ? null
          : route.credential === 'ticket'
            ? await callers.ticket(app, request.query)
            : await callers.bearer(app, request.headers.authorization);
      if (caller && !isAllowed(rule, caller.role)) throw fail.forbidden();
      const input = {
        params: route.params ? parseInput(route.params, request.params, lang) : undefined,
        query: route.query ? parseInput(route.query, request.query, lang) : undefined,
        body: route.body ? parseInput(route.body, request.body, lang) : undefined,
        caller,
        lang,
        requestId: String(request.id),
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        app,
        request,
        reply,
      };
      const data = await route.handler(input);
      if (route.raw) return reply;
      if (validateResponses && route.response) {
        const check = z.safeParse(route.response, data);
        if (!check.success) {
          throw new Error(
            `response of ${route.method} ${route.url} breaks its schema: ${check.error.message}`,
          );
        }
      }
      return { status: 'ok', code: CODES.ok, msg: translate(lang, 'ok'), data };
    };
    fastify.route({
      method: route.method,
      url: API_PREFIX + route.url,
      handler: async (request, reply) => {
        const work = handle(request, reply);
        running.add(work);
        try {
          return await work;
        } finally {
          running.delete(work);
        }
      },
    });
  }
}

export function failBody(lang: Language, err: ApiError): FailEnvelope {
  const body: FailEnvelope = {
    status: 'fail',
    code: err.code,
    msg: translate(lang, err.messageKey, err.params),
  };
  // A field's reason that is the error's own message (fail.field) takes the same parameters.
  if (err.errors)
    body.errors = err.errors.map((e) => ({
      ...e,
      message: e.message === err.messageKey ? body.msg : localizeMessage(lang, e.message),
    }));
  if (err.data !== undefined) body.data = err.data;
  return body;
}

/**
 * The one error handler: known refusals become fail envelopes in the caller's language;
 * Fastify's own client errors keep their 4xx; anything else is logged with its request id
 * and answered 500 without internals.
 */
export function installErrorHandling(fastify: FastifyInstance, app: AppContext) {
  fastify.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = languageOf(request);
    if (error instanceof ApiError) {
      if (error.httpStatus >= 500) app.metrics.errors++;
      return reply.status(error.httpStatus).send(failBody(lang, error));
    }
    const refusal = refusalFromFramework(error);
    if (refusal) {
      // The framework's own words (English, internal) go to the log, not to the caller.
      request.log.info({ err: error, reqId: request.id }, 'request refused');
      return reply.status(refusal.httpStatus).send(failBody(lang, refusal));
    }
    const duplicate = conflictFromDuplicate(error);
    if (duplicate) return reply.status(409).send(failBody(lang, duplicate));
    if (outOfRange(error)) return reply.status(400).send(failBody(lang, refusalForStatus(400)));
    app.metrics.errors++;
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return reply
      .status(500)
      .send(
        failBody(lang, new ApiError(500, CODES.internal, 'http.internal', { requestId: String(request.id) })),
      );
  });
}
