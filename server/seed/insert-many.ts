import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** SQLite allows 32,766 bound parameters per statement; stay well under it. */
const MAX_PARAMS = 30000;

/** Multi-row inserts in chunks sized to the column count; returns the new ids in insert order. */
export async function insertMany<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
  opts: { returnIds?: boolean } = {},
): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0] as object).length || 1;
  const size = Math.max(1, Math.floor(MAX_PARAMS / columns));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += size) {
    // biome-ignore lint/suspicious/noExplicitAny: Kysely cannot narrow a generic table name's insert type
    const query = db.insertInto(table).values(rows.slice(i, i + size) as any);
    if (opts.returnIds) {
      const result = (await query.returning('id' as never).execute()) as unknown as Array<{ id: number }>;
      // RETURNING order is unspecified; ids of one multi-row insert are ascending in VALUES order.
      ids.push(...result.map((r) => r.id).sort((a, b) => a - b));
    } else {
      await query.execute();
    }
  }
  return ids;
}
