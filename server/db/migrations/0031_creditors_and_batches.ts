import { type Kysely, sql } from 'kysely';
import { createBatchFigureTriggers, dropBatchFigureTriggers } from './0031_batch_figure_triggers';
import { idColumn } from './portable';

/**
 * The creditor's side (issue 20): creditors (委托方) are records, every import is a batch
 * (委托批次) of one creditor, and every case belongs to both (`cases.creditor_id`,
 * `cases.batch_id`).
 *
 * - `creditors`: name unique; the unified social credit code is checked by the API
 *   (contract/credit-code.ts) and may be empty for a creditor that an import or this migration
 *   made from a bare name, until operations fill it in; `reduction_max_percent` null means the
 *   product's REDUCTION_MAX_PERCENT.
 * - `creditor_fee_rates`: each firm's fee for this creditor, in hundredths of a percent
 *   (`rate_bp`, 1250 = 12.5 %), so the settlement computes in integers.
 * - `case_batches`: `batch_no` unique, the creditor, the day of entrustment, who made it and
 *   the import it came from (null for the form's batch of the day and for this migration's).
 * - Summary rows kept by triggers in the transaction of every write to a case or its ledger
 *   (0031_batch_figure_triggers.ts): `batch_figures` (cases, claimed, repaid, outstanding),
 *   `batch_figure_counts` (cases per status, position and firm), `batch_repaid_days` (repaid per
 *   booked day, for the week chart). A batch's and a creditor's figures are read, never counted.
 * - `ledger_entry_holders`: for every repayment and reversal, the firm that held the case and the
 *   case's creditor when it was recorded (the firms' monthly settlement); existing entries get
 *   the case's firm as it stands.
 *
 * Existing cases: every distinct 委托方 text becomes a creditor, and each creditor's cases one
 * batch `MIG-<creditor id>` entrusted on the day its first case was created. The figures are
 * counted once from the cases and the ledger, then the triggers keep them.
 * Written as it shipped: a migration never changes after that.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('creditors')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('credit_code', 'text', (c) => c.unique())
    .addColumn('contact_name', 'text')
    .addColumn('contact_phone', 'text')
    .addColumn('reduction_max_percent', 'integer', (c) =>
      c.check(sql`reduction_max_percent between 0 and 100`),
    )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('creditor_fee_rates')
    .addColumn('creditor_id', 'integer', (c) => c.notNull().references('creditors.id').onDelete('cascade'))
    .addColumn('law_firm_id', 'integer', (c) => c.notNull().references('law_firms.id'))
    .addColumn('rate_bp', 'integer', (c) => c.notNull().check(sql`rate_bp between 0 and 10000`))
    .addPrimaryKeyConstraint('creditor_fee_rates_pk', ['creditor_id', 'law_firm_id'])
    .execute();

  await db.schema
    .createTable('case_batches')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('batch_no', 'text', (c) => c.notNull().unique())
    .addColumn('creditor_id', 'integer', (c) => c.notNull().references('creditors.id'))
    .addColumn('entrusted_on', 'text', (c) => c.notNull())
    .addColumn('import_id', 'integer', (c) => c.references('case_imports.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('case_batches_creditor_idx')
    .on('case_batches')
    .columns(['creditor_id', 'entrusted_on'])
    .execute();
  await db.schema
    .createIndex('case_batches_entrusted_idx')
    .on('case_batches')
    .columns(['entrusted_on'])
    .execute();
  await db.schema.createIndex('case_batches_import_idx').on('case_batches').columns(['import_id']).execute();

  // No foreign key on these two: SQLite cannot drop a column behind one (down), and the write
  // paths always name an existing creditor and batch.
  await db.schema.alterTable('cases').addColumn('creditor_id', 'integer').execute();
  await db.schema.alterTable('cases').addColumn('batch_id', 'integer').execute();

  await db.schema
    .createTable('batch_figures')
    .addColumn('batch_id', 'integer', (c) => c.primaryKey().references('case_batches.id').onDelete('cascade'))
    .addColumn('cases', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('repaid_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('outstanding_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('batch_figure_counts')
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('case_batches.id').onDelete('cascade'))
    .addColumn('dimension', 'text', (c) =>
      c.notNull().check(sql`dimension in ('status', 'position', 'firm')`),
    )
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('cases', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('batch_figure_counts_pk', ['batch_id', 'dimension', 'key'])
    .execute();
  await db.schema
    .createTable('batch_repaid_days')
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('case_batches.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('repaid_fen', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('batch_repaid_days_pk', ['batch_id', 'day'])
    .execute();

  await db.schema
    .createTable('ledger_entry_holders')
    .addColumn('entry_id', 'integer', (c) =>
      c.primaryKey().references('ledger_entries.id').onDelete('cascade'),
    )
    .addColumn('law_firm_id', 'integer')
    .addColumn('creditor_id', 'integer')
    .execute();
  await db.schema
    .createIndex('ledger_entry_holders_firm_idx')
    .on('ledger_entry_holders')
    .columns(['law_firm_id', 'entry_id'])
    .execute();

  await placeExistingCases(db);
  await db.schema.createIndex('cases_creditor_idx').on('cases').columns(['creditor_id']).execute();
  await db.schema.createIndex('cases_batch_idx').on('cases').columns(['batch_id', 'id']).execute();
  await countFigures(db);
  await createBatchFigureTriggers(db);
}

async function placeExistingCases(db: Db): Promise<void> {
  await sql`insert into creditors (name, created_at, updated_at)
    select client_name, min(created_at), min(created_at) from cases group by client_name order by min(created_at), client_name`.execute(
    db,
  );
  await sql`insert into case_batches (batch_no, creditor_id, entrusted_on, created_at)
    select 'MIG-' || cast(id as text), id, substr(created_at, 1, 10), created_at from creditors order by id`.execute(
    db,
  );
  await sql`update cases set creditor_id = (select c.id from creditors c where c.name = cases.client_name)`.execute(
    db,
  );
  await sql`update cases set batch_id = (select b.id from case_batches b where b.creditor_id = cases.creditor_id)`.execute(
    db,
  );
}

/** The figures counted from the cases and the ledger as they stand (the triggers keep them after). */
async function countFigures(db: Db): Promise<void> {
  await sql`insert into batch_figures (batch_id, cases, claimed_fen, repaid_fen, outstanding_fen)
    select b.id, count(c.id), coalesce(sum(c.amount_fen), 0), 0, coalesce(sum(c.outstanding_fen), 0)
    from case_batches b left join cases c on c.batch_id = b.id group by b.id`.execute(db);
  for (const [dimension, key] of [
    ['status', sql`status`],
    ['position', sql`coalesce(position, '')`],
    ['firm', sql`coalesce(cast(law_firm_id as text), '')`],
  ] as const) {
    await sql`insert into batch_figure_counts (batch_id, dimension, key, cases)
      select batch_id, ${sql.lit(dimension)}, ${key}, count(*) from cases where batch_id is not null group by batch_id, ${key}`.execute(
      db,
    );
  }
  await sql`insert into batch_repaid_days (batch_id, day, repaid_fen)
    select c.batch_id, e.booked_on, sum(case when e.kind = 'repayment' then e.amount_fen else -e.amount_fen end)
    from ledger_entries e join cases c on c.id = e.case_id
    where e.kind in ('repayment', 'reversal') and c.batch_id is not null
    group by c.batch_id, e.booked_on`.execute(db);
  await sql`insert into ledger_entry_holders (entry_id, law_firm_id, creditor_id)
    select e.id, c.law_firm_id, c.creditor_id from ledger_entries e join cases c on c.id = e.case_id
    where e.kind in ('repayment', 'reversal')`.execute(db);
  await sql`update batch_figures set repaid_fen = coalesce((select sum(d.repaid_fen) from batch_repaid_days d
    where d.batch_id = batch_figures.batch_id), 0)`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await dropBatchFigureTriggers(db);
  for (const table of ['ledger_entry_holders', 'batch_repaid_days', 'batch_figure_counts', 'batch_figures']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('cases_batch_idx').execute();
  await db.schema.dropIndex('cases_creditor_idx').execute();
  await db.schema.alterTable('cases').dropColumn('batch_id').execute();
  await db.schema.alterTable('cases').dropColumn('creditor_id').execute();
  for (const table of ['case_batches', 'creditor_fee_rates', 'creditors']) {
    await db.schema.dropTable(table).execute();
  }
}
