import { type Kysely, sql } from 'kysely';

/**
 * A case sent back by review has a position of its own, `returned` (issue 18): until now RETURN
 * left it `awaitingReview` with a `return_reason`, so it looked exactly like a new case. The
 * cases returned before this migration move there (their version goes up: the state they were
 * read in has changed); RESUBMIT sends a corrected one back to `awaitingReview`. `down` puts
 * them back where RETURN used to leave them. The names are written here as they were when this
 * shipped (a migration never changes after that).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db
    .updateTable('cases')
    .set({ position: 'returned', version: sql`version + 1` })
    .where('status', '=', 'pending')
    .where('position', '=', 'awaitingReview')
    .where('return_reason', 'is not', null)
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db
    .updateTable('cases')
    .set({ position: 'awaitingReview', version: sql`version + 1` })
    .where('status', '=', 'pending')
    .where('position', '=', 'returned')
    .execute();
}
