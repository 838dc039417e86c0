import { type RawBuilder, sql } from 'kysely';
import type { DialectName } from './connect';

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
