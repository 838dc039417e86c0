import type { LoginResponse } from '../../contract/auth';
import { CODES } from '../../contract/codes';
import type { Role } from '../../contract/roles';
import { recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import { ApiError, fail } from '../http/errors';
import { loadUserInfo } from '../users/user-info';
import { claimAttempt, clearFailures, LOCKOUT, settleFailure } from './lockout';
import { decoyPasswordHash, verifyPassword } from './passwords';
import { createSession } from './sessions';

const wrongPair = () => new ApiError(400, CODES.validation, 'auth.wrongPassword');
const locked = (ms: number) => fail.tooMany('auth.locked', { minutes: Math.max(1, Math.ceil(ms / 60000)) });

/**
 * Sign-in. The same answer for an unknown phone and a wrong password; a locked phone is
 * refused even with the right password; the review gate is checked only after the password,
 * so it reveals nothing to someone who does not know it.
 */
export async function login(
  app: AppContext,
  phone: string,
  password: string,
  meta: { ip: string | null; userAgent: string | null; requestId: string },
): Promise<LoginResponse> {
  const now = app.clock.now();
  const wait = await claimAttempt(app.db, phone, now);
  if (wait > 0) throw locked(wait);

  const user = await app.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'enabled', 'role', 'law_firm_id'])
    .where('phone', '=', phone)
    .executeTakeFirst();
  const ok = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash()));
  if (!user || !ok) {
    const nowLocked = await settleFailure(app.db, phone, now);
    await recordAudit(
      app.db,
      { caller: null, requestId: meta.requestId, at: now, actorId: user?.id ?? null },
      {
        action: 'login.failed',
        entity: 'user',
        entityId: user?.id ?? null,
        summary: `wrong password for ${maskPhone(phone)}`,
      },
    );
    if (nowLocked) throw locked(LOCKOUT.lockMs);
    throw wrongPair();
  }

  // The right password is no failure, even when the account may not sign in yet.
  await clearFailures(app.db, phone);
  if (user.enabled !== 1) throw new ApiError(403, CODES.forbidden, 'auth.accountDisabled');
  await assertReviewed(app, user.id, user.role as Role, user.law_firm_id);

  const role = user.role as Role;
  const session = await createSession(app, user.id, role, meta);
  await recordAudit(
    app.db,
    { caller: null, requestId: meta.requestId, at: now, actorId: user.id },
    {
      action: 'login',
      entity: 'session',
      entityId: user.id,
      summary: `signed in as ${role}`,
    },
  );
  const userInfo = await loadUserInfo(app.db, user.id, role);
  if (!userInfo) throw new Error('user vanished during login');
  return { token: session.token, expiresAt: session.expiresAt, userInfo };
}

/** New law firms and lawyers wait for review; they may sign in only once passed. */
async function assertReviewed(app: AppContext, userId: number, role: Role, lawFirmId: number | null) {
  let review: { review_status: string; review_reason: string | null } | undefined;
  if (role === 'lawyer') {
    review = await app.db
      .selectFrom('lawyers')
      .select(['review_status', 'review_reason'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  } else if (role === 'lawfirmContactPerson' && lawFirmId !== null) {
    review = await app.db
      .selectFrom('law_firms')
      .select(['review_status', 'review_reason'])
      .where('id', '=', lawFirmId)
      .executeTakeFirst();
  }
  if (!review || review.review_status === 'passed') return;
  if (review.review_status === 'rejected') {
    throw new ApiError(403, CODES.accountNotReviewed, 'auth.accountRejected', {
      reason: review.review_reason ?? '',
    });
  }
  throw new ApiError(403, CODES.accountNotReviewed, 'auth.accountAuditing');
}

export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '***';
}
