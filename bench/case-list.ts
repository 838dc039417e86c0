import SQLite from 'better-sqlite3';
import { Kysely, type LogEvent, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { caseListQuerySchema } from '../contract/case-api';
import { listCases } from '../server/cases/list';
import { viewerOf } from '../server/cases/scope';
import type { AppContext } from '../server/context';
import type { Database } from '../server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/seed/demo-accounts';
import { load, percentile } from './load';

/** The filter the issue names: status + region, newest first (Guangdong, processing). */
export const CASE_LIST_QUERY = {
  status: 'processing',
  region: '440000',
  sortField: 'createdAt',
  sortOrder: 'descend',
  page: '1',
  pageSize: '20',
};

interface Captured {
  sql: string;
  parameters: readonly unknown[];
}

/**
 * The statements the API runs for one page of that list, captured from the server's own
 * code (listCases over Kysely with a query log), so the raw run below is the same SQL.
 */
export async function captureStatements(
  databaseUrl: string,
): Promise<{ steady: Captured[]; count: Captured[] }> {
  const captured: Captured[] = [];
  const log = (event: LogEvent) => {
    if (event.level === 'query') captured.push({ sql: event.query.sql, parameters: event.query.parameters });
  };
  const db = new Kysely<Database>({
    dialect: databaseUrl.startsWith('sqlite:')
      ? new SqliteDialect({ database: new SQLite(databaseUrl.slice('sqlite:'.length), { readonly: true }) })
      : new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }),
    log,
  });
  const app = { db, clock: { now: () => new Date() } } as unknown as AppContext;
  const user = await db
    .selectFrom('users')
    .select(['id', 'role', 'law_firm_id', 'phone', 'name'])
    .where('phone', '=', DEMO_ACCOUNTS[1].phone)
    .executeTakeFirstOrThrow();
  const viewer = await viewerOf(db, {
    userId: user.id,
    sessionId: 0,
    role: 'caseOperation',
    roles: ['caseOperation'],
    phone: user.phone,
    name: user.name,
    lawFirmId: user.law_firm_id,
  });
  const query = caseListQuerySchema.parse(CASE_LIST_QUERY);
  captured.length = 0;
  await listCases(app, viewer, query); // first page: ids, rows and the count
  const first = [...captured];
  captured.length = 0;
  await listCases(app, viewer, query); // steady state: the count comes from the 30 s cache
  const steady = [...captured];
  await db.destroy();
  const count = first.filter((s) => !steady.some((t) => t.sql === s.sql));
  return { steady, count };
}

function timeRaw(file: string, statements: Captured[], seconds: number): number[] {
  const sqlite = new SQLite(file, { readonly: true });
  const prepared = statements.map((s) => ({
    stmt: sqlite.prepare(s.sql),
    params: s.parameters as unknown[],
  }));
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    const started = performance.now();
    for (const { stmt, params } of prepared) stmt.all(...params);
    latencies.push(performance.now() - started);
  }
  sqlite.close();
  return latencies;
}

/**
 * The same statements, with the thread idle for 1 ms before each run, as a server's is between
 * requests. On this kind of machine (shared virtual CPUs) a thread that has slept runs the same
 * SQL markedly slower than one in a tight loop: this is the raw query at a server's pace.
 */
async function timeRawPaced(file: string, statements: Captured[], seconds: number): Promise<number[]> {
  const sqlite = new SQLite(file, { readonly: true });
  const prepared = statements.map((s) => ({
    stmt: sqlite.prepare(s.sql),
    params: s.parameters as unknown[],
  }));
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    const started = performance.now();
    for (const { stmt, params } of prepared) stmt.all(...params);
    latencies.push(performance.now() - started);
  }
  sqlite.close();
  return latencies;
}

export async function benchCaseList(
  serverUrl: string,
  dbFile: string,
  seconds: number,
  say: (msg: string) => void,
) {
  const { steady, count } = await captureStatements(`sqlite:${dbFile}`);
  const login = (await (
    await fetch(`${serverUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: DEMO_ACCOUNTS[1].phone, password: DEMO_PASSWORD }),
    })
  ).json()) as { data: { token: string } };
  const path = `/api/cases?${new URLSearchParams(CASE_LIST_QUERY)}`;

  // Raw and API take turns in short rounds, so a machine that speeds up or slows down during
  // the run (shared CPUs) weighs on both alike; each round gives a ratio of its own too.
  const rounds = 6;
  const slice = Math.max(1, seconds / rounds);
  const rawSteady: number[] = [];
  const rawPaced: number[] = [];
  const api = { latenciesMs: [] as number[], requests: 0, errors: 0 };
  const roundRatios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const raw = timeRaw(dbFile, steady, slice);
    rawPaced.push(...(await timeRawPaced(dbFile, steady, slice / 2)));
    const part = await load({
      url: serverUrl + path,
      headers: { authorization: `Bearer ${login.data.token}` },
      concurrency: 1,
      seconds: slice,
    });
    rawSteady.push(...raw);
    api.latenciesMs.push(...part.latenciesMs);
    api.requests += part.requests;
    api.errors += part.errors;
    roundRatios.push(percentile(part.latenciesMs, 50) / percentile(raw, 50));
  }
  const rawWithCount = timeRaw(dbFile, [...steady, ...count], Math.max(2, seconds / 2));
  const med = (v: number[]) => percentile(v, 50);
  const p99 = (v: number[]) => percentile(v, 99);
  say(`\n## case list (1 page of 20, status=processing, region=440000, newest first, caseOperation)`);
  say(
    `API over HTTP: median ${med(api.latenciesMs).toFixed(2)} ms, p99 ${p99(api.latenciesMs).toFixed(2)} ms (${api.requests} requests, ${api.errors} errors)`,
  );
  say(
    `same SQL via better-sqlite3 (${steady.length} statements, count cached as the API caches it): median ${med(rawSteady).toFixed(2)} ms, p99 ${p99(rawSteady).toFixed(2)} ms`,
  );
  say(
    `same SQL at a server's pace (the thread idle 1 ms before each run): median ${med(rawPaced).toFixed(2)} ms, p99 ${p99(rawPaced).toFixed(2)} ms`,
  );
  say(
    `same SQL with the count (${steady.length + count.length} statements): median ${med(rawWithCount).toFixed(2)} ms, p99 ${p99(rawWithCount).toFixed(2)} ms`,
  );
  say(
    `ratio API / raw (median): ${(med(api.latenciesMs) / med(rawSteady)).toFixed(2)}x (${med(roundRatios).toFixed(2)}x by round of ${rounds}; target ≤ 1.5x); the API adds the session lookup, the viewer's lawyer row, validation and JSON`,
  );
  say(`ratio API / raw at a server's pace (median): ${(med(api.latenciesMs) / med(rawPaced)).toFixed(2)}x`);
}
