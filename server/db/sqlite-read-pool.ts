import { Worker } from 'node:worker_threads';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
  type SqliteDialectConfig,
  type TransactionSettings,
} from 'kysely';

/**
 * SQLite reads off the event loop. better-sqlite3 runs each statement on the thread that calls
 * it, so on the server's one connection a count over a million cases (100 ms and more) stops
 * every other request for as long. Here a SELECT that runs outside a transaction goes to a
 * small pool of worker threads instead, each with its own read-only connection to the same
 * file; in WAL mode readers run beside each other and beside the one writer, and each
 * statement reads the latest committed data. Writes, transactions (their reads included, so a
 * transaction reads its own writes) and everything that is not a SELECT stay on the main
 * connection. A statement seen quick (three runs or more, averaging under 2 ms) runs on the
 * main connection too while no reader is at work, timed there; its average rising past 2 ms
 * sends it back to the pool, and a run of 10 ms or more sends it there for good. Services see
 * one `Kysely<Database>` and know nothing of this.
 */
export class SqliteReadPool {
  /**
   * Statements (by SQL text) seen to be quick: at least QUICK_RUNS runs, whose moving average
   * (each run weighing a fifth) is under QUICK_MS. They run on the main connection, where a
   * sub-millisecond lookup (the session, a page's rows by id) costs less than the trip to a
   * thread and back (on 2 busy vCPUs the trip made a 4 ms case list take 8 ms). An average,
   * not every run: on a busy machine a thread that is switched out turns a 0.5 ms statement
   * into a 3 ms one now and then, and one such run sent every statement to the pool for good.
   * A run of BLOCKING_MS or more, wherever it ran, does: other parameters of the same SQL can
   * take that long (a count over a million rows), and on the main connection they would stop
   * every other request.
   */
  static readonly QUICK_MS = 2;
  static readonly QUICK_RUNS = 3;
  static readonly BLOCKING_MS = 10;
  readonly #seen = new Map<string, { runs: number; averageMs: number }>();
  readonly #slow = new Set<string>();
  readonly #file: string;
  readonly #size: number;
  readonly #statementCacheSize: number;
  readonly #readers: Reader[] = [];
  #nextId = 1;
  #closed = false;

  constructor(file: string, size: number, statementCacheSize: number) {
    this.#file = file;
    this.#size = size;
    this.#statementCacheSize = statementCacheSize;
  }

  /**
   * Whether a reader is at work. Quick statements then go to the pool too: the server is
   * under load, the readers take the statements, and the main thread keeps to HTTP, JSON and
   * the writes. At one client the pool is idle, and quick statements save the trip.
   */
  busy(): boolean {
    return this.#readers.some((reader) => reader.pending.size > 0);
  }

  /** Whether this statement may run on the main connection (seen quick often enough). */
  isQuick(sql: string): boolean {
    const seen = this.#seen.get(sql);
    return (
      seen !== undefined && seen.runs >= SqliteReadPool.QUICK_RUNS && seen.averageMs < SqliteReadPool.QUICK_MS
    );
  }

  /** Records how long a run of a statement took, here or on the main connection. */
  observe(sql: string, ms: number): void {
    if (this.#slow.has(sql)) return;
    if (ms >= SqliteReadPool.BLOCKING_MS) {
      this.#slow.add(sql);
      this.#seen.delete(sql);
      return;
    }
    const seen = this.#seen.get(sql);
    if (seen) {
      seen.runs++;
      seen.averageMs += (ms - seen.averageMs) / 5;
      return;
    }
    // Bounded like the statement cache: forgetting only sends a statement back to the pool.
    if (this.#seen.size >= 2000) this.#seen.clear();
    this.#seen.set(sql, { runs: 1, averageMs: ms });
  }

  /** Runs a SELECT on the least busy reader (started on first use) and answers its rows. */
  run(query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (this.#closed) return Promise.reject(new Error('the SQLite read pool is closed'));
    const reader = this.#pick();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      reader.pending.set(id, { sql: query.sql, resolve, reject });
      if (reader.pending.size === 1) reader.worker.ref();
      reader.worker.postMessage({ id, sql: query.sql, parameters: query.parameters });
    });
  }

  /** Stops every reader; reads still running are answered with an error. */
  async close(): Promise<void> {
    this.#closed = true;
    const readers = this.#readers.splice(0);
    await Promise.all(readers.map((reader) => reader.worker.terminate()));
  }

  #pick(): Reader {
    let best: Reader | undefined;
    for (const reader of this.#readers) if (!best || reader.pending.size < best.pending.size) best = reader;
    if (best && (best.pending.size === 0 || this.#readers.length >= this.#size)) return best;
    return this.#start();
  }

  #start(): Reader {
    const worker = new Worker(new URL('./sqlite-read-worker.mjs', import.meta.url), {
      workerData: { file: this.#file, statementCacheSize: this.#statementCacheSize },
    });
    const reader: Reader = { worker, pending: new Map() };
    const fail = (err: Error) => {
      const index = this.#readers.indexOf(reader);
      if (index >= 0) this.#readers.splice(index, 1);
      for (const waiter of reader.pending.values()) waiter.reject(err);
      reader.pending.clear();
    };
    worker.on('message', (answer: Answer) => {
      const waiter = reader.pending.get(answer.id);
      if (!waiter) return;
      reader.pending.delete(answer.id);
      // An idle reader does not keep the process alive.
      if (reader.pending.size === 0) worker.unref();
      if (answer.error) {
        const err = new Error(answer.error.message) as Error & { code?: string };
        if (answer.error.code) err.code = answer.error.code;
        waiter.reject(err);
      } else {
        if (answer.ms !== undefined) this.observe(waiter.sql, answer.ms);
        waiter.resolve({ rows: answer.rows?.map(asBuffers) ?? [] });
      }
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`an SQLite reader stopped (exit code ${code})`)));
    worker.unref();
    this.#readers.push(reader);
    return reader;
  }
}

interface Reader {
  worker: Worker;
  pending: Map<
    number,
    { sql: string; resolve: (result: QueryResult<unknown>) => void; reject: (err: Error) => void }
  >;
}

interface Answer {
  id: number;
  rows?: Record<string, unknown>[];
  ms?: number;
  error?: { message: string; code?: string };
}

/** Blobs cross the thread as Uint8Array; the main connection answers them as Buffer. */
function asBuffers(row: Record<string, unknown>): Record<string, unknown> {
  for (const [column, value] of Object.entries(row))
    if (value instanceof Uint8Array && !Buffer.isBuffer(value))
      row[column] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  return row;
}

/** Kysely's SQLite dialect whose SELECTs outside a transaction run in the read pool. */
export class PooledSqliteDialect extends SqliteDialect {
  readonly #pool: SqliteReadPool;
  readonly #mainDriver: (driver: Driver) => Driver;

  /** `mainDriver` may wrap the main connection's driver (connect.ts: how transactions begin). */
  constructor(
    config: SqliteDialectConfig,
    pool: SqliteReadPool,
    mainDriver: (driver: Driver) => Driver = (driver) => driver,
  ) {
    super(config);
    this.#pool = pool;
    this.#mainDriver = mainDriver;
  }

  override createDriver(): Driver {
    return new ReadRoutingDriver(this.#mainDriver(super.createDriver()), this.#pool);
  }
}

/**
 * The main driver (one connection behind a mutex) with reads routed around it: a connection
 * Kysely acquires takes the main connection only when it first needs it (a write, a
 * transaction, a stream), and keeps it until released.
 */
class ReadRoutingDriver implements Driver {
  constructor(
    private readonly main: Driver,
    private readonly pool: SqliteReadPool,
  ) {}

  init() {
    return this.main.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.main, this.pool);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.main.beginTransaction(await routed(connection).pin(), settings);
  }

  async commitTransaction(connection: DatabaseConnection) {
    await this.main.commitTransaction(await routed(connection).pin());
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await this.main.rollbackTransaction(await routed(connection).pin());
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['savepoint']>>[2],
  ) {
    await this.main.savepoint?.(await routed(connection).pin(), name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['rollbackToSavepoint']>>[2],
  ) {
    await this.main.rollbackToSavepoint?.(await routed(connection).pin(), name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['releaseSavepoint']>>[2],
  ) {
    await this.main.releaseSavepoint?.(await routed(connection).pin(), name, compile);
  }

  async releaseConnection(connection: DatabaseConnection) {
    await routed(connection).release();
  }

  async destroy() {
    await this.pool.close();
    await this.main.destroy();
  }
}

const routed = (connection: DatabaseConnection) => connection as RoutedConnection;

class RoutedConnection implements DatabaseConnection {
  #inner: DatabaseConnection | undefined;

  constructor(
    private readonly main: Driver,
    private readonly pool: SqliteReadPool,
  ) {}

  /** The main connection, held from now until release. */
  async pin(): Promise<DatabaseConnection> {
    this.#inner ??= await this.main.acquireConnection();
    return this.#inner;
  }

  async release() {
    const inner = this.#inner;
    this.#inner = undefined;
    if (inner) await this.main.releaseConnection(inner);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#inner || !SelectQueryNode.is(query.query)) return (await this.pin()).executeQuery<R>(query);
    if (!this.pool.isQuick(query.sql) || this.pool.busy())
      return (await this.pool.run(query)) as QueryResult<R>;
    // Known to be quick, and no reader at work: on the main connection, still timed (other
    // parameters can make it slow).
    const main = await this.pin();
    const started = performance.now();
    const result = await main.executeQuery<R>(query);
    this.pool.observe(query.sql, performance.now() - started);
    return result;
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.pin()).streamQuery<R>(query, chunkSize);
  }
}
