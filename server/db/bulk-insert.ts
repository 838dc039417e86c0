import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect-of';
import { jsonChunks } from './json-chunks';

/**
 * Many rows into one table at once (the seed's bulk load), the fastest way each database
 * takes them without a new dependency:
 * - SQLite: a chunk of rows as ONE parameter, a JSON array of arrays read by `json_each` (one
 *   short statement, prepared once); rows that are not plain JSON values take multi-row
 *   `INSERT ... VALUES` in chunks of at most 30,000 bound parameters (its limit is 32,766).
 * - PostgreSQL: a chunk of rows as ONE parameter, a JSON array the server unpacks with
 *   `json_populate_recordset(null::<table>, $1::json)`: one short statement to parse and plan
 *   however many rows, instead of tens of thousands of placeholders (Kysely's compile, pg's
 *   binding and the server's parse of a 30,000-parameter statement each cost more than the
 *   insert itself). Values are cast by the table's own row type, exactly as a bound text
 *   parameter would be.
 *
 * The fast path on either database takes rows that all name the same columns with plain JSON values
 * (string, finite number, boolean, null); anything else (a Date, bytes, bigint, a row without
 * a column another row has, which must get the column's DEFAULT and not null) goes through the
 * multi-row VALUES path, so the result is the same either way.
 */

/** SQLite allows 32,766 bound parameters per statement; stay well under it. */
const MAX_PARAMS = 30000;
/** Rows per PostgreSQL statement: large enough that round trips vanish, small enough to stay a few MB. */
export const PG_ROWS_PER_STATEMENT = 10000;

export interface BulkInsertOptions {
  /** Return the new rows' `id`s, in the order of `rows`. */
  returnIds?: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: any table of any schema
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;

export async function bulkInsert(
  db: AnyDb,
  table: string,
  rows: readonly Row[],
  opts: BulkInsertOptions = {},
): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = plainColumns(rows);
  if (dialectOf(db) === 'postgres') {
    if (columns) return insertAsJson(db, table, columns, rows, opts);
  } else if (columns) return insertAsSqliteJson(db, table, columns, rows, opts);
  return insertAsValues(db, table, rows, opts);
}

/**
 * The column list every row shares with JSON-safe values only (the PostgreSQL fast path), or
 * null when they do not all (the VALUES path). Exported for its test.
 */
export function plainColumns(rows: readonly Row[]): string[] | null {
  const columns = Object.keys(rows[0]).filter((k) => rows[0][k] !== undefined);
  if (columns.length === 0) return null;
  for (const row of rows) {
    let present = 0;
    for (const key in row) {
      const value = row[key];
      if (value === undefined) continue;
      present++;
      if (value === null) continue;
      switch (typeof value) {
        case 'string':
        case 'boolean':
          continue;
        case 'number':
          if (Number.isFinite(value)) continue;
          return null;
        default:
          return null;
      }
    }
    if (present !== columns.length) return null;
    for (const c of columns) if (row[c] === undefined) return null;
  }
  return columns;
}

async function insertAsJson(
  db: AnyDb,
  table: string,
  columns: string[],
  rows: readonly Row[],
  opts: BulkInsertOptions,
): Promise<number[]> {
  const ids: number[] = [];
  const list = sql.join(columns.map((c) => sql.ref(c)));
  const fromRecord = sql.join(columns.map((c) => sql.ref(`r.${c}`)));
  for (const { json } of jsonChunks(rows, (row) => JSON.stringify(pick(row, columns)))) {
    // `with ordinality ... order by` feeds the rows to the insert in array order, so the
    // identity column numbers them in that order.
    const insert = sql`insert into ${sql.table(table)} (${list})
      select ${fromRecord} from json_populate_recordset(null::${sql.table(table)}, ${json}::json)
      with ordinality as r order by r.ordinality`;
    if (opts.returnIds) {
      const result = await sql<{ id: number }>`${insert} returning id`.execute(db);
      ids.push(...ascendingIds(result.rows));
    } else {
      await insert.execute(db);
    }
  }
  return ids;
}

/**
 * SQLite: a chunk of rows as ONE parameter too, a JSON array of arrays that `json_each` walks in
 * order: one short statement (prepared once and kept) instead of a VALUES list of up to 30,000
 * placeholders, each a node for Kysely to build and compile and a value to bind. `json_extract`
 * gives a JSON string as TEXT, a number as INTEGER or REAL and null as NULL, what binding the
 * value would have stored.
 */
async function insertAsSqliteJson(
  db: AnyDb,
  table: string,
  columns: string[],
  rows: readonly Row[],
  opts: BulkInsertOptions,
): Promise<number[]> {
  const ids: number[] = [];
  const list = sql.join(columns.map((c) => sql.ref(c)));
  const values = sql.join(columns.map((_, i) => sql`json_extract(value, ${sql.lit(`$[${i}]`)})`));
  for (const { json } of jsonChunks(rows, (row) => JSON.stringify(columns.map((c) => row[c])))) {
    const insert = sql`insert into ${sql.table(table)} (${list}) select ${values} from json_each(${json}) order by key`;
    if (opts.returnIds) {
      const result = await sql<{ id: number }>`${insert} returning id`.execute(db);
      ids.push(...ascendingIds(result.rows));
    } else {
      await insert.execute(db);
    }
  }
  return ids;
}

function pick(row: Row, columns: string[]): Row {
  const out: Row = {};
  for (const c of columns) out[c] = row[c];
  return out;
}

async function insertAsValues(
  db: AnyDb,
  table: string,
  rows: readonly Row[],
  opts: BulkInsertOptions,
): Promise<number[]> {
  const columns = Object.keys(rows[0]).length || 1;
  const size = Math.max(1, Math.floor(MAX_PARAMS / columns));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const query = db.insertInto(table).values(rows.slice(i, i + size));
    if (opts.returnIds) {
      const result = (await query.returning('id').execute()) as Array<{ id: number }>;
      ids.push(...ascendingIds(result));
    } else {
      await query.execute();
    }
  }
  return ids;
}

/**
 * RETURNING's row order is not promised by either database; the ids one statement numbers are
 * ascending in the order its rows are inserted (SQLite's rowid, PostgreSQL's identity sequence,
 * drawn one row after the other even when other sessions draw from it too), so sorting gives
 * them back in insert order.
 */
function ascendingIds(rows: ReadonlyArray<{ id: number | string }>): number[] {
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}
