import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { startServerProcess } from '../scripts/server-process';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/seed/demo-accounts';
import { CASE_LIST_QUERY, captureStatements } from './case-list';
import { load, percentile } from './load';
import { settle } from './settle';

/**
 * `--only scale`: issue 9's figures on 1,000,000 cases, for SQLite and PostgreSQL alike:
 * (a) the case list over HTTP next to the same SQL run directly, (b) the workplace dashboard's
 * aggregates, (c) 200 connections for 20 s (autocannon, loopback) on the filtered list and on a
 * keyword search, (d) the list's throughput with WORKERS=1 and WORKERS=2 (`--only workers` runs
 * (d) alone). Prints; asserts nothing.
 */
export interface ScaleTarget {
  name: string;
  databaseUrl: string;
  /** Runs the captured statements once, directly (better-sqlite3 or pg). */
  raw(): Promise<RawRunner>;
  /**
   * Brings the database's file into the OS cache, as a running server has it, and says what
   * that took. This VM's kernel gives back the page cache of files left alone for a while: the
   * workplace's first request on SQLite took 4.7 s on a warm file and 52 s on one left idle.
   */
  warm?(): Promise<string>;
}

export interface RawRunner {
  run(statements: { sql: string; parameters: readonly unknown[] }[]): Promise<void>;
  close(): Promise<void>;
}

/** The keyword search: a name that is common in the seed (surname + given name). */
export const KEYWORD_QUERY = {
  keyword: '张伟',
  sortField: 'createdAt',
  sortOrder: 'descend',
  page: '1',
  pageSize: '20',
};

async function signIn(url: string, phone: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

/**
 * 200 connections for `seconds` (autocannon). Besides autocannon's own figures, the latency of
 * the requests on connections already open: each connection's first request also waits for the
 * server to accept it, and Node 20's libuv (1.46) accepts one connection per turn of the event
 * loop, so on a busy server 200 connections opened at once are accepted over seconds
 * (see bench/README, "fifth round"). Then waits until the server has finished what the closed
 * connections left it, so the next run starts on an idle server.
 */
async function cannon(url: string, token: string, seconds: number) {
  const opened = new Set<object>();
  const onOpen: number[] = [];
  const first: number[] = [];
  const run = autocannon({
    url,
    connections: 200,
    duration: seconds,
    timeout: 10,
    headers: { authorization: `Bearer ${token}` },
  });
  run.on('response', (client, _status, _bytes, responseTime) => {
    if (opened.has(client)) onOpen.push(responseTime);
    else {
      opened.add(client);
      first.push(responseTime);
    }
  });
  const result = await run;
  await idle(new URL(url).origin);
  return {
    perSecond: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    /** Requests on connections already open (every connection's first request left out). */
    open: {
      p50: whole(percentile(onOpen, 50)),
      p99: whole(percentile(onOpen, 99)),
      max: whole(percentile(onOpen, 100)),
    },
    /** Each connection's first request: accepted, then answered. */
    first: { count: first.length, p50: whole(percentile(first, 50)), max: whole(percentile(first, 100)) },
  };
}

/** Milliseconds to the whole one, as autocannon prints its own. */
const whole = (v: number) => Math.round(v);

/** autocannon's two latency views of a run, as one line's worth of text. */
function latencies(r: Awaited<ReturnType<typeof cannon>>): string {
  return `all requests: median ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms; on open connections: median ${r.open.p50} ms, p99 ${r.open.p99} ms, max ${r.open.max} ms; each connection's first request (${r.first.count}): median ${r.first.p50} ms, max ${r.first.max} ms`;
}

/**
 * Until the server answers /api/health promptly five times in a row (at most 30 s): autocannon
 * closes its connections when its time is up, but the server still answers what they had sent.
 */
async function idle(origin: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (let prompt = 0; prompt < 5 && Date.now() < deadline; ) {
    const started = performance.now();
    await (await fetch(`${origin}/api/health`)).arrayBuffer();
    prompt = performance.now() - started < 20 ? prompt + 1 : 0;
  }
}

const ms = (v: number) => `${v.toFixed(2)} ms`;

/** (d)'s warm-up under load before each measured run. */
const WARM_UP_SECONDS = 5;

export async function benchScale(
  target: ScaleTarget,
  opts: { seconds: number; loadSeconds: number },
  say: (msg: string) => void,
) {
  say(`\n## at scale: ${target.name} (${target.databaseUrl.replace(/\/\/[^@]*@/, '//')})`);
  if (target.warm) say(await target.warm());
  const server = await startServerProcess(target.databaseUrl, {
    LOGIN_RATE_PER_MIN: '1000000',
    ...benchPort(),
  });
  try {
    // Its start-up deadline sweep first: the steady state is measured, not the sweep (bench/settle.ts).
    if (server.pid !== undefined)
      say(`server settled after ${(await settle(server.pid)).toFixed(1)} s (its start-up deadline sweep)`);
    const token = await signIn(server.url, DEMO_ACCOUNTS[1].phone);
    const adminToken = await signIn(server.url, DEMO_ACCOUNTS[0].phone);
    const listUrl = `${server.url}/api/cases?${new URLSearchParams(CASE_LIST_QUERY)}`;
    const keywordUrl = `${server.url}/api/cases?${new URLSearchParams(KEYWORD_QUERY)}`;

    // (a) API next to raw SQL, in turns.
    const { steady } = await captureStatements(target.databaseUrl);
    const raw = await target.raw();
    const rounds = 6;
    const slice = Math.max(1, opts.seconds / rounds);
    const rawTimes: number[] = [];
    const apiTimes: number[] = [];
    const healthTimes: number[] = [];
    let apiErrors = 0;
    try {
      for (let round = 0; round < rounds; round++) {
        const deadline = performance.now() + slice * 1000;
        while (performance.now() < deadline) {
          const started = performance.now();
          await raw.run(steady);
          rawTimes.push(performance.now() - started);
        }
        const part = await load({
          url: listUrl,
          headers: { authorization: `Bearer ${token}` },
          concurrency: 1,
          seconds: slice,
        });
        apiTimes.push(...part.latenciesMs);
        apiErrors += part.errors;
        // The floor of any request on this machine: HTTP and one trivial statement, no caller.
        const health = await load({ url: `${server.url}/api/health`, concurrency: 1, seconds: slice / 2 });
        healthTimes.push(...health.latenciesMs);
      }
    } finally {
      await raw.close();
    }
    const med = (v: number[]) => percentile(v, 50);
    const p99 = (v: number[]) => percentile(v, 99);
    say(
      `(a) case list (status=processing, region=440000, newest first): API median ${ms(med(apiTimes))}, p99 ${ms(p99(apiTimes))} (${apiTimes.length} requests, ${apiErrors} errors); same ${steady.length} statements directly: median ${ms(med(rawTimes))}, p99 ${ms(p99(rawTimes))}; ratio (median) ${(med(apiTimes) / med(rawTimes)).toFixed(2)}x (target ≤ 1.5x)`,
    );
    say(
      `(a) floor: GET /api/health (HTTP and one trivial statement, no caller) median ${ms(med(healthTimes))}, p99 ${ms(p99(healthTimes))}; the list's API above that floor: ${ms(med(apiTimes) - med(healthTimes))}, against ${ms(med(rawTimes))} of raw SQL`,
    );

    // (b) The workplace dashboard's aggregates (superAdmin, every case): the first request
    // computes them (cold), later ones within 30 s are served from the figure cache (warm).
    const workplaceUrl = `${server.url}/api/dashboard/workplace`;
    const coldStarted = performance.now();
    const cold = await fetch(workplaceUrl, { headers: { authorization: `Bearer ${adminToken}` } });
    await cold.arrayBuffer();
    const coldMs = performance.now() - coldStarted;
    const dash = await load({
      url: workplaceUrl,
      headers: { authorization: `Bearer ${adminToken}` },
      concurrency: 1,
      seconds: Math.max(2, opts.seconds / 2),
    });
    say(
      `(b) GET /api/dashboard/workplace: first request (computed) ${ms(coldMs)} (status ${cold.status}); then (remembered up to 30 s) median ${ms(med(dash.latenciesMs))}, p99 ${ms(p99(dash.latenciesMs))} (${dash.requests} requests, ${dash.errors} errors)`,
    );

    // (c) 200 connections, each figure a fresh server-side state only as far as the count cache goes.
    for (const [label, url] of [
      ['filtered list (status + region)', listUrl],
      [`keyword search (${KEYWORD_QUERY.keyword})`, keywordUrl],
    ] as const) {
      const r = await cannon(url, token, opts.loadSeconds);
      say(
        `(c) 200 connections × ${opts.loadSeconds} s, ${label}: ${r.perSecond.toFixed(0)} requests/s (${r.total} in all); ${latencies(r)}; errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx} (targets: 0 errors, p99 < 500 ms)`,
      );
    }
  } finally {
    await server.stop();
  }

  await benchWorkers(target, opts, say);
}

/** BENCH_PORT: the port of the servers (d) starts, when the machine hands out ranges; else any free one. */
const benchPort = (): Record<string, string> =>
  process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {};

/**
 * Waits until `workers` different processes have answered /api/health (each on a connection of
 * its own, which the primary hands to the next worker in turn): the first answer comes when the
 * first worker listens, and load on a half-started cluster would measure one process.
 */
async function allWorkersUp(url: string, workers: number): Promise<void> {
  if (workers === 1) return;
  const seen = new Set<number>();
  const deadline = Date.now() + 120_000;
  while (seen.size < workers) {
    if (Date.now() > deadline)
      throw new Error(`only ${seen.size} of ${workers} workers answered within 120 s`);
    const res = await fetch(`${url}/api/health`, { headers: { connection: 'close' } });
    const body = (await res.json()) as { data?: { worker?: number | null }; worker?: number | null };
    const worker = body.data?.worker ?? body.worker;
    if (typeof worker === 'number') seen.add(worker);
    else await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * (d) The filtered list under the load of (c), served by one process (WORKERS=1) and then by
 * two on the same port (WORKERS=2, server/cluster.ts), each a fresh server on the same database.
 * Prints both and their ratio; asserts nothing.
 */
export async function benchWorkers(
  target: ScaleTarget,
  opts: { loadSeconds: number },
  say: (msg: string) => void,
): Promise<void> {
  const results: Array<Awaited<ReturnType<typeof cannon>>> = [];
  for (const workers of [1, 2]) {
    const server = await startServerProcess(target.databaseUrl, {
      LOGIN_RATE_PER_MIN: '1000000',
      WORKERS: String(workers),
      ...benchPort(),
    });
    try {
      await allWorkersUp(server.url, workers);
      const token = await signIn(server.url, DEMO_ACCOUNTS[1].phone);
      const url = `${server.url}/api/cases?${new URLSearchParams(CASE_LIST_QUERY)}`;
      // A few seconds of the same load first, not counted: each process compiles its hot code
      // and counts the list's total once, as the server of (c) has after (a) and (b).
      await cannon(url, token, WARM_UP_SECONDS);
      const r = await cannon(url, token, opts.loadSeconds);
      results.push(r);
      say(
        `(d) ${target.name}, WORKERS=${workers}, filtered list, 200 connections × ${opts.loadSeconds} s: ${r.perSecond.toFixed(0)} requests/s (${r.total} in all); ${latencies(r)}; errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx}`,
      );
    } finally {
      await server.stop();
    }
  }
  const [one, two] = results;
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');
  say(
    `(d) ${target.name}, WORKERS=2 vs WORKERS=1: ${ratio(two.perSecond, one.perSecond)} the requests/s, median ${ratio(two.p50, one.p50)}, p99 ${ratio(two.p99, one.p99)} (on ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')})`,
  );
}

/** SQLite: the statements through better-sqlite3 on a read-only connection of its own. */
export function sqliteTarget(file: string): ScaleTarget {
  return {
    name: 'SQLite',
    databaseUrl: `sqlite:${file}`,
    async warm() {
      const started = performance.now();
      let bytes = 0;
      const chunk = Buffer.alloc(8 << 20);
      for (const path of [file, `${file}-wal`].filter((p) => existsSync(p))) {
        const handle = await open(path, 'r');
        try {
          for (let at = 0; ; ) {
            const { bytesRead } = await handle.read(chunk, 0, chunk.length, at);
            if (bytesRead === 0) break;
            at += bytesRead;
            bytes += bytesRead;
          }
        } finally {
          await handle.close();
        }
      }
      return `read the database file once into the OS cache, as a running server has it: ${(bytes / 2 ** 30).toFixed(2)} GiB in ${((performance.now() - started) / 1000).toFixed(1)} s`;
    },
    async raw() {
      const sqlite = new SQLite(file, { readonly: true });
      const prepared = new Map<string, SQLite.Statement>();
      return {
        async run(statements) {
          for (const s of statements) {
            const statement = prepared.get(s.sql) ?? sqlite.prepare(s.sql);
            prepared.set(s.sql, statement);
            statement.all(...(s.parameters as unknown[]));
          }
        },
        close: async () => void sqlite.close(),
      };
    },
  };
}

/** PostgreSQL: the statements through a plain pg client, as an application would send them. */
export function postgresTarget(url: string): ScaleTarget {
  return {
    name: 'PostgreSQL',
    databaseUrl: url,
    async raw() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return {
        async run(statements) {
          for (const s of statements) await client.query(s.sql, s.parameters as unknown[]);
        },
        close: () => client.end(),
      };
    },
  };
}
