import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';
import { createBatchFigureTriggers } from './0031_batch_figure_triggers';

/**
 * PostgreSQL only: migration 0031's row triggers on `cases` that keep a batch's summary rows
 * (`batch_figures`, `batch_figure_counts`) become statement triggers over the statement's
 * transition tables, one upsert per summary row, as migration 0037's platform figures are.
 * A row trigger updated a batch's one `batch_figures` row once per case: an import batch of
 * 1,000 cases of one batch made 1,000 versions of that row in one transaction, each update
 * walking the versions before it (quadratic in the cases of a statement), and a bulk job's
 * statements did the same. The figures they keep are the same: a case counted out (old rows)
 * and in (new rows) by batch, sums and counts by status, position and firm. The repayment
 * trigger on `ledger_entries` stays a row trigger (one entry per statement). SQLite keeps its
 * row triggers: an update there changes the row in place.
 * Written as it shipped: a migration never changes after that.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

/** Migration 0031's per-row concerns, as PostgreSQL named them. */
const ROW_CONCERNS = ['sums', 'status', 'position', 'firm'] as const;

const TRIGGERS = ['batch_figures_insert', 'batch_figures_delete', 'batch_figures_update'] as const;

/**
 * A statement's cases counted out (old rows, -1) and in (new rows, +1), upserted in key order so
 * two transactions touching the same summary rows lock them in the same order. A group that nets
 * to nothing is not written (an update that moved none of the figures' columns).
 */
function body(sources: Array<['old_rows' | 'new_rows', 1 | -1]>): string {
  const delta = `with delta as (${sources
    .map(
      ([table, n]) =>
        `select batch_id, amount_fen, outstanding_fen, status, position, law_firm_id, ${n} as n from ${table} where batch_id is not null`,
    )
    .join(' union all ')})`;
  return `begin
    ${delta} insert into batch_figures (batch_id, cases, claimed_fen, repaid_fen, outstanding_fen)
      select batch_id, sum(n), sum(n * amount_fen), 0, sum(n * outstanding_fen) from delta group by 1
      having sum(n) <> 0 or sum(n * amount_fen) <> 0 or sum(n * outstanding_fen) <> 0 order by 1
      on conflict (batch_id) do update set cases = batch_figures.cases + excluded.cases,
        claimed_fen = batch_figures.claimed_fen + excluded.claimed_fen,
        outstanding_fen = batch_figures.outstanding_fen + excluded.outstanding_fen;
    ${delta}, keyed as (
        select batch_id, 'status' as dimension, status as key, n from delta
        union all select batch_id, 'position', coalesce(position, ''), n from delta
        union all select batch_id, 'firm', coalesce(cast(law_firm_id as text), ''), n from delta)
      insert into batch_figure_counts (batch_id, dimension, key, cases)
      select batch_id, dimension, key, sum(n) from keyed group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3
      on conflict (batch_id, dimension, key) do update set cases = batch_figure_counts.cases + excluded.cases;
    return null;
  end`;
}

export async function up(db: Db): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const c of ROW_CONCERNS) {
    await sql.raw(`drop trigger batch_${c}_insert_delete on cases`).execute(db);
    await sql.raw(`drop trigger batch_${c}_update on cases`).execute(db);
    await sql.raw(`drop function batch_${c}()`).execute(db);
  }
  const create = async (name: string, event: string, tables: string, text: string) => {
    await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ ${text} $$`).execute(db);
    // Transition tables allow no column list: every UPDATE of cases runs it, and a statement
    // that changed none of the figures' columns nets to nothing.
    await sql
      .raw(
        `create trigger ${name} after ${event} on cases referencing ${tables} for each statement execute function ${name}()`,
      )
      .execute(db);
  };
  await create(TRIGGERS[0], 'insert', 'new table as new_rows', body([['new_rows', 1]]));
  await create(TRIGGERS[1], 'delete', 'old table as old_rows', body([['old_rows', -1]]));
  await create(
    TRIGGERS[2],
    'update',
    'old table as old_rows new table as new_rows',
    body([
      ['old_rows', -1],
      ['new_rows', 1],
    ]),
  );
}

export async function down(db: Db): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const name of TRIGGERS) {
    await sql.raw(`drop trigger if exists ${name} on cases`).execute(db);
    await sql.raw(`drop function if exists ${name}()`).execute(db);
  }
  // Migration 0031's row triggers, as it made them.
  await sql.raw('drop trigger batch_repaid_insert on ledger_entries').execute(db);
  await sql.raw('drop function batch_repaid()').execute(db);
  await createBatchFigureTriggers(db);
}
