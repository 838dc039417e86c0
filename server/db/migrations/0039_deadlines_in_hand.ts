import { type Kysely, sql } from 'kysely';

/**
 * The deadlines in someone's hands (issue 20, server/deadlines/in-hand.ts), each read by an index
 * at a million cases: a firm's pushes waiting for its answer, oldest first (the firm's index of
 * 0001 is by push day alone, so it walked every push the firm ever answered), and the cases
 * flagged 委托已到期 waiting for operations (a partial index: only flagged cases are in it).
 * Written as it shipped: a migration never changes after that.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('case_pushes_firm_waiting_idx')
    .on('case_pushes')
    .columns(['law_firm_id', 'push_status', 'pushed_at'])
    .execute();
  await db.schema
    .createIndex('cases_entrust_flagged_idx')
    .on('cases')
    .columns(['entrust_expired_on', 'status'])
    .where(sql.ref('entrust_expired_on'), 'is not', null)
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('cases_entrust_flagged_idx').execute();
  await db.schema.dropIndex('case_pushes_firm_waiting_idx').execute();
}
