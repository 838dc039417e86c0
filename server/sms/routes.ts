import type { SmsPurpose } from '../../contract/auth';
import { sendSmsQuerySchema, sendSmsResponseSchema } from '../../contract/auth';
import { fail } from '../http/errors';
import { defineRoute } from '../http/route';
import { issueCode, SMS_RULES } from './codes';

/** Register and bind prove a phone that is about to join an account; reset, one that has one. */
const CODE_GOES_TO: Record<SmsPurpose, 'freePhone' | 'accountPhone'> = {
  register: 'freePhone',
  bind: 'freePhone',
  reset: 'accountPhone',
};

export const smsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/send-sms',
    summary: 'Send a 6-digit SMS code (register, reset or bind); 60 s cool-down per phone and purpose',
    tags: ['auth'],
    access: 'public',
    query: sendSmsQuerySchema,
    response: sendSmsResponseSchema,
    handler: async ({ app, query }) => {
      const user = await app.db
        .selectFrom('users')
        .select('id')
        .where('phone', '=', query.phone)
        .executeTakeFirst();
      const freePhone = CODE_GOES_TO[query.purpose] === 'freePhone';
      if (freePhone && user) throw fail.conflict('register.phoneTaken');
      // For an unknown phone a reset code is not sent, but the answer (cool-down included) is
      // the same, so the form cannot be used to find out which phones have accounts.
      await issueCode(app, query.phone, query.purpose, { deliver: freePhone || user !== undefined });
      return { cooldownSeconds: SMS_RULES.cooldownMs / 1000, expiresInSeconds: SMS_RULES.validMs / 1000 };
    },
  }),
];
