import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** 5 wrong passwords for one phone within 15 minutes lock that phone for 15 minutes. */
export const LOCKOUT = { maxFailures: 5, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 } as const;

/** Milliseconds left on a lock, or 0 when the phone may try. */
export async function lockRemainingMs(db: Kysely<Database>, phone: string, now: Date): Promise<number> {
  const lock = await db
    .selectFrom('login_locks')
    .select('locked_until')
    .where('phone', '=', phone)
    .executeTakeFirst();
  if (!lock) return 0;
  return Math.max(0, Date.parse(lock.locked_until) - now.getTime());
}

/** Records a wrong password; answers whether this failure locked the phone. */
export async function recordFailure(db: Kysely<Database>, phone: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.insertInto('login_failures').values({ phone, failed_at: now.toISOString() }).execute();
    const since = new Date(now.getTime() - LOCKOUT.windowMs).toISOString();
    const { count } = await trx
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('phone', '=', phone)
      .where('failed_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(count) < LOCKOUT.maxFailures) return false;
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
