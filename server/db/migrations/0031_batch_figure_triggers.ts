import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * Migration 0031's triggers: they keep a batch's summary rows in the transaction of every write
 * to a case (insert, delete, an update of what is summed or counted) and of every repayment or
 * reversal, whichever code path writes it (the form, the import's batch writes, the machine's
 * transitions, the ledger, another engineer's bulk job). SQLite runs the statements as row
 * triggers; PostgreSQL as PL/pgSQL trigger functions with the same statements. Each concern has
 * its own trigger with its own `when`, so a repayment touches the sums only and a transition
 * only the counts it changes. A case never changes batch except by these rows' own update.
 * Written as it shipped: never changed after.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;
type Row = 'new' | 'old';

const sums = (r: Row, s: number) =>
  `insert into batch_figures (batch_id, cases, claimed_fen, repaid_fen, outstanding_fen)
    select ${r}.batch_id, ${s}, ${s} * ${r}.amount_fen, 0, ${s} * ${r}.outstanding_fen where ${r}.batch_id is not null
    on conflict (batch_id) do update set cases = batch_figures.cases + excluded.cases,
      claimed_fen = batch_figures.claimed_fen + excluded.claimed_fen,
      outstanding_fen = batch_figures.outstanding_fen + excluded.outstanding_fen`;

const count = (dimension: string, key: (r: Row) => string) => (r: Row, s: number) =>
  `insert into batch_figure_counts (batch_id, dimension, key, cases)
    select ${r}.batch_id, '${dimension}', ${key(r)}, ${s} where ${r}.batch_id is not null
    on conflict (batch_id, dimension, key) do update set cases = batch_figure_counts.cases + excluded.cases`;

interface CaseConcern {
  name: string;
  /** The columns whose change moves this concern's figures. */
  columns: string[];
  statement: (r: Row, sign: number) => string;
}

const CASE_CONCERNS: CaseConcern[] = [
  { name: 'sums', columns: ['batch_id', 'amount_fen', 'outstanding_fen'], statement: sums },
  { name: 'status', columns: ['batch_id', 'status'], statement: count('status', (r) => `${r}.status`) },
  {
    name: 'position',
    columns: ['batch_id', 'position'],
    statement: count('position', (r) => `coalesce(${r}.position, '')`),
  },
  {
    name: 'firm',
    columns: ['batch_id', 'law_firm_id'],
    statement: count('firm', (r) => `coalesce(cast(${r}.law_firm_id as text), '')`),
  },
];

const SIGNED_AMOUNT = `case when new.kind = 'repayment' then new.amount_fen else -new.amount_fen end`;
const REPAID = [
  `insert into batch_repaid_days (batch_id, day, repaid_fen)
    select c.batch_id, new.booked_on, ${SIGNED_AMOUNT} from cases c where c.id = new.case_id and c.batch_id is not null
    on conflict (batch_id, day) do update set repaid_fen = batch_repaid_days.repaid_fen + excluded.repaid_fen`,
  `update batch_figures set repaid_fen = repaid_fen + ${SIGNED_AMOUNT}
    where batch_id = (select c.batch_id from cases c where c.id = new.case_id)`,
  // Who held the case when the entry was recorded: the firm's monthly settlement counts it for them.
  `insert into ledger_entry_holders (entry_id, law_firm_id, creditor_id)
    select new.id, c.law_firm_id, c.creditor_id from cases c where c.id = new.case_id`,
];
const REPAID_WHEN = `new.kind in ('repayment', 'reversal')`;

export async function createBatchFigureTriggers(db: Db): Promise<void> {
  const statements = dialectOf(db) === 'postgres' ? postgresTriggers() : sqliteTriggers();
  for (const statement of statements) await sql.raw(statement).execute(db);
}

function sqliteTriggers(): string[] {
  const out: string[] = [];
  for (const c of CASE_CONCERNS) {
    const changed = c.columns.map((col) => `old.${col} is not new.${col}`).join(' or ');
    out.push(
      `create trigger batch_${c.name}_insert after insert on cases begin ${c.statement('new', 1)}; end`,
      `create trigger batch_${c.name}_delete after delete on cases begin ${c.statement('old', -1)}; end`,
      `create trigger batch_${c.name}_update after update of ${c.columns.join(', ')} on cases when ${changed}
        begin ${c.statement('old', -1)}; ${c.statement('new', 1)}; end`,
    );
  }
  out.push(
    `create trigger batch_repaid_insert after insert on ledger_entries when ${REPAID_WHEN}
      begin ${REPAID.join('; ')}; end`,
  );
  return out;
}

function postgresTriggers(): string[] {
  const out: string[] = [];
  for (const c of CASE_CONCERNS) {
    const changed = c.columns.map((col) => `old.${col} is distinct from new.${col}`).join(' or ');
    out.push(
      `create function batch_${c.name}() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then ${c.statement('old', -1)}; end if;
        if tg_op in ('INSERT', 'UPDATE') then ${c.statement('new', 1)}; end if;
        return null;
      end $$`,
      `create trigger batch_${c.name}_insert_delete after insert or delete on cases
        for each row execute function batch_${c.name}()`,
      `create trigger batch_${c.name}_update after update of ${c.columns.join(', ')} on cases
        for each row when (${changed}) execute function batch_${c.name}()`,
    );
  }
  out.push(
    `create function batch_repaid() returns trigger language plpgsql as $$
    begin
      ${REPAID.join('; ')};
      return null;
    end $$`,
    `create trigger batch_repaid_insert after insert on ledger_entries
      for each row when (${REPAID_WHEN}) execute function batch_repaid()`,
  );
  return out;
}

export async function dropBatchFigureTriggers(db: Db): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const names: Array<[string, string]> = [];
  for (const c of CASE_CONCERNS) {
    if (postgres) names.push([`batch_${c.name}_insert_delete`, 'cases']);
    else names.push([`batch_${c.name}_insert`, 'cases'], [`batch_${c.name}_delete`, 'cases']);
    names.push([`batch_${c.name}_update`, 'cases']);
  }
  names.push(['batch_repaid_insert', 'ledger_entries']);
  for (const [name, table] of names) {
    await sql.raw(postgres ? `drop trigger ${name} on ${table}` : `drop trigger ${name}`).execute(db);
  }
  if (postgres) {
    for (const c of CASE_CONCERNS) await sql.raw(`drop function batch_${c.name}()`).execute(db);
    await sql.raw('drop function batch_repaid()').execute(db);
  }
}
