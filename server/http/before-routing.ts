import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CODES } from '../../contract/codes';
import { ApiError, refusalForStatus, refusalFromFramework } from './errors';
import { languageOf } from './language';
import { API_CACHE_CONTROL, failBody, isApiPath } from './register';
import { SECURITY_HEADERS } from './security-headers';

/**
 * Refusals Fastify makes before a request has a route, and so before any hook runs: they
 * get the security headers, the request id and the fail envelope here instead.
 */

/** Fastify's `frameworkErrors`: a URL it cannot decode (`/api/cases/%E0%A4%A`) and the like. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const refusal = refusalFromFramework(error);
  if (refusal) request.log.info({ err: error, reqId: request.id }, 'request refused before routing');
  else request.log.error({ err: error, reqId: request.id }, 'unexpected error before routing');
  const answer =
    refusal ?? new ApiError(500, CODES.internal, 'http.internal', { requestId: String(request.id) });
  reply.headers(SECURITY_HEADERS).header('x-request-id', request.id);
  if (isApiPath(request.url)) reply.header('cache-control', API_CACHE_CONTROL);
  return reply.status(answer.httpStatus).send(failBody(languageOf(request), answer));
}

const CLIENT_ERROR_STATUS: Record<string, number> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
};

/**
 * Fastify's `clientErrorHandler`: Node could not read the request at all (a broken request
 * line, an unknown method, oversized headers), so there is no request to read a language
 * from; the answer is in the default language, written straight to the socket.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const status = CLIENT_ERROR_STATUS[err.code ?? ''] ?? 400;
    const body = JSON.stringify(failBody('zh-CN', refusalForStatus(status)));
    const headers = {
      ...SECURITY_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      // The request could not be read, so whether it was the API's is unknown: nothing here is to be kept.
      'cache-control': API_CACHE_CONTROL,
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy(err);
}
