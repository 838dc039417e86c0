import type { CompiledQuery } from 'kysely';
import type pg from 'pg';

/**
 * Statements that run on (almost) every request, prepared once per PostgreSQL connection.
 *
 * An unnamed statement is parsed and planned again on each run. A named one is parsed once per
 * connection, and PostgreSQL's plan cache (plan_cache_mode `auto`) keeps one generic plan when
 * it costs no more than planning for the values each time: the caller's lookup by token hash
 * took 0.58-0.66 ms unnamed and 0.29-0.37 ms named at a million cases (a server's own timing
 * of the statement, alternating runs). Other statements stay unnamed: their plans can depend
 * on the values (a rare region, a common status), and a connection keeps what it prepared.
 *
 * Only statements with their columns named may be marked: PostgreSQL refuses to run a
 * prepared `select *` once a migration has added a column ("cached plan must not change
 * result type") until the connection ends. SQLite and PGlite run the same statements as before.
 */
const names = new Map<string, string>();
/** A bound on what each connection keeps; past it, statements simply run unnamed. */
const MAX_REUSED = 32;

/**
 * Marks a compiled query as one to prepare once per connection (see above); returns it
 * unchanged, to run with `db.executeQuery` (compiled once, not again by `execute`).
 */
export function reusePlan<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  const { sql } = query;
  if (!names.has(sql)) {
    if (/\bselect\s+(\S+\.)?\*|\.\*/i.test(sql))
      throw new Error('reusePlan: a statement with `*` would fail once a migration adds a column');
    if (names.size < MAX_REUSED) names.set(sql, `casedesk_reused_${names.size + 1}`);
  }
  return query;
}

/** The name a statement is prepared under, if it was marked. */
export function reusedName(sql: string): string | undefined {
  return names.get(sql);
}

type QueryFn = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Makes the pool's connections run marked statements under their names (node-postgres
 * prepares a named statement on a connection the first time and then only binds it).
 */
export function prepareMarkedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as QueryFn;
    const named: QueryFn = (text, values, callback) => {
      const name = typeof text === 'string' ? names.get(text) : undefined;
      return name ? query({ name, text, values }, callback) : query(text, values, callback);
    };
    client.query = named as typeof client.query;
  });
}
