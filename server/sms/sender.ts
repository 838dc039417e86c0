import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '../../contract/access';
import type { SmsSender } from '../context';

/**
 * Until a provider is contracted, texts go to the server log (and the outbox table). The number
 * is masked: the log never holds a full phone (a party's above all; issue 19).
 */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send(phone, text) {
      log.info({ sms: { phone: maskPhone(phone), text } }, 'sms sent (log provider)');
    },
  };
}
