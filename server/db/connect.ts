import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type SqliteDatabase, SqliteDialect } from 'kysely';
import type { Database } from './schema';

export type DialectName = 'sqlite';

/**
 * SQLite's `synchronous` pragma. FULL (the default) syncs the write-ahead log on every commit, so
 * a committed change survives a power cut. NORMAL syncs only at checkpoints: faster writes, still
 * safe against a crash of the process, but a power cut or OS crash can lose the last commits.
 */
export type SqliteSynchronous = 'FULL' | 'NORMAL';

export interface ConnectOptions {
  sqliteSynchronous?: SqliteSynchronous;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where the data lives, for the monitor page ("database size"). */
  describe(): { dialect: DialectName; location: string; sizeBytes: number | null };
  close(): Promise<void>;
}

/**
 * The one place that turns DATABASE_URL into a Kysely instance. Services only ever see
 * `Kysely<Database>`, so adding PostgreSQL is a second branch here and nothing else.
 */
export function connectDatabase(
  url: string,
  projectRoot: string,
  options: ConnectOptions = {},
): DatabaseHandle {
  if (url.startsWith('sqlite:'))
    return connectSqlite(url.slice('sqlite:'.length), projectRoot, options.sqliteSynchronous ?? 'FULL');
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    throw new Error(
      'DATABASE_URL points at PostgreSQL, which is planned but not in this build yet. Use sqlite:<file> (default sqlite:data/casedesk.db).',
    );
  }
  throw new Error(`DATABASE_URL must start with sqlite: (got "${url}")`);
}

function connectSqlite(path: string, projectRoot: string, synchronous: SqliteSynchronous): DatabaseHandle {
  const memory = path === ':memory:' || path === '';
  const file = memory ? ':memory:' : isAbsolute(path) ? path : resolve(projectRoot, path);
  if (!memory) mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`synchronous = ${synchronous}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    describe() {
      const pageCount = sqlite.pragma('page_count', { simple: true }) as number;
      const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
      return { dialect: 'sqlite', location: file, sizeBytes: pageCount * pageSize };
    },
    close: () => db.destroy(),
  };
}

/** How many distinct statements stay prepared; the API has a few hundred shapes of query. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 as Kysely's SQLite dialect sees it, with prepared statements kept by their
 * SQL text (least recently used dropped first). Kysely prepares each query it runs, and
 * parsing and planning the SQL again was about a twentieth of a case-list request. Reuse is
 * safe: Kysely runs one query at a time on this connection (a streamed query holds it until
 * done), and SQLite re-prepares a statement by itself after a schema change.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const prepared = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = prepared.get(sql);
      if (statement) prepared.delete(sql);
      else statement = sqlite.prepare(sql);
      prepared.set(sql, statement);
      if (prepared.size > size) prepared.delete(prepared.keys().next().value as string);
      return statement;
    },
  };
}
