import { type Kysely, sql } from 'kysely';
import { afterCopyWithIds, idColumn } from './portable';

/**
 * A ledger, not a number (issue 19). The claim is split into principal, interest, penalty
 * interest and fees on the case, beside the outstanding amount per part and in total (kept in the
 * transaction of every entry, so the lists sort and filter by it). `ledger_entries` holds every
 * repayment, reversal, charge and waiver with its allocation over the parts; a repayment is
 * reversed at most once (unique `reverses_id`).
 *
 * Existing cases: the whole claim is principal, outstanding the amount less the repayments (never
 * below 0). Existing repayments become repayment entries with their ids, allocated to principal.
 * `repayments` becomes a view of the repayment entries not reversed, so the readers that sum them
 * (statistics, dashboards) count what was really repaid. Written as it shipped: a migration never
 * changes after that.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

const CASE_COLUMNS = [
  'claim_principal_fen',
  'claim_interest_fen',
  'claim_penalty_fen',
  'claim_fees_fen',
  'outstanding_principal_fen',
  'outstanding_interest_fen',
  'outstanding_penalty_fen',
  'outstanding_fees_fen',
  'outstanding_fen',
];

const CASE_INDEXES: ReadonlyArray<readonly [string, string[]]> = [
  ['cases_outstanding_idx', ['outstanding_fen']],
  ['cases_status_outstanding_idx', ['status', 'outstanding_fen']],
];

const REPAYMENTS_VIEW = sql`create view repayments as
  select e.id, e.case_id, e.amount_fen, e.booked_on as repaid_on, e.note, e.created_at,
    e.channel, e.voucher_attachment_id, e.created_by
  from ledger_entries e
  where e.kind = 'repayment'
    and not exists (select 1 from ledger_entries r where r.reverses_id = e.id)`;

export async function up(db: Db): Promise<void> {
  for (const column of CASE_COLUMNS) {
    await db.schema
      .alterTable('cases')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema.alterTable('cases').addColumn('allocation_order', 'text').execute();
  await db.schema.alterTable('cases').addColumn('allocation_order_reason', 'text').execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('repayment', 'reversal', 'charge', 'waiver')`),
    )
    .addColumn('amount_fen', 'bigint', (c) => c.notNull().check(sql`amount_fen > 0`))
    .addColumn('booked_on', 'text', (c) => c.notNull())
    .addColumn('principal_fen', 'bigint', (c) => c.notNull().check(sql`principal_fen >= 0`))
    .addColumn('interest_fen', 'bigint', (c) => c.notNull().check(sql`interest_fen >= 0`))
    .addColumn('penalty_fen', 'bigint', (c) => c.notNull().check(sql`penalty_fen >= 0`))
    .addColumn('fees_fen', 'bigint', (c) => c.notNull().check(sql`fees_fen >= 0`))
    .addColumn('reverses_id', 'integer', (c) => c.references('ledger_entries.id'))
    .addColumn('reason', 'text')
    .addColumn('channel', 'text', (c) =>
      c.check(sql`channel in ('bankTransfer', 'corporateAccount', 'thirdParty', 'other')`),
    )
    .addColumn('voucher_attachment_id', 'integer', (c) =>
      c.references('case_attachments.id').onDelete('set null'),
    )
    .addColumn('note', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_entries_case_idx')
    .on('ledger_entries')
    .columns(['case_id', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_reverses_idx')
    .on('ledger_entries')
    .columns(['reverses_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('ledger_entries_booked_idx')
    .on('ledger_entries')
    .columns(['kind', 'booked_on', 'amount_fen'])
    .execute();

  await sql`insert into ledger_entries
      (id, case_id, kind, amount_fen, booked_on, principal_fen, interest_fen, penalty_fen, fees_fen, note, created_at)
    select id, case_id, 'repayment', amount_fen, repaid_on, amount_fen, 0, 0, 0, note, created_at
    from repayments order by id`.execute(db);
  await afterCopyWithIds(db, 'ledger_entries');

  await sql`update cases set claim_principal_fen = amount_fen,
    outstanding_principal_fen = case when amount_fen > coalesce((select sum(r.amount_fen) from repayments r where r.case_id = cases.id), 0)
      then amount_fen - coalesce((select sum(r.amount_fen) from repayments r where r.case_id = cases.id), 0) else 0 end`.execute(
    db,
  );
  await sql`update cases set outstanding_fen = outstanding_principal_fen`.execute(db);
  for (const [name, columns] of CASE_INDEXES) {
    await db.schema.createIndex(name).on('cases').columns(columns).execute();
  }

  await db.schema.dropTable('repayments').execute();
  await REPAYMENTS_VIEW.execute(db);
}

export async function down(db: Db): Promise<void> {
  await sql`drop view repayments`.execute(db);
  await db.schema
    .createTable('repayments')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('amount_fen', 'bigint', (c) => c.notNull().check(sql`amount_fen > 0`))
    .addColumn('repaid_on', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('repayments_case_idx').on('repayments').columns(['case_id']).execute();
  await db.schema
    .createIndex('repayments_repaid_on_idx')
    .on('repayments')
    .columns(['repaid_on', 'amount_fen'])
    .execute();
  await sql`insert into repayments (id, case_id, amount_fen, repaid_on, note, created_at)
    select e.id, e.case_id, e.amount_fen, e.booked_on, e.note, e.created_at from ledger_entries e
    where e.kind = 'repayment' and not exists (select 1 from ledger_entries r where r.reverses_id = e.id)
    order by e.id`.execute(db);
  await afterCopyWithIds(db, 'repayments');
  await db.schema.dropTable('ledger_entries').execute();
  for (const [name] of CASE_INDEXES) await db.schema.dropIndex(name).execute();
  for (const column of [...CASE_COLUMNS, 'allocation_order', 'allocation_order_reason']) {
    await db.schema.alterTable('cases').dropColumn(column).execute();
  }
}
