import { type RawBuilder, sql } from 'kysely';

/** `column LIKE %text%` with the user's text taken literally (%, _ and \ escaped). Portable SQL. */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
