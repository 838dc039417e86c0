import type { Kysely } from 'kysely';
import { maskPhone } from '../../contract/access';
import type { LoginResponse } from '../../contract/auth';
import { CODES } from '../../contract/codes';
import type { Role } from '../../contract/roles';
import { recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import { urgently } from '../db/pg-priority';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { checkPassword, forgetFailures, lockedOut } from './lockout';
import { decoyPasswordHash, verifyPassword } from './passwords';
import { createSession } from './sessions';
import { loadUserInfo } from './user-info';

const wrongPair = () => new ApiError(400, CODES.validation, 'auth.wrongPassword');

/**
 * Sign-in. The same answer for an unknown phone and a wrong password; a locked phone is
 * refused even with the right password; the review gate is checked only after the password,
 * so it reveals nothing to someone who does not know it.
 */
export function login(
  app: AppContext,
  phone: string,
  password: string,
  meta: { ip: string; userAgent: string | null; requestId: string },
): Promise<LoginResponse> {
  // Someone waits at the door: on PostgreSQL its statements are served before queued ones.
  return urgently(() => signIn(app, phone, password, meta));
}

async function signIn(
  app: AppContext,
  phone: string,
  password: string,
  meta: { ip: string; userAgent: string | null; requestId: string },
): Promise<LoginResponse> {
  const now = app.clock.now();
  const user = await app.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'enabled', 'role', 'law_firm_id'])
    .where('phone', '=', phone)
    .executeTakeFirst();
  const who = { phone, client: meta.ip };
  const attempt = await checkPassword(
    app,
    who,
    async () => verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash())),
    { forget: 'later' },
  );
  if (!user || !attempt.right) {
    await recordAudit(
      app.db,
      { caller: null, requestId: meta.requestId, at: now, actorId: user?.id ?? null },
      {
        action: 'login.failed',
        entity: 'user',
        entityId: user?.id ?? null,
        summary: `wrong password for ${maskPhone(phone)}`,
        params: { phone: maskPhone(phone) },
      },
    );
    if (!attempt.right && attempt.lockedMs > 0) throw lockedOut(attempt.lockedMs);
    throw wrongPair();
  }

  // The right password is no failure, even when the account may not sign in yet. The review
  // gate, the failures forgotten, the session, its audit row and the profile it answers are one
  // transaction: on SQLite every write waits its turn behind whatever else is writing (a bulk
  // job's batch), and on PostgreSQL every statement outside a transaction waits for a pooled
  // connection again; a sign-in had five such turns, now two (the attempt's claim before the
  // password is checked, and this). A gate that refuses rolls it back; the failures are then
  // forgotten on their own.
  const role = user.role as Role;
  let session: { token: string; expiresAt: string; userInfo: LoginResponse['userInfo'] };
  try {
    session = await app.db.transaction().execute(async (trx) => {
      if (user.enabled !== 1) throw new ApiError(403, CODES.forbidden, 'auth.accountDisabled');
      await assertReviewed(trx, user.id, role, user.law_firm_id);
      await forgetFailures(trx, who);
      const created = await createSession(app, user.id, role, meta, trx);
      await recordAudit(
        trx,
        { caller: null, requestId: meta.requestId, at: now, actorId: user.id },
        {
          action: 'login',
          entity: 'session',
          entityId: user.id,
          summary: `signed in as ${role}`,
          params: { role },
        },
      );
      const userInfo = await loadUserInfo(trx, user.id, role);
      if (!userInfo) throw new Error('user vanished during login');
      return { ...created, userInfo };
    });
  } catch (err) {
    if (err instanceof ApiError) await app.db.transaction().execute((trx) => forgetFailures(trx, who));
    throw err;
  }
  return { token: session.token, expiresAt: session.expiresAt, userInfo: session.userInfo };
}

/** New law firms and lawyers wait for review; they may sign in only once passed, and not while suspended. */
async function assertReviewed(db: Kysely<Database>, userId: number, role: Role, lawFirmId: number | null) {
  let review:
    | {
        review_status: string;
        review_reason: string | null;
        suspend_reason: string | null;
        suspended_at: string | null;
      }
    | undefined;
  if (role === 'lawyer') {
    review = await db
      .selectFrom('lawyers')
      .select(['review_status', 'review_reason', 'suspended_at', 'suspend_reason'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  } else if (role === 'lawfirmContactPerson' && lawFirmId !== null) {
    review = await db
      .selectFrom('law_firms')
      .select(['review_status', 'review_reason', 'suspended_at', 'suspend_reason'])
      .where('id', '=', lawFirmId)
      .executeTakeFirst();
  }
  // A suspended firm's contact or a suspended lawyer stays out until the suspension is lifted.
  if (review?.suspended_at) {
    throw new ApiError(403, CODES.accountNotReviewed, 'auth.accountSuspended', {
      reason: review.suspend_reason ?? '',
    });
  }
  if (!review || review.review_status === 'passed') return;
  if (review.review_status === 'rejected') {
    throw new ApiError(403, CODES.accountNotReviewed, 'auth.accountRejected', {
      reason: review.review_reason ?? '',
    });
  }
  throw new ApiError(403, CODES.accountNotReviewed, 'auth.accountAuditing');
}
