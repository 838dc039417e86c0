import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * The platform workplace's figures as summary rows (issue 20): cases by status and close
 * result, cases created per month, and each lawyer's cases closed with a good result
 * (mediated, repaid). At a million cases counting them on demand took 3.0 s on SQLite; these
 * rows are kept by triggers on `cases`, so they change in the same transaction as the case and
 * every writer (the API, imports, bulk jobs, the seed, a hand-written UPDATE) keeps them right.
 * SQLite fires a row trigger per case; PostgreSQL a statement trigger over the statement's
 * transition tables, one upsert per group (an import of 1,000 cases touches one row each).
 * Existing counts come from the cases as they stand.
 * Written as it shipped: a migration never changes after that.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

/** The results a lawyer's ranking counts (server/dashboards/stats.ts SUCCESS_RESULTS, as of this migration). */
const GOOD = sql.raw(`('mediated', 'repaid')`);

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('case_status_counts')
    .addColumn('status', 'text', (c) => c.notNull())
    // '' for a case without a close result: a primary key column cannot be null.
    .addColumn('close_result', 'text', (c) => c.notNull())
    .addColumn('cases', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('case_status_counts_pk', ['status', 'close_result'])
    .execute();
  await db.schema
    .createTable('case_month_counts')
    .addColumn('month', 'text', (c) => c.primaryKey())
    .addColumn('cases', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('lawyer_closed_counts')
    .addColumn('lawyer_id', 'integer', (c) => c.primaryKey())
    .addColumn('closed', 'bigint', (c) => c.notNull())
    .execute();

  await sql`insert into case_status_counts (status, close_result, cases)
    select status, coalesce(close_result, ''), count(*) from cases group by status, coalesce(close_result, '')`.execute(
    db,
  );
  await sql`insert into case_month_counts (month, cases)
    select substr(created_at, 1, 7), count(*) from cases group by substr(created_at, 1, 7)`.execute(db);
  await sql`insert into lawyer_closed_counts (lawyer_id, closed)
    select lawyer_id, count(*) from cases where lawyer_id is not null and close_result in ${GOOD}
    group by lawyer_id`.execute(db);

  if (dialectOf(db) === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/** One case counted in (`sign` +1, from `row` new) or out (-1, from old). */
function sqliteCount(row: 'new' | 'old', sign: 1 | -1) {
  const r = sql.raw(row);
  const s = sql.raw(String(sign));
  return sql`
    insert into case_status_counts (status, close_result, cases)
      values (${r}.status, coalesce(${r}.close_result, ''), ${s})
      on conflict (status, close_result) do update set cases = cases + ${s};
    insert into case_month_counts (month, cases) values (substr(${r}.created_at, 1, 7), ${s})
      on conflict (month) do update set cases = cases + ${s};
    insert into lawyer_closed_counts (lawyer_id, closed)
      select ${r}.lawyer_id, ${s} where ${r}.lawyer_id is not null and ${r}.close_result in ${GOOD}
      on conflict (lawyer_id) do update set closed = closed + ${s};`;
}

async function sqliteTriggers(db: Db): Promise<void> {
  await sql`create trigger cases_figures_insert after insert on cases begin ${sqliteCount('new', 1)} end`.execute(
    db,
  );
  await sql`create trigger cases_figures_delete after delete on cases begin ${sqliteCount('old', -1)} end`.execute(
    db,
  );
  await sql`create trigger cases_figures_update after update of status, close_result, created_at, lawyer_id on cases
    when old.status is not new.status or old.close_result is not new.close_result
      or old.created_at is not new.created_at or old.lawyer_id is not new.lawyer_id
    begin ${sqliteCount('old', -1)} ${sqliteCount('new', 1)} end`.execute(db);
}

/**
 * A statement's cases counted out (old rows, -1) and in (new rows, +1), from its transition
 * tables, upserted in key order so two transactions touching the same rows lock them in the
 * same order.
 */
function postgresBody(sources: Array<['old_rows' | 'new_rows', 1 | -1]>): string {
  const delta = `with delta as (${sources
    .map(([table, n]) => `select status, close_result, created_at, lawyer_id, ${n} as n from ${table}`)
    .join(' union all ')})`;
  return `begin
    ${delta} insert into case_status_counts (status, close_result, cases)
      select status, coalesce(close_result, ''), sum(n) from delta group by 1, 2 having sum(n) <> 0 order by 1, 2
      on conflict (status, close_result) do update set cases = case_status_counts.cases + excluded.cases;
    ${delta} insert into case_month_counts (month, cases)
      select substr(created_at, 1, 7), sum(n) from delta group by 1 having sum(n) <> 0 order by 1
      on conflict (month) do update set cases = case_month_counts.cases + excluded.cases;
    ${delta} insert into lawyer_closed_counts (lawyer_id, closed)
      select lawyer_id, sum(n) from delta where lawyer_id is not null and close_result in ('mediated', 'repaid')
      group by 1 having sum(n) <> 0 order by 1
      on conflict (lawyer_id) do update set closed = lawyer_closed_counts.closed + excluded.closed;
    return null;
  end`;
}

const TRIGGERS = ['cases_figures_insert', 'cases_figures_delete', 'cases_figures_update'] as const;

async function postgresTriggers(db: Db): Promise<void> {
  const create = async (name: string, event: string, tables: string, body: string) => {
    await sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$ ${sql.raw(body)} $$`.execute(
      db,
    );
    // Transition tables allow no column list: every UPDATE of cases runs it, and a statement
    // that changed none of the four columns nets to nothing (`having sum(n) <> 0`).
    await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on cases referencing ${sql.raw(tables)}
      for each statement execute function ${sql.raw(name)}()`.execute(db);
  };
  await create(TRIGGERS[0], 'insert', 'new table as new_rows', postgresBody([['new_rows', 1]]));
  await create(TRIGGERS[1], 'delete', 'old table as old_rows', postgresBody([['old_rows', -1]]));
  await create(
    TRIGGERS[2],
    'update',
    'old table as old_rows new table as new_rows',
    postgresBody([
      ['old_rows', -1],
      ['new_rows', 1],
    ]),
  );
}

export async function down(db: Db): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const name of TRIGGERS) {
      await sql`drop trigger if exists ${sql.raw(name)} on cases`.execute(db);
      await sql`drop function if exists ${sql.raw(name)}()`.execute(db);
    }
  } else {
    for (const name of TRIGGERS) await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  }
  await db.schema.dropTable('lawyer_closed_counts').execute();
  await db.schema.dropTable('case_month_counts').execute();
  await db.schema.dropTable('case_status_counts').execute();
}
