import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import type { BulkJob } from '../contract/bulk-jobs';
import { startServerProcess } from '../scripts/server-process';
import { DEMO_PASSWORD } from '../server/seed/demo-accounts';
import { type LoadResult, load, percentile } from './load';
import { settle } from './settle';

/**
 * CPU seconds the process has used (user + system, its threads included): on a shared machine
 * the wall time says as much about the neighbours as about the job, this says what it cost.
 */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's ") ".
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const noLoad = async (): Promise<LoadResult> => ({
  requests: 0,
  errors: 0,
  seconds: 0,
  perSecond: 0,
  latenciesMs: [],
});

/**
 * `npm run bench -- --only bulk` (issue 20's budget: a bulk push of 10,000 pooled cases by filter
 * on the bench database under 10 s on SQLite and 20 s on PostgreSQL, while 50 other connections
 * list cases and sign in with p99 under 500 ms). The push runs on a copy of the bench database
 * (SQLite: the file copied; PostgreSQL: a database made from the bench one as its template), so
 * the bench database itself stays as seeded. Prints; asserts nothing about time.
 */
export async function benchBulk(
  target: { name: 'SQLite'; file: string } | { name: 'PostgreSQL'; adminUrl: string; database: string },
  say: (msg: string) => void,
): Promise<void> {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  if (target.name === 'SQLite') {
    const copy = `${target.file}.bulk-copy.db`;
    // BENCH_BULK_KEEP_COPY=1: the copy a previous run kept is pushed again (profiling at 1M without
    // copying 4 GB each time; its pool is smaller by what earlier runs pushed), and kept.
    const keep = process.env.BENCH_BULK_KEEP_COPY === '1';
    if (!keep || !existsSync(copy)) {
      for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
      copyFileSync(target.file, copy);
      if (existsSync(`${target.file}-wal`)) copyFileSync(`${target.file}-wal`, `${copy}-wal`);
    }
    databaseUrl = `sqlite:${copy}`;
    drop = async () => {
      if (keep) return;
      for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
    };
  } else {
    const name = `${target.database}_bulk_copy`;
    const admin = new pg.Client({ connectionString: target.adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name} template ${target.database}`);
    await admin.end();
    const url = new URL(target.adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: target.adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  // BENCH_BULK_PROFILE=<dir>: the server under --cpu-prof; BENCH_BULK_ALONE=1: no other connections.
  const profile = process.env.BENCH_BULK_PROFILE;
  const alone = process.env.BENCH_BULK_ALONE === '1';
  const server = await startServerProcess(
    databaseUrl,
    { LOGIN_RATE_PER_MIN: '1000000' },
    profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
  );
  try {
    // The start-up deadline sweep's first pass over the bench data is not the job's figure.
    if (server.pid !== undefined)
      say(`server settled after ${(await settle(server.pid)).toFixed(1)} s (its start-up deadline sweep)`);
    const api = async <T>(method: string, path: string, token?: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${server.url}/api${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = (await res.json()) as { data: T; msg: string };
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.msg}`);
      return json.data;
    };
    const login = (phone: string) =>
      api<{ token: string }>('POST', '/login', undefined, { phone, password: DEMO_PASSWORD }).then(
        (d) => d.token,
      );
    const token = await login('13800000002');
    // The newest pooled cases, about 10,000 of them: the earliest creation day that keeps the total under the cap.
    const poolTotal = async (from?: string) =>
      (
        await api<{ total: number }>(
          'GET',
          `/cases?status=pending&position=pool&pageSize=1${from ? `&createdFrom=${from}` : ''}`,
          token,
        )
      ).total;
    const today = Date.now();
    let lo = 0;
    let hi = 3650;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      const day = new Date(today - mid * 86_400_000).toISOString().slice(0, 10);
      if ((await poolTotal(day)) <= 10_000) lo = mid;
      else hi = mid - 1;
    }
    const createdFrom = new Date(today - lo * 86_400_000).toISOString().slice(0, 10);
    const total = await poolTotal(createdFrom);
    const firm = await api<{ list: Array<{ id: number }> }>('GET', '/lawfirms/options', token);
    const lawFirmId = firm.list[0]?.id;
    say(`\n## bulk push (${target.name})\npool cases created from ${createdFrom}: ${total.toLocaleString()}`);

    // The other connections: 46 list readers and 4 sign-ins, each its own keep-alive connection.
    const readerToken = await login('13800000003');
    let running = true;
    const others = Promise.all(
      alone
        ? [noLoad(), noLoad()]
        : [
            load({
              url: `${server.url}/api/cases?page=1&pageSize=20`,
              headers: { authorization: `Bearer ${readerToken}` },
              concurrency: 46,
              seconds: 120,
              until: () => !running,
            }),
            load({
              url: `${server.url}/api/login`,
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: () => JSON.stringify({ phone: '13800000003', password: DEMO_PASSWORD }),
              concurrency: 4,
              seconds: 120,
              until: () => !running,
            }),
          ],
    );
    const cpuBefore = cpuSeconds(server.pid);
    const started = performance.now();
    const { id } = await api<{ id: number }>('POST', '/cases/bulk-jobs', token, {
      action: 'push',
      filter: { status: ['pending'], position: 'pool', createdFrom },
      lawFirmId,
    });
    const accepted = performance.now() - started;
    let job: BulkJob;
    for (;;) {
      job = await api<BulkJob>('GET', `/cases/bulk-jobs/${id}`, token);
      if (job.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSeconds(server.pid) - cpuBefore;
    running = false;
    const [lists, logins] = await others;
    say(
      `POST /api/cases/bulk-jobs answered {id} in ${accepted.toFixed(0)} ms (selection fixed, ${total.toLocaleString()} result rows written); job ${job.status}: ${job.succeeded.toLocaleString()} pushed, ${job.refused} refused, ${seconds.toFixed(1)} s from POST to done (${(job.total / seconds).toFixed(0)} cases/s); the server used ${cpu.toFixed(1)} s of CPU meanwhile${alone ? ' (no other connections)' : ', the other connections included'}`,
    );
    say(
      `meanwhile GET /api/cases (46 connections): ${lists.requests} requests, ${lists.errors} errors, median ${percentile(lists.latenciesMs, 50).toFixed(1)} ms, p99 ${percentile(lists.latenciesMs, 99).toFixed(1)} ms; POST /api/login (4 connections): ${logins.requests} sign-ins, p99 ${percentile(logins.latenciesMs, 99).toFixed(1)} ms`,
    );
    say(
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')} (the machine is shared)`,
    );
  } finally {
    await server.stop();
    await drop();
  }
}
