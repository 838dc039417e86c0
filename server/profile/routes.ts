import { z } from 'zod';
import { maskPhone } from '../../contract/access';
import { phoneSchema, smsCodeSchema } from '../../contract/account-rules';
import { userInfoSchema } from '../../contract/auth';
import { recordAudit } from '../audit/audit';
import { loadUserInfo } from '../auth/user-info';
import { fail } from '../http/errors';
import { defineRoute } from '../http/route';
import { consumeCode } from '../sms/codes';

export const bindPhoneRequestSchema = z.object({ phone: phoneSchema, code: smsCodeSchema });

export const profileRoutes = [
  defineRoute({
    method: 'POST',
    url: '/user/bind-phone',
    summary: "Change the caller's security phone (also the sign-in name), proven by a bind SMS code",
    tags: ['users'],
    access: 'signedIn',
    body: bindPhoneRequestSchema,
    response: userInfoSchema,
    handler: async ({ app, caller, body, requestId }) => {
      if (body.phone === caller.phone) throw fail.field('phone', 'profile.samePhone');
      // The code first, as registration does: whoever does not hold the code learns nothing
      // about which phones have accounts (a wrong code is the same 400 for a taken phone and a
      // free one). A wrong guess counts against the code even though the request fails.
      const now = app.clock.now();
      if (!(await consumeCode(app.db, body.phone, 'bind', body.code, now)))
        throw fail.field('code', 'sms.codeInvalid');
      const taken = await app.db
        .selectFrom('users')
        .select('id')
        .where('phone', '=', body.phone)
        .executeTakeFirst();
      if (taken)
        throw fail.conflict('profile.phoneTaken', {}, [{ path: 'phone', message: 'profile.phoneTaken' }]);
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ phone: body.phone, updated_at: now.toISOString() })
          .where('id', '=', caller.userId)
          .execute();
        await recordAudit(
          trx,
          { caller, requestId, at: now },
          {
            action: 'user.bindPhone',
            entity: 'user',
            entityId: caller.userId,
            summary: `security phone ${maskPhone(caller.phone)} -> ${maskPhone(body.phone)}`,
            params: { phone: maskPhone(body.phone) },
          },
        );
      });
      const info = await loadUserInfo(app.db, caller.userId, caller.role);
      if (!info) throw fail.notFound('user.notFound');
      return info;
    },
  }),
];
