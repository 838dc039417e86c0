import { z } from 'zod';
import { passwordSchema } from '../../contract/account-rules';
import {
  loginRequestSchema,
  loginResponseSchema,
  switchRoleRequestSchema,
  userInfoSchema,
} from '../../contract/auth';
import { refuseBadText } from '../../contract/text';
import { recordAudit } from '../audit/audit';
import { fail } from '../http/errors';
import { defineRoute } from '../http/route';
import { checkPassword, lockedOut } from './lockout';
import { login } from './login';
import { verifyPassword } from './passwords';
import { revokeSession } from './sessions';
import { setPassword } from './set-password';
import { loadUserInfo } from './user-info';

const changePasswordSchema = z.object({
  oldPassword: z.string().min(1, 'rule.passwordRequired').max(128).superRefine(refuseBadText()),
  newPassword: passwordSchema,
});

export const authRoutes = [
  defineRoute({
    method: 'POST',
    url: '/login',
    throttle: 'login',
    summary: 'Sign in with phone and password',
    tags: ['auth'],
    access: 'public',
    body: loginRequestSchema,
    response: loginResponseSchema,
    handler: ({ app, body, ip, userAgent, requestId }) =>
      login(app, body.phone, body.password, { ip, userAgent, requestId }),
  }),

  defineRoute({
    method: 'POST',
    url: '/logout',
    summary: 'Revoke the current session',
    tags: ['auth'],
    access: 'signedIn',
    response: z.null(),
    handler: async ({ app, caller, requestId }) => {
      const at = app.clock.now();
      await app.db.transaction().execute(async (trx) => {
        await revokeSession(trx, caller.sessionId, at);
        await recordAudit(
          trx,
          { caller, requestId, at },
          {
            action: 'logout',
            entity: 'session',
            entityId: caller.sessionId,
            summary: 'signed out',
          },
        );
      });
      return null;
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/user/info',
    summary: "The caller's user info",
    tags: ['auth'],
    access: 'signedIn',
    response: userInfoSchema,
    handler: async ({ app, caller }) => {
      const info = await loadUserInfo(app.db, caller.userId, caller.role);
      if (!info) throw fail.notFound('user.notFound');
      return info;
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/user/switch-role',
    summary: 'Switch the active role of this session (users holding several roles)',
    tags: ['auth'],
    access: 'signedIn',
    body: switchRoleRequestSchema,
    response: userInfoSchema,
    handler: async ({ app, caller, body, requestId }) => {
      if (!caller.roles.includes(body.role)) throw fail.forbidden('auth.roleNotHeld');
      const at = app.clock.now();
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sessions')
          .set({ role: body.role })
          .where('id', '=', caller.sessionId)
          .execute();
        await recordAudit(
          trx,
          { caller, requestId, at },
          {
            action: 'session.switchRole',
            entity: 'session',
            entityId: caller.sessionId,
            summary: `${caller.role} -> ${body.role}`,
            params: { fromRole: caller.role, role: body.role },
          },
        );
      });
      const info = await loadUserInfo(app.db, caller.userId, body.role);
      if (!info) throw fail.notFound('user.notFound');
      return info;
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/user/change-password',
    throttle: 'passwordChange',
    summary: "Change the caller's own password; other sessions end",
    tags: ['auth'],
    access: 'signedIn',
    body: changePasswordSchema,
    response: z.null(),
    handler: async ({ app, caller, body, requestId, ip }) => {
      const user = await app.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', caller.userId)
        .executeTakeFirstOrThrow();
      // A stolen session must not become a way to guess the password: same lockout as sign-in.
      const attempt = await checkPassword(app, { phone: caller.phone, client: ip }, () =>
        verifyPassword(body.oldPassword, user.password_hash),
      );
      if (!attempt.right) {
        if (attempt.lockedMs > 0) throw lockedOut(attempt.lockedMs);
        throw fail.field('oldPassword', 'auth.wrongOldPassword');
      }
      await setPassword(app, {
        userId: caller.userId,
        phone: caller.phone,
        password: body.newPassword,
        who: { caller, requestId },
        audit: { action: 'user.changePassword', summary: 'changed own password' },
        keepSessionId: caller.sessionId,
      });
      return null;
    },
  }),
];
