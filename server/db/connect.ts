import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type SqliteDatabase,
  SqliteDialect,
  sql,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import type { SqliteSynchronous } from '../config';
import { withUrgentLane } from './pg-priority';
import { pglitePool } from './pglite-pool';
import { prepareMarkedStatements } from './reused-plans';
import type { Database } from './schema';
import { pgSignalChannel, type SignalChannel } from './signals';
import { PooledSqliteDialect, SqliteReadPool } from './sqlite-read-pool';

export type DialectName = 'sqlite' | 'postgres';

export interface ConnectOptions {
  sqliteSynchronous?: SqliteSynchronous;
  /**
   * Where files live on this host (attachments, letters, import uploads) when the database is
   * not a file beside them: PostgreSQL's default is `<project>/data`.
   */
  dataDir?: string;
  /**
   * SQLite only: worker threads that run SELECTs outside transactions, each with a read-only
   * connection of its own (server/db/sqlite-read-pool.ts); 0 runs every statement on the
   * event loop. Default 2. An in-memory database has none (nothing else can open it).
   */
  sqliteReadWorkers?: number;
  /** PostgreSQL connections this process keeps open at most (pg's pool). */
  pgPoolMax?: number;
  /** PGlite only: start from this dump of another PGlite's data (tests' seeded template). */
  pgliteLoad?: Blob;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The directory beside the database where this host keeps files (uploads, import files). */
  filesDir: string;
  /** Where the data lives, for the log and the seed (no password). */
  describe(): { dialect: DialectName; location: string };
  /** The database's size on disk, for the monitor page. */
  sizeBytes(): Promise<number | null>;
  /** PGlite only: the whole database as a tarball another PGlite can start from (tests). */
  dump?(): Promise<Blob>;
  /**
   * Signals between every process on this database (PostgreSQL LISTEN/NOTIFY), where there can
   * be several: a PostgreSQL server. None on SQLite and PGlite, whose processes hear only
   * themselves (see README "Running at scale").
   */
  signals?: SignalChannel;
  /**
   * Runs `work` while no other process runs work under this lock on the same database, waiting
   * for its turn: start-up (migrate, seed an empty database) runs once however many processes
   * start at once. PostgreSQL: a session advisory lock; SQLite: an exclusive transaction on a
   * lock file beside the database (released by the OS if the process dies).
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
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
    return connectSqlite(
      url.slice('sqlite:'.length),
      projectRoot,
      options.sqliteSynchronous ?? 'FULL',
      options.sqliteReadWorkers ?? DEFAULT_SQLITE_READ_WORKERS,
    );
  const dataDir = options.dataDir ?? resolve(projectRoot, 'data');
  if (url.startsWith('postgres://') || url.startsWith('postgresql://'))
    return connectPostgres(url, dataDir, options.pgPoolMax ?? 10);
  if (url.startsWith('pglite:')) return connectPglite(url.slice('pglite:'.length), projectRoot, options);
  throw new Error(`DATABASE_URL must start with sqlite:, postgres:// or pglite: (got "${url}")`);
}

/**
 * How PostgreSQL's values reach the services, the same as SQLite's: bigint (amounts in fen,
 * counts) and numeric (sums, averages) as numbers. Amounts stay far below 2^53 fen.
 */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC)
      return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/**
 * The API's statements are short and many run at once. A parallel plan starts a worker
 * process per statement: at 1,000,000 cases a keyword page took 16.6 ms with one and 3 ms
 * without, and under 200 connections the keyword search served 138 requests/s without them
 * against 74 with. So the API's connections plan serially; a URL's own `options` parameter
 * (`?options=-c%20max_parallel_workers_per_gather%3D2`) wins over this.
 */
export const PG_CONNECTION_OPTIONS = '-c max_parallel_workers_per_gather=0';

function connectPostgres(url: string, dataDir: string, max: number): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max, types: pgTypes, options: PG_CONNECTION_OPTIONS });
  prepareMarkedStatements(pool);
  // An idle connection the server drops (restart, network) must not crash the process.
  pool.on('error', (err) => console.error('[casedesk] PostgreSQL connection lost:', err.message));
  const parsed = new URL(url);
  const location = `postgres://${parsed.host}${parsed.pathname}`;
  // Sign-ins are served before queued statements (pg-priority.ts); the pool itself is unchanged.
  const handle = postgresHandle(new PostgresDialect({ pool: withUrgentLane(pool, max) }), dataDir, location);
  handle.signals = pgSignalChannel(url, handle.db, SIGNAL_CHANNEL);
  handle.exclusively = (work) =>
    handle.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${sql.lit(STARTUP_LOCK_ID)})`.execute(conn);
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(${sql.lit(STARTUP_LOCK_ID)})`.execute(conn);
      }
    });
  const close = handle.close;
  handle.close = async () => {
    await handle.signals?.close();
    await close();
  };
  return handle;
}

/** The channel of the processes' signals (server/notifications/bus.ts). */
const SIGNAL_CHANNEL = 'casedesk_signals';
/**
 * The start-up lock's key, any 64-bit number of our own (Kysely's migrator holds another while
 * it migrates): 'casedesk' in ASCII.
 */
const STARTUP_LOCK_ID = BigInt('0x6361736564657368');

function connectPglite(path: string, projectRoot: string, options: ConnectOptions): DatabaseHandle {
  const memory = path === '' || path === 'memory:' || path === ':memory:';
  const dir = memory ? undefined : isAbsolute(path) ? path : resolve(projectRoot, path);
  if (dir) mkdirSync(dir, { recursive: true });
  const filesDir = options.dataDir ?? (dir ? dirname(dir) : join(tmpdir(), 'casedesk-pglite'));
  let started: ReturnType<typeof pglitePool> | undefined;
  const pool = (): Promise<PostgresPool> => {
    started ??= pglitePool(dir, options.pgliteLoad);
    return started;
  };
  const handle = postgresHandle(
    new PostgresDialect({ pool }),
    filesDir,
    dir ? `pglite:${dir}` : 'pglite:memory',
  );
  handle.dump = async () => {
    await pool();
    return (await (started as ReturnType<typeof pglitePool>)).dumpDataDir();
  };
  return handle;
}

function postgresHandle(dialect: PostgresDialect, filesDir: string, location: string): DatabaseHandle {
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    dialect: 'postgres',
    filesDir,
    describe: () => ({ dialect: 'postgres', location }),
    // PGlite is one process's database; a PostgreSQL server's handle replaces this.
    exclusively: (work) => work(),
    async sizeBytes() {
      const { rows } = await sql<{
        size: number;
      }>`select pg_database_size(current_database()) as size`.execute(db);
      return rows[0]?.size ?? null;
    },
    close: () => db.destroy(),
  };
}

/** Readers beside the main connection: two keep a slow count from holding up the other reads. */
export const DEFAULT_SQLITE_READ_WORKERS = 2;

function connectSqlite(
  path: string,
  projectRoot: string,
  synchronous: SqliteSynchronous,
  readWorkers: number,
): DatabaseHandle {
  const memory = path === ':memory:' || path === '';
  const file = memory ? ':memory:' : isAbsolute(path) ? path : resolve(projectRoot, path);
  if (!memory) mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`synchronous = ${synchronous}`);
  // Statement journals and sorts of the writing connection in memory: an import's multi-row
  // inserts each open a statement journal, which SQLite otherwise spills to a temporary file.
  sqlite.pragma('temp_store = MEMORY');
  // A file's log is copied back by a thread of its own (sqlite-checkpoint-worker.mjs), not by
  // whichever commit takes it past SQLite's 1,000 pages on the event loop.
  const checkpointer = memory ? null : startCheckpointer(file);
  if (checkpointer) sqlite.pragma('wal_autocheckpoint = 0');
  const config = { database: withStatementCache(sqlite) };
  const dialect =
    memory || readWorkers <= 0
      ? new WriteLockingSqliteDialect(config)
      : new PooledSqliteDialect(
          config,
          new SqliteReadPool(file, readWorkers, STATEMENT_CACHE_SIZE),
          (driver) => new WriteLockingDriver(driver),
        );
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    dialect: 'sqlite',
    filesDir: memory ? join(tmpdir(), 'casedesk-memory') : dirname(file),
    describe: () => ({ dialect: 'sqlite', location: file }),
    exclusively: memory ? (work) => work() : (work) => withLockFile(`${file}.lock`, work),
    async sizeBytes() {
      const pageCount = sqlite.pragma('page_count', { simple: true }) as number;
      const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
      return pageCount * pageSize;
    },
    async close() {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/** How often the checkpointer copies the log back (it grows by what is written meanwhile). */
export const CHECKPOINT_EVERY_MS = 200;

/** The checkpointer of a file database: a worker thread with a connection of its own; `stop` ends it. */
function startCheckpointer(file: string): { stop(): Promise<void> } {
  const worker = new Worker(new URL('./sqlite-checkpoint-worker.mjs', import.meta.url), {
    workerData: { file, everyMs: CHECKPOINT_EVERY_MS },
  });
  // Never keeps the process alive by itself; a failure leaves the log to the next process.
  worker.unref();
  worker.on('error', (err) => console.error('[casedesk] SQLite checkpointer stopped:', err.message));
  let exited = false;
  worker.once('exit', () => {
    exited = true;
  });
  let stopping: Promise<void> | null = null;
  return {
    stop() {
      if (exited) return Promise.resolve();
      stopping ??= new Promise<void>((resolve) => {
        const done = () => resolve();
        worker.once('exit', done);
        worker.once('message', () => void worker.terminate().then(done, done));
        worker.postMessage('stop');
      });
      return stopping;
    },
  };
}

/**
 * How a transaction begins on SQLite: `BEGIN IMMEDIATE`, taking the database's write lock at
 * once, unless it was begun read only (`db.transaction().setAccessMode('read only')`), which
 * takes no lock. Kysely's driver says plain `BEGIN` (deferred): such a transaction takes the
 * lock at its first write, and when it has read before another process (WORKERS, another
 * server on the file) committed a write, that first write fails at once with
 * SQLITE_BUSY_SNAPSHOT (its snapshot is stale; waiting cannot help), where `busy_timeout` makes
 * an IMMEDIATE begin wait its turn instead. Within one process, Kysely's mutex already runs
 * one transaction at a time on the connection; this is about the others.
 */
export class WriteLockingDriver implements Driver {
  constructor(private readonly inner: Driver) {}
  init() {
    return this.inner.init();
  }
  acquireConnection() {
    return this.inner.acquireConnection();
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const readOnly = settings.accessMode === 'read only';
    await connection.executeQuery(CompiledQuery.raw(readOnly ? 'begin deferred' : 'begin immediate'));
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  async savepoint(...args: Parameters<NonNullable<Driver['savepoint']>>) {
    await this.inner.savepoint?.(...args);
  }
  async rollbackToSavepoint(...args: Parameters<NonNullable<Driver['rollbackToSavepoint']>>) {
    await this.inner.rollbackToSavepoint?.(...args);
  }
  async releaseSavepoint(...args: Parameters<NonNullable<Driver['releaseSavepoint']>>) {
    await this.inner.releaseSavepoint?.(...args);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** Kysely's SQLite dialect whose write transactions begin IMMEDIATE (WriteLockingDriver). */
class WriteLockingSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    return new WriteLockingDriver(super.createDriver());
  }
}

/** How long a process waits for another's start-up (a million-case seed takes minutes). */
const LOCK_WAIT_MS = 30 * 60_000;

/**
 * A lock between processes for SQLite: an exclusive transaction on a small SQLite file of its
 * own (not the database, which `work` writes). Another process's BEGIN EXCLUSIVE waits on it
 * (busy_timeout); the OS releases it when the process ends, even by kill -9.
 */
async function withLockFile<T>(path: string, work: () => Promise<T>): Promise<T> {
  const lock = new SQLite(path);
  try {
    lock.pragma(`busy_timeout = ${LOCK_WAIT_MS}`);
    lock.exec('begin exclusive');
    try {
      return await work();
    } finally {
      lock.exec('commit');
    }
  } finally {
    lock.close();
  }
}

/** How many distinct statements stay prepared; the API has a few hundred shapes of query. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * SQL longer than this is not kept prepared: a multi-row INSERT (bulk-insert.ts; an import writes
 * its cases, terms, parties and phones so) has a text of its own for every row count, and each
 * prepared one holds its program and its tens of thousands of parameter slots. Kept, 500 of them
 * grew the server by hundreds of MiB during an import of 100,000 cases.
 */
export const STATEMENT_CACHE_MAX_SQL = 16 * 1024;

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
      if (sql.length > STATEMENT_CACHE_MAX_SQL) return sqlite.prepare(sql);
      let statement = prepared.get(sql);
      if (statement) prepared.delete(sql);
      else statement = sqlite.prepare(sql);
      prepared.set(sql, statement);
      if (prepared.size > size) prepared.delete(prepared.keys().next().value as string);
      return statement;
    },
  };
}
