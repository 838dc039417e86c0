import { type Kysely, sql } from 'kysely';
import { afterCopyWithIds, idColumn } from './portable';

/**
 * A case's whole journey (issue 8):
 * - `cases.position`: where a pending case stands (awaitingReview, pool, pushed, accepted), the
 *   case status machine's nested state; null for the other statuses. `return_reason` is why
 *   review sent it back to intake; `created_by` who entered it (review's decision reaches them).
 *   Pending cases of before are approved: in the pool, or pushed to / accepted by their firm.
 * - `case_pushes` follow the events: pushed, accepted, declined (with the firm's reason),
 *   withdrawn; the old pending/rejected are pushed/declined.
 * - `messages` carry what happened as a message key with parameters and a link, rendered in the
 *   reader's language; `audit_log.params` does the same for the audit trail. Old rows keep their
 *   stored text.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

/**
 * case_pushes again with another set of statuses in its CHECK (SQLite cannot alter one): the
 * rows copied over with their statuses mapped; `reason` and `answered_at` exist from 0010 on.
 */
async function rebuildPushes(db: Db, statuses: string[], map: Record<string, string>): Promise<void> {
  const withAnswers = statuses.includes('declined');
  await db.schema.alterTable('case_pushes').renameTo('case_pushes_old').execute();
  let table = db.schema
    .createTable('case_pushes')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('law_firm_id', 'integer', (c) => c.notNull().references('law_firms.id'))
    .addColumn('pushed_at', 'text', (c) => c.notNull())
    .addColumn('push_status', 'text', (c) =>
      c.notNull().check(sql`push_status in (${sql.join(statuses.map((st) => sql.lit(st)))})`),
    )
    .addColumn('operator_id', 'integer', (c) => c.references('users.id'));
  if (withAnswers) table = table.addColumn('reason', 'text').addColumn('answered_at', 'text');
  await table.execute();
  const status = sql`case push_status ${sql.join(
    Object.entries(map).map(([from, to]) => sql`when ${sql.lit(from)} then ${sql.lit(to)}`),
    sql` `,
  )} end`;
  await db
    .insertInto('case_pushes')
    .columns(['id', 'case_id', 'law_firm_id', 'pushed_at', 'push_status', 'operator_id'])
    .expression(
      db
        .selectFrom('case_pushes_old')
        .select(['id', 'case_id', 'law_firm_id', 'pushed_at', status.as('push_status'), 'operator_id']),
    )
    .execute();
  await afterCopyWithIds(db, 'case_pushes');
  await db.schema.dropTable('case_pushes_old').execute();
  await db.schema.createIndex('case_pushes_case_idx').on('case_pushes').columns(['case_id']).execute();
  await db.schema
    .createIndex('case_pushes_firm_idx')
    .on('case_pushes')
    .columns(['law_firm_id', 'pushed_at'])
    .execute();
  await db.schema.createIndex('case_pushes_pushed_idx').on('case_pushes').columns(['pushed_at']).execute();
}

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('cases').addColumn('position', 'text').execute();
  await db.schema.alterTable('cases').addColumn('return_reason', 'text').execute();
  await db.schema.alterTable('cases').addColumn('created_by', 'integer').execute();
  await db.schema.alterTable('messages').addColumn('kind', 'text').execute();
  await db.schema.alterTable('messages').addColumn('params', 'text').execute();
  await db.schema.alterTable('messages').addColumn('link', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('params', 'text').execute();

  await rebuildPushes(db, ['pushed', 'accepted', 'declined', 'withdrawn'], {
    pending: 'pushed',
    accepted: 'accepted',
    rejected: 'declined',
  });

  await db
    .updateTable('cases')
    .set({ position: 'pool' })
    .where('status', '=', 'pending')
    .where('law_firm_id', 'is', null)
    .execute();
  await db
    .updateTable('cases')
    .set({
      position: sql`case when exists (select 1 from case_pushes p where p.case_id = cases.id and p.law_firm_id = cases.law_firm_id and p.push_status = 'accepted') then 'accepted' else 'pushed' end`,
    })
    .where('status', '=', 'pending')
    .where('law_firm_id', 'is not', null)
    .execute();

  // The pool a lawyer reads (position, then firm) and the review queue, newest first.
  await db.schema
    .createIndex('cases_position_idx')
    .on('cases')
    .columns(['position', 'law_firm_id', 'created_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('cases_position_idx').execute();
  await rebuildPushes(db, ['pending', 'accepted', 'rejected'], {
    pushed: 'pending',
    accepted: 'accepted',
    declined: 'rejected',
    withdrawn: 'rejected',
  });
  for (const [table, column] of [
    ['audit_log', 'params'],
    ['messages', 'link'],
    ['messages', 'params'],
    ['messages', 'kind'],
    ['cases', 'created_by'],
    ['cases', 'return_reason'],
    ['cases', 'position'],
  ] as const) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
