import type { FastifyBaseLogger } from 'fastify';

/** The one seam where a real SMS provider plugs in later. */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

/** Until a provider is contracted, codes go to the server log (and the outbox table). */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send(phone, text) {
      log.info({ sms: { phone, text } }, 'sms sent (log provider)');
    },
  };
}
