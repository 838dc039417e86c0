import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '../../contract/access';
import type { SmsSender } from '../context';

/**
 * Until a provider is contracted, texts go to the server log (codes also to the outbox table),
 * the number masked: the log never holds a full party phone.
 */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send(phone, text) {
      log.info({ sms: { phone: maskPhone(phone), text } }, 'sms sent (log provider)');
    },
  };
}
