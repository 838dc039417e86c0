import type { FastifyRequest } from 'fastify';
import type { Language } from '../../contract/messages';

/** The browser sends its UI locale as Accept-Language; Chinese is the default. */
export function languageOf(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  return typeof header === 'string' && /^en\b/i.test(header.trim()) ? 'en-US' : 'zh-CN';
}
