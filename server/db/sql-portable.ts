import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectName } from './connect';
import { dialectOf } from './dialect-of';

/**
 * The few expressions SQLite and PostgreSQL spell differently, in one place, so services stay
 * free of dialect branches (the rule of server/db/README.md).
 */

/**
 * Days from one stored timestamp (ISO-8601 UTC text) to another, fractions included: SQLite's
 * julianday(), PostgreSQL's interval in seconds over 86,400.
 */
export function daysBetween(dialect: DialectName, from: string, to: string): RawBuilder<number> {
  switch (dialect) {
    case 'sqlite':
      return sql<number>`julianday(${sql.ref(to)}) - julianday(${sql.ref(from)})`;
    case 'postgres':
      return sql<number>`extract(epoch from (${sql.ref(to)}::timestamptz - ${sql.ref(from)}::timestamptz)) / 86400`;
  }
}

/**
 * A column whose index SQLite's planner should not pick for this condition: `+column` on
 * SQLite (its documented way to take a term out of index selection), the bare column on
 * PostgreSQL, whose planner weighs indexes by statistics. For an ordered page filtered by a
 * range: SQLite, without statistics, prefers any index the range can use, then sorts every
 * match (25,000 cases of one province at a million, 8 ms a page), where walking the order's
 * own index and checking the range stops after a page (2 ms).
 */
export function notIndexed(dialect: DialectName, column: string): RawBuilder<unknown> {
  return dialect === 'sqlite' ? sql`+${sql.ref(column)}` : sql`${sql.ref(column)}`;
}

/**
 * After loading many rows at once (the seed): PostgreSQL plans from table statistics, and a
 * freshly filled table has none until autovacuum gets to it, so the case list read a million
 * rows where an index serves it (136 ms instead of a few). ANALYZE gathers them now. SQLite's
 * queries here are shaped for its planner without statistics (sqlite_stat1), so it gets none.
 */
// biome-ignore lint/suspicious/noExplicitAny: any schema
export async function afterBulkLoad(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') await sql`analyze`.execute(db);
}

/**
 * `column IN (texts)` with the texts as ONE parameter: PostgreSQL `= any($1::text[])`, SQLite
 * `in (select value from json_each(?))`. A list of thousands (an import's case numbers and
 * bigrams, a batch at a time) as that many placeholders cost more to build, bind and parse
 * than the look-up itself, and each count of them was another statement to prepare.
 */
export function inTexts(dialect: DialectName, column: string, texts: readonly string[]): RawBuilder<boolean> {
  return dialect === 'postgres'
    ? sql<boolean>`${sql.ref(column)} = any(${[...texts]}::text[])`
    : sql<boolean>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(texts)}))`;
}
