import { z } from 'zod';
import { maskPhone } from '../../contract/access';
import type { SmsPurpose } from '../../contract/auth';
import {
  publicLawFirmSchema,
  registerLawFirmRequestSchema,
  registerLawyerRequestSchema,
  registrationResponseSchema,
  resetPasswordRequestSchema,
} from '../../contract/auth';
import { newAccountPasswordHash, setPassword } from '../auth/set-password';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import { defineRoute } from '../http/route';
import { passedFirmNames } from '../lawfirms/names';
import { consumeCode } from '../sms/codes';
import { assertLicenceFree, assertPhoneFree, createAccount } from '../users/create-account';

async function spendCode(app: AppContext, phone: string, purpose: SmsPurpose, code: string, now: Date) {
  if (!(await consumeCode(app.db, phone, purpose, code, now))) throw fail.field('code', 'sms.codeInvalid');
}

export const registrationRoutes = [
  defineRoute({
    method: 'GET',
    url: '/register/lawfirms',
    summary: 'Law firms open for lawyer registration (passed review, not suspended)',
    tags: ['registration'],
    access: 'public',
    response: z.object({ list: z.array(publicLawFirmSchema) }),
    handler: ({ app }) => passedFirmNames(app.db, { openOnly: true }),
  }),

  defineRoute({
    method: 'POST',
    url: '/register/lawfirm',
    throttle: 'register',
    summary: 'Register a law firm and its contact person; both wait for review',
    tags: ['registration'],
    access: 'public',
    body: registerLawFirmRequestSchema,
    response: registrationResponseSchema,
    handler: async ({ app, body, requestId }) => {
      // The code first: whoever does not hold it learns nothing about which phones, credit
      // codes or licence numbers are taken (a wrong code is the same 400 either way).
      const now = app.clock.now();
      await spendCode(app, body.phone, 'register', body.code, now);
      await assertPhoneFree(app.db, body.phone);
      const firmTaken = await app.db
        .selectFrom('law_firms')
        .select('id')
        .where('credit_code', '=', body.creditCode)
        .executeTakeFirst();
      if (firmTaken) {
        throw fail.conflict('register.creditCodeTaken', {}, [
          { path: 'creditCode', message: 'register.creditCodeTaken' },
        ]);
      }
      const passwordHash = await newAccountPasswordHash(body.password);
      const at = now.toISOString();
      const { userId } = await app.db.transaction().execute(async (trx) => {
        const firm = await trx
          .insertInto('law_firms')
          .values({
            name: body.firmName,
            region_code: body.regionCode,
            credit_code: body.creditCode,
            contact_name: body.contactName,
            contact_phone: body.phone,
            address: body.address ?? null,
            review_status: 'auditing',
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return createAccount(
          trx,
          {
            phone: body.phone,
            passwordHash,
            name: body.contactName,
            role: 'lawfirmContactPerson',
            lawFirmId: firm.id,
          },
          {
            caller: null,
            requestId,
            at: now,
            entry: () => ({
              action: 'register.lawfirm',
              entity: 'law_firm',
              entityId: firm.id,
              summary: `${body.firmName} registered by ${maskPhone(body.phone)}`,
              params: { firm: body.firmName, phone: maskPhone(body.phone) },
            }),
          },
        );
      });
      return { userId, reviewStatus: 'auditing' as const };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/register/lawyer',
    throttle: 'register',
    summary:
      'Register a lawyer with a law firm that passed review and is not suspended; the lawyer waits for review',
    tags: ['registration'],
    access: 'public',
    body: registerLawyerRequestSchema,
    response: registrationResponseSchema,
    handler: async ({ app, body, requestId }) => {
      const now = app.clock.now();
      await spendCode(app, body.phone, 'register', body.code, now);
      const firm = await app.db
        .selectFrom('law_firms')
        .select('id')
        .where('id', '=', body.lawFirmId)
        .where('review_status', '=', 'passed')
        .where('suspended_at', 'is', null)
        .executeTakeFirst();
      // The firms GET /register/lawfirms offers, and no other (unknown, under review, rejected, suspended).
      if (!firm) throw fail.field('lawFirmId', 'register.firmNotFound');
      await assertPhoneFree(app.db, body.phone);
      await assertLicenceFree(app.db, body.licenceNo);
      const passwordHash = await newAccountPasswordHash(body.password);
      const { userId } = await app.db.transaction().execute((trx) =>
        createAccount(
          trx,
          {
            phone: body.phone,
            passwordHash,
            name: body.name,
            role: 'lawyer',
            lawFirmId: firm.id,
            licence: { licenceNo: body.licenceNo, review: { status: 'auditing' } },
          },
          {
            caller: null,
            requestId,
            at: now,
            entry: ({ lawyerId }) => ({
              action: 'register.lawyer',
              entity: 'lawyer',
              entityId: lawyerId,
              summary: `${body.name} registered with firm ${firm.id}`,
              params: { name: body.name },
            }),
          },
        ),
      );
      return { userId, reviewStatus: 'auditing' as const };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/reset-password',
    throttle: 'reset',
    summary: 'Reset a password with an SMS code; every session of the account ends',
    tags: ['auth'],
    access: 'public',
    body: resetPasswordRequestSchema,
    response: z.null(),
    handler: async ({ app, body, requestId }) => {
      const now = app.clock.now();
      const user = await app.db
        .selectFrom('users')
        .select('id')
        .where('phone', '=', body.phone)
        .executeTakeFirst();
      // An unknown phone never received a code, so it fails exactly like a wrong code.
      await spendCode(app, body.phone, 'reset', body.code, now);
      if (!user) throw fail.field('code', 'sms.codeInvalid');
      await setPassword(app, {
        userId: user.id,
        phone: body.phone,
        password: body.newPassword,
        who: { caller: null, requestId, actorId: user.id },
        audit: {
          action: 'user.resetPassword',
          summary: 'password reset by SMS code',
          params: { phone: maskPhone(body.phone) },
        },
      });
      return null;
    },
  }),
];
