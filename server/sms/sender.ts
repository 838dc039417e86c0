import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from '../context';

/** Until a provider is contracted, codes go to the server log (and the outbox table). */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send(phone, text) {
      log.info({ sms: { phone, text } }, 'sms sent (log provider)');
    },
  };
}
