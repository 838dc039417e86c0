import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The kinds of deadline the sweep acts on (the `kind` of `deadline_acts`). */
export type DeadlineKind =
  | 'push.unanswered'
  | 'entrust.warning'
  | 'entrust.expired'
  | 'court.session'
  | 'plans.overdue';

const OWNER = `${hostname()} ${process.pid}`;

/**
 * Claims one occurrence of a deadline inside the transaction that acts on it: an insert keyed
 * (kind, subject, occurrence). Exactly one transaction's insert wins, whichever process or host
 * runs it (PostgreSQL makes a second insert of the key wait for the first to commit, then do
 * nothing; SQLite runs one writing transaction at a time); a transaction that rolls back gives
 * its claim back with the rest of its work. True when this transaction acts.
 */
export async function claimAct(
  trx: Kysely<Database>,
  act: { kind: DeadlineKind; subject: string | number; occurrence: string | number },
  now: Date,
): Promise<boolean> {
  const claimed = await trx
    .insertInto('deadline_acts')
    .values({
      kind: act.kind,
      subject: String(act.subject),
      occurrence: String(act.occurrence),
      acted_at: now.toISOString(),
      owner: OWNER,
    })
    .onConflict((oc) => oc.columns(['kind', 'subject', 'occurrence']).doNothing())
    .executeTakeFirst();
  return Number(claimed.numInsertedOrUpdatedRows ?? 0) === 1;
}
