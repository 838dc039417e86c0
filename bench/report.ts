import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { startServerProcess } from '../scripts/server-process';
import { DEMO_PASSWORD } from '../server/seed/demo-accounts';
import { settle } from './settle';

/** How many cases the measured batch holds (issue 20's budget is for 100,000). */
const REPORT_CASES = Number(process.env.BENCH_REPORT_CASES ?? 100_000);

/** Resident memory of a process, in bytes (Linux). */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/**
 * `npm run bench -- --only report` (issue 20's budget: the progress report of a 100,000-case
 * batch in under 10 s and under 100 MB of server RSS growth). On a copy of the bench database
 * (SQLite: the file copied; PostgreSQL: a database made from the bench one as its template),
 * the first `BENCH_REPORT_CASES` cases are moved into one batch (the triggers keep its figures),
 * then `GET /api/batches/:id/report` is read to its end as case operations would download it,
 * the server's RSS sampled every 50 ms. Prints; asserts nothing about time.
 */
export async function benchReport(
  target: { name: 'SQLite'; file: string } | { name: 'PostgreSQL'; adminUrl: string; database: string },
  say: (msg: string) => void,
): Promise<void> {
  say(`\n## batch report: ${target.name}`);
  let databaseUrl: string;
  let drop: () => Promise<void>;
  const moveSql = `update cases set batch_id = (select min(id) from case_batches)
    where id in (select id from cases order by id limit ${REPORT_CASES})`;
  const moved = performance.now();
  if (target.name === 'SQLite') {
    const copy = `${target.file}.report-copy.db`;
    for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
    copyFileSync(target.file, copy);
    if (existsSync(`${target.file}-wal`)) copyFileSync(`${target.file}-wal`, `${copy}-wal`);
    const sqlite = new SQLite(copy);
    sqlite.exec(moveSql);
    sqlite.close();
    databaseUrl = `sqlite:${copy}`;
    drop = async () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
    };
  } else {
    const name = `${target.database}_report_copy`;
    const admin = new pg.Client({ connectionString: target.adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name} template ${target.database}`);
    await admin.end();
    const url = new URL(target.adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    // In transactions of 1,000 cases: one statement over 100,000 rows updates the batch's summary
    // rows (row triggers) 100,000 times in one transaction, and PostgreSQL walks each row's growing
    // chain of versions on every update (quadratic: it had not finished after ten minutes).
    for (let from = 0; from < REPORT_CASES; from += 1000)
      await client.query(`update cases set batch_id = (select min(id) from case_batches)
        where id in (select id from cases order by id offset ${from} limit ${Math.min(1000, REPORT_CASES - from)})`);
    await client.end();
    drop = async () => {
      const c = new pg.Client({ connectionString: target.adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  say(
    `copy made and ${REPORT_CASES.toLocaleString()} cases put in one batch in ${((performance.now() - moved) / 1000).toFixed(1)} s`,
  );
  const server = await startServerProcess(databaseUrl, { LOGIN_RATE_PER_MIN: '1000000' });
  try {
    const pid = server.pid;
    if (pid === undefined) throw new Error('no server pid');
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '13800000002', password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const auth = { authorization: `Bearer ${token}` };
    const batches = (await (
      await fetch(`${server.url}/api/batches?page=1&pageSize=100`, { headers: auth })
    ).json()) as {
      data: { list: { id: number; cases: number }[] };
    };
    const batch = [...batches.data.list].sort((a, b) => b.cases - a.cases)[0];
    // The server's start-up work (its first deadline sweep over every case) is not the report's:
    // its CPU and memory settle first.
    const settled = await settle(pid);
    say(`server settled after ${settled.toFixed(1)} s (its start-up deadline sweep)`);
    const base = await rssOf(pid);
    let peak = base;
    const sampler = setInterval(() => {
      rssOf(pid).then(
        (rss) => {
          peak = Math.max(peak, rss);
        },
        () => undefined,
      );
    }, 50);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/batches/${batch.id}/report`, { headers: auth });
    let bytes = 0;
    const reader = res.body?.getReader();
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      bytes += chunk.value.byteLength;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    say(
      `GET /api/batches/${batch.id}/report (${batch.cases.toLocaleString()} cases): status ${res.status}, ${(bytes / 2 ** 20).toFixed(1)} MiB in ${seconds.toFixed(1)} s; server RSS ${(base / 2 ** 20).toFixed(0)} MiB before, peak ${(peak / 2 ** 20).toFixed(0)} MiB, growth ${((peak - base) / 2 ** 20).toFixed(0)} MiB`,
    );
  } finally {
    await server.stop();
    await drop();
  }
}
