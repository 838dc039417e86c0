import { type RawBuilder, sql } from 'kysely';

/**
 * `column` contains `text`, case-insensitively on both databases, with the user's text taken
 * literally (%, _ and \ escaped): `lower(column) LIKE lower('%text%')`. SQLite's LIKE ignores
 * ASCII case already, PostgreSQL's does not; lower() on both sides gives one meaning, and on
 * PostgreSQL the trigram indexes on lower(column) (migration 0014) serve it.
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
}
