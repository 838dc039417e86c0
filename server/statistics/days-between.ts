import { type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../db/connect';

/**
 * Days from one stored timestamp (ISO-8601 UTC text) to another, fractions included. SQL has
 * no portable date arithmetic, so each dialect gets its own expression here, in one place:
 * SQLite's julianday(); PostgreSQL, when it arrives, extract(epoch from to::timestamptz -
 * from::timestamptz) / 86400.
 */
export function daysBetween(dialect: DialectName, from: string, to: string): RawBuilder<number> {
  switch (dialect) {
    case 'sqlite':
      return sql<number>`julianday(${sql.ref(to)}) - julianday(${sql.ref(from)})`;
  }
}
