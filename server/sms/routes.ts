import type { SmsPurpose } from '../../contract/auth';
import { sendSmsQuerySchema, sendSmsResponseSchema } from '../../contract/auth';
import { defineRoute } from '../http/route';
import { issueCode, SMS_RULES, type SmsReply } from './codes';

/**
 * Register and bind prove a phone that is about to join an account; reset, one that has one.
 * The answer to the request is the same either way, so the form cannot be used to find out
 * which phones have accounts: only the phone's owner learns it, from the text (or its absence).
 */
const REPLY: Record<SmsPurpose, { hasAccount: SmsReply; noAccount: SmsReply }> = {
  register: { hasAccount: 'accountNotice', noAccount: 'code' },
  bind: { hasAccount: 'accountNotice', noAccount: 'code' },
  reset: { hasAccount: 'code', noAccount: 'nothing' },
};

export const smsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/send-sms',
    throttle: 'sms',
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
      const replies = REPLY[query.purpose];
      await issueCode(app, query.phone, query.purpose, user ? replies.hasAccount : replies.noAccount);
      return { cooldownSeconds: SMS_RULES.cooldownMs / 1000, expiresInSeconds: SMS_RULES.validMs / 1000 };
    },
  }),
];
