import { type AuditEntry, recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import type { Caller } from '../http/route';
import { clearFailures } from './lockout';
import { hashPassword } from './passwords';
import { revokeUserSessions } from './sessions';

/**
 * The one way a password is stored. Every route that sets one comes through here:
 * registration (a new account, a reset by SMS code), account management (a new account, a
 * random password) and the caller's own change. A new account's hash is made before its
 * transaction (`newAccountPasswordHash`: scrypt takes a tenth of a second, never inside a
 * transaction); an existing account's password changes with `setPassword`, which also ends its
 * sessions, writes the audit row and lifts a sign-in lock, all in one place.
 * tests/unit/one-door.test.ts fails when another file hashes a password.
 */

/** The stored hash of a new account's first password. */
export function newAccountPasswordHash(password: string): Promise<string> {
  return hashPassword(password);
}

export interface PasswordChange {
  userId: number;
  /** The account's phone: a sign-in lock earned with the old password is lifted. */
  phone: string;
  password: string;
  /** Who changes it: the caller (null for an anonymous reset), and the actor when there is no caller. */
  who: { caller: Caller | null; requestId: string | null; actorId?: number | null };
  /** The audit row (action, summary, params); entity and id are the user's. */
  audit: Omit<AuditEntry, 'entity' | 'entityId'>;
  /**
   * The session that stays signed in: the caller's own when they changed their own password.
   * Every other session of the account ends (the old password may have leaked).
   */
  keepSessionId?: number;
}

/** Replaces an account's password: hash, store, end its other sessions, audit, lift a lock. */
export async function setPassword(app: AppContext, change: PasswordChange): Promise<void> {
  const hash = await hashPassword(change.password);
  const at = app.clock.now();
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: at.toISOString() })
      .where('id', '=', change.userId)
      .execute();
    await revokeUserSessions(trx, change.userId, at, change.keepSessionId);
    await recordAudit(
      trx,
      { ...change.who, at },
      { ...change.audit, entity: 'user', entityId: change.userId },
    );
  });
  await clearFailures(app.db, change.phone);
}
