import { CompiledQuery, type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect-of';
import { jsonChunks } from './json-chunks';

/**
 * Many rows into one table at once (the seed's bulk load), the fastest way each database
 * takes them without a new dependency:
 * - SQLite: multi-row `INSERT ... VALUES` of SQLITE_ROWS_PER_STATEMENT rows, its text the same
 *   for every chunk of that size (prepared once and kept) and handed to the driver without
 *   Kysely's builder; rows that are not plain values take Kysely's own multi-row `INSERT ...
 *   VALUES` in chunks of at most 30,000 bound parameters (its limit is 32,766).
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
  } else if (columns) return insertAsSqliteValues(db, table, columns, rows, opts);
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

/** Rows per SQLite statement: a text of at most a few KiB, kept prepared (connect.ts keeps texts under 16 KiB). */
export const SQLITE_ROWS_PER_STATEMENT = 100;

/** The statement texts of the SQLite path, by table, columns and row count (two per table and batch shape). */
const sqliteTexts = new Map<string, string>();

function sqliteInsertText(table: string, columns: string[], count: number, returning: boolean): string {
  const key = `${table}\u0000${columns.join(',')}\u0000${count}\u0000${returning}`;
  let text = sqliteTexts.get(key);
  if (text === undefined) {
    const tuple = `(${columns.map(() => '?').join(',')})`;
    text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${Array(count).fill(tuple).join(',')}${returning ? ' returning id' : ''}`;
    if (sqliteTexts.size > 1000) sqliteTexts.clear();
    sqliteTexts.set(key, text);
  }
  return text;
}

/**
 * SQLite: multi-row `INSERT ... VALUES` of a fixed number of rows, its values bound as one flat
 * list. The text depends only on the table, the columns and the row count, so each table's
 * batch takes one prepared statement (and one for its last, shorter chunk), and it is handed to
 * the driver as it is (CompiledQuery.raw): Kysely builds and compiles no node per value, which
 * cost more than the insert itself. Binding beats the JSON parameter this replaced (a JSON
 * array that `json_each` walked, `json_extract` reading each value out of its row's text again,
 * and a sort for `order by key`): per import of 100,000 cases, SQLite's share of the main thread
 * fell (bench/README.md). Booleans are bound as 1 and 0, which SQLite stores for them anyway.
 */
async function insertAsSqliteValues(
  db: AnyDb,
  table: string,
  columns: string[],
  rows: readonly Row[],
  opts: BulkInsertOptions,
): Promise<number[]> {
  const ids: number[] = [];
  const per = Math.max(1, Math.min(SQLITE_ROWS_PER_STATEMENT, Math.floor(MAX_PARAMS / columns.length)));
  const returning = opts.returnIds === true;
  for (let i = 0; i < rows.length; i += per) {
    const count = Math.min(per, rows.length - i);
    const params: unknown[] = new Array(count * columns.length);
    let k = 0;
    for (let r = i; r < i + count; r++) {
      const row = rows[r];
      for (const c of columns) {
        const value = row[c];
        params[k++] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
      }
    }
    const result = await db.executeQuery<{ id: number }>(
      CompiledQuery.raw(sqliteInsertText(table, columns, count, returning), params),
    );
    if (returning) ids.push(...ascendingIds(result.rows));
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
