import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * PGlite (PostgreSQL compiled to WebAssembly, in this process) seen as the `pg` pool Kysely's
 * PostgreSQL dialect expects. PGlite is one connection: a client is lent to one caller at a time
 * (a transaction holds it until it ends), the others wait their turn in order. Used where no
 * PostgreSQL server is at hand: `npm test` on a newcomer's machine (`DATABASE_URL=pglite:`).
 */
export async function pglitePool(
  dataDir: string | undefined,
  loadDataDir?: Blob,
): Promise<PostgresPool & { dumpDataDir(): Promise<Blob> }> {
  // A development dependency, loaded only when asked for.
  const { PGlite, types } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create({
    dataDir,
    loadDataDir,
    extensions: { pg_trgm },
    // As the server's pool reads them (connect.ts): sums and averages come back as numbers.
    parsers: { [types.NUMERIC]: (value: string) => Number(value) },
  });
  let queue: Promise<void> = Promise.resolve();
  const client = (release: () => void): PostgresPoolClient =>
    ({
      async query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
        // PGlite answers like pg: rows, the statement's command and how many rows it touched.
        const result = (await db.query<R>(sql, parameters as unknown[])) as Awaited<
          ReturnType<typeof db.query<R>>
        > & { command?: string; rowCount?: number };
        return {
          command: (result.command ?? 'SELECT') as PostgresQueryResult<R>['command'],
          rowCount: result.rowCount ?? result.affectedRows ?? 0,
          rows: result.rows,
        };
      },
      release,
    }) as PostgresPoolClient;
  return {
    async connect() {
      let release!: () => void;
      const turn = new Promise<void>((resolve) => {
        release = resolve;
      });
      const before = queue;
      queue = queue.then(() => turn);
      await before;
      let released = false;
      return client(() => {
        if (released) return;
        released = true;
        release();
      });
    },
    async end() {
      await queue;
      await db.close();
    },
    /** For tests: the whole database as a tarball another PGlite can start from. */
    dumpDataDir: async () => {
      await queue;
      return db.dumpDataDir('none');
    },
  };
}
