import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** 5 wrong passwords for one phone within 15 minutes lock that phone for 15 minutes. */
export const LOCKOUT = { maxFailures: 5, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 } as const;

async function lockRemainingMs(db: Kysely<Database>, phone: string, now: Date): Promise<number> {
  const lock = await db
    .selectFrom('login_locks')
    .select('locked_until')
    .where('phone', '=', phone)
    .executeTakeFirst();
  if (!lock) return 0;
  return Math.max(0, Date.parse(lock.locked_until) - now.getTime());
}

async function failuresInWindow(db: Kysely<Database>, phone: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - LOCKOUT.windowMs).toISOString();
  const { count } = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('phone', '=', phone)
    .where('failed_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Claims one of the window's attempts before the password is checked, counted as a failure
 * until `clearFailures` releases it. Guesses sent in parallel all pass a plain "is it locked?"
 * read before any of them fails, so the claim is what keeps them to five. Answers the
 * milliseconds the caller must wait, or 0 to go ahead.
 */
export async function claimAttempt(db: Kysely<Database>, phone: string, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const remaining = await lockRemainingMs(trx, phone, now);
    if (remaining > 0) return remaining;
    if ((await failuresInWindow(trx, phone, now)) >= LOCKOUT.maxFailures) return LOCKOUT.lockMs;
    await trx.insertInto('login_failures').values({ phone, failed_at: now.toISOString() }).execute();
    return 0;
  });
}

/** After a wrong password (its claim stays a failure): answers whether the phone is now locked. */
export async function settleFailure(db: Kysely<Database>, phone: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if ((await failuresInWindow(trx, phone, now)) < LOCKOUT.maxFailures) return false;
    const lockedUntil = new Date(now.getTime() + LOCKOUT.lockMs).toISOString();
    await trx
      .insertInto('login_locks')
      .values({ phone, locked_until: lockedUntil })
      .onConflict((oc) => oc.column('phone').doUpdateSet({ locked_until: lockedUntil }))
      .execute();
    // The lock now carries the penalty; a fresh window starts when it ends.
    await trx.deleteFrom('login_failures').where('phone', '=', phone).execute();
    return true;
  });
}

export async function clearFailures(db: Kysely<Database>, phone: string): Promise<void> {
  await db.deleteFrom('login_failures').where('phone', '=', phone).execute();
  await db.deleteFrom('login_locks').where('phone', '=', phone).execute();
}
