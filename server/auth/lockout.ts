import type { Kysely } from 'kysely';
import type { LockoutRule } from '../config';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { serializeOn } from '../db/serialize';
import { type ApiError, fail } from '../http/errors';

/** Who is trying whose password: the phone, and the client address it comes from. */
export interface PasswordAttempt {
  phone: string;
  client: string;
}

/** client_address of a lock that holds for every address. */
const EVERY_CLIENT = '*';

export function lockedOut(ms: number): ApiError {
  return fail.tooMany('auth.locked', { minutes: Math.max(1, Math.ceil(ms / 60000)) });
}

/**
 * A password check under the lockout (sign-in, change of password). Refused with 429 while the
 * phone is locked for this client, without looking at the password; a wrong password counts;
 * the right one forgets this client's failures. Answers whether the password was right and, when
 * it was not, how long this failure has locked the phone for (0: not locked).
 */
export async function checkPassword(
  app: AppContext,
  attempt: PasswordAttempt,
  verify: () => Promise<boolean>,
  /**
   * `later`: the caller forgets the failures itself (`forgetFailures`) in a transaction of its
   * own, on every path once the password was right (sign-in: with the session it writes).
   */
  { forget = 'now' }: { forget?: 'now' | 'later' } = {},
): Promise<{ right: true } | { right: false; lockedMs: number }> {
  const rule = app.config.lockout;
  const now = app.clock.now();
  const wait = await claimAttempt(app.db, rule, attempt, now);
  if (wait > 0) throw lockedOut(wait);
  if (await verify()) {
    if (forget === 'now') await app.db.transaction().execute((trx) => forgetFailures(trx, attempt));
    return { right: true };
  }
  return { right: false, lockedMs: await settleFailure(app.db, rule, attempt, now) };
}

/**
 * The phone's locks for this client and for every client, and the failures that count under
 * each, in one statement: inside a sign-in's transaction every round trip holds a pooled
 * connection (on PostgreSQL, under load, each waited its turn), and this was three.
 */
async function lockState(db: Kysely<Database>, rule: LockoutRule, attempt: PasswordAttempt, now: Date) {
  const windowStart = new Date(now.getTime() - rule.windowMs).toISOString();
  const row = await db
    .selectNoFrom((eb) => {
      const lockOf = (client: string) =>
        eb
          .selectFrom('login_locks')
          .select('locked_until')
          .where('phone', '=', attempt.phone)
          .where('client_address', '=', client);
      // Failures inside the window and after the lock (if any) ended; '' sorts before any time.
      const failures = (clientOnly: boolean) => {
        let query = eb
          .selectFrom('login_failures')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('phone', '=', attempt.phone)
          .where('failed_at', '>', windowStart)
          .where('failed_at', '>', (e) =>
            e.fn.coalesce(lockOf(clientOnly ? attempt.client : EVERY_CLIENT), e.val('')),
          );
        if (clientOnly) query = query.where('client_address', '=', attempt.client);
        return query;
      };
      return [
        lockOf(attempt.client).as('client_lock'),
        lockOf(EVERY_CLIENT).as('phone_lock'),
        failures(true).as('from_client'),
        failures(false).as('from_all'),
      ];
    })
    .executeTakeFirstOrThrow();
  const remaining = Math.max(
    0,
    ...[row.client_lock, row.phone_lock].map((until) => (until ? Date.parse(until) - now.getTime() : 0)),
  );
  return { remaining, fromClient: Number(row.from_client), fromAll: Number(row.from_all) };
}

/**
 * Claims one attempt before the password is checked, counted as a failure until
 * `forgetFailures` releases it. Guesses sent in parallel all pass a plain "is it locked?" read
 * before any of them fails, so the claim is what keeps them to the limit. Answers the
 * milliseconds the caller must wait, or 0 to go ahead.
 */
async function claimAttempt(
  db: Kysely<Database>,
  rule: LockoutRule,
  attempt: PasswordAttempt,
  now: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Parallel guesses at one phone take turns here, each seeing the claims before it.
    await serializeOn(trx, `login:${attempt.phone}`);
    const state = await lockState(trx, rule, attempt, now);
    if (state.remaining > 0) return state.remaining;
    if (state.fromClient >= rule.perClient || state.fromAll >= rule.perPhone) return rule.lockMs;
    await trx
      .insertInto('login_failures')
      .values({ phone: attempt.phone, client_address: attempt.client, failed_at: now.toISOString() })
      .execute();
    return 0;
  });
}

/**
 * After a wrong password (its claim stays a failure): locks the phone for this client, or for
 * every client, when a limit is reached; answers the lock's length, or 0. Also drops failures
 * and locks too old to matter, for every phone: rows for phones nobody owns cannot pile up.
 */
async function settleFailure(
  db: Kysely<Database>,
  rule: LockoutRule,
  attempt: PasswordAttempt,
  now: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await serializeOn(trx, `login:${attempt.phone}`);
    const windowStart = new Date(now.getTime() - rule.windowMs).toISOString();
    await trx.deleteFrom('login_failures').where('failed_at', '<=', windowStart).execute();
    await trx.deleteFrom('login_locks').where('locked_until', '<=', windowStart).execute();
    const state = await lockState(trx, rule, attempt, now);
    const client =
      state.fromAll >= rule.perPhone
        ? EVERY_CLIENT
        : state.fromClient >= rule.perClient
          ? attempt.client
          : null;
    if (client === null) return 0;
    const lockedUntil = new Date(now.getTime() + rule.lockMs).toISOString();
    await trx
      .insertInto('login_locks')
      .values({ phone: attempt.phone, client_address: client, locked_until: lockedUntil })
      .onConflict((oc) => oc.columns(['phone', 'client_address']).doUpdateSet({ locked_until: lockedUntil }))
      .execute();
    return rule.lockMs;
  });
}

/** After the right password: this client's failures and lock are forgotten (not other clients'). */
/**
 * The right password: this client's failures and lock for the phone go. Call it in a transaction
 * (one write, not two: on SQLite each write waits its turn behind whatever else is writing).
 */
export async function forgetFailures(db: Kysely<Database>, attempt: PasswordAttempt): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('phone', '=', attempt.phone)
    .where('client_address', '=', attempt.client)
    .execute();
  await db
    .deleteFrom('login_locks')
    .where('phone', '=', attempt.phone)
    .where('client_address', '=', attempt.client)
    .execute();
}

/** The password was replaced (reset by SMS, by an administrator): every failure and lock goes. */
export async function clearFailures(db: Kysely<Database>, phone: string): Promise<void> {
  await db.deleteFrom('login_failures').where('phone', '=', phone).execute();
  await db.deleteFrom('login_locks').where('phone', '=', phone).execute();
}
