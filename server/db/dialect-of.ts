import { type Kysely, PostgresAdapter } from 'kysely';
import type { DialectName } from './connect';

/** Which database a Kysely instance talks to: for the migrations' and server/db's few dialect-specific lines. */
// biome-ignore lint/suspicious/noExplicitAny: migrations use Kysely<any>
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
