import { sendSmsQuerySchema, sendSmsResponseSchema } from '../../contract/auth';
import { fail } from '../http/errors';
import { access, defineRoute } from '../http/route';
import { issueCode, SMS_RULES } from './codes';

export const smsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/send-sms',
    summary: 'Send a 6-digit SMS code (register, reset or bind); 60 s cool-down per phone and purpose',
    tags: ['auth'],
    access: access.public,
    query: sendSmsQuerySchema,
    response: sendSmsResponseSchema,
    handler: async ({ app, query }) => {
      const user = await app.db
        .selectFrom('users')
        .select('id')
        .where('phone', '=', query.phone)
        .executeTakeFirst();
      if (query.purpose === 'register' && user) throw fail.conflict('register.phoneTaken');
      // For an unknown phone a reset code is not sent, but the answer is the same, so the
      // form cannot be used to find out which phones have accounts.
      if (query.purpose === 'register' || user) await issueCode(app, query.phone, query.purpose);
      return { cooldownSeconds: SMS_RULES.cooldownMs / 1000, expiresInSeconds: SMS_RULES.validMs / 1000 };
    },
  }),
];
