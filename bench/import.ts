import { openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import {
  IMPORT_COLUMNS,
  IMPORT_EXAMPLE,
  IMPORT_MAIN_SHEET,
  IMPORT_PARTY_COLUMNS,
  IMPORT_PARTY_SHEET,
  type ImportMode,
} from '../contract/case-intake';
import { startServerProcess } from '../scripts/server-process';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/seed/demo-accounts';

/**
 * CPU seconds (user + system) each thread of a process has used so far, by thread id (Linux,
 * /proc/<pid>/task/<tid>/stat; clock ticks of 1/100 s). Threads that ended are not counted.
 */
/** Thread names by id, as the kernel has them (node's `V8Worker`, libuv's `libuv-worker`, a worker thread's `node`...). */
const threadNames = new Map<number, string>();

async function threadCpu(pid: number): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const tid of await readdir(`/proc/${pid}/task`).catch(() => [] as string[])) {
    const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => '');
    if (stat !== '') threadNames.set(Number(tid), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
    // The fields after the command's closing parenthesis: utime is the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.set(Number(tid), (Number(fields[11]) + Number(fields[12])) / 100);
  }
  return out;
}

/** Resident memory of a process, in bytes (Linux). */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** A fictitious 居民身份证 number of Shenzhen Nanshan with a valid check character, distinct for each `i` < 7,300,000. */
function idNumber(i: number): string {
  const born = new Date(Date.UTC(1950, 0, 1) + (i % 20_000) * 86_400_000);
  const day = born.toISOString().slice(0, 10).replace(/-/g, '');
  const body = `440305${day}${String(Math.floor(i / 20_000) % 1000).padStart(3, '0')}`;
  let sum = 0;
  for (let k = 0; k < 17; k++) sum += Number(body[k]) * WEIGHTS[k];
  return body + '10X98765432'[sum % 11];
}
const mobile = (i: number) => `1${3 + (i % 7)}${String(i).padStart(9, '0')}`;

/**
 * A spreadsheet like an operator's (issue 19's budget): the template's columns, `rows` distinct
 * cases each with the main debtor's ID and two phones, and a 当事人 sheet of `parties` more
 * (a guarantor with ID and phone for every other case), streamed to disk with shared strings
 * as Excel saves them.
 */
async function writeWorkbook(file: string, rows: number, parties: number, prefix: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = workbook.addWorksheet(IMPORT_MAIN_SHEET);
  const at = (field: string) => IMPORT_COLUMNS.findIndex((c) => c.field === field);
  sheet.addRow(IMPORT_COLUMNS.map((c) => c.header)).commit();
  for (let i = 0; i < rows; i++) {
    const row = [...IMPORT_EXAMPLE];
    row[at('caseNo')] = `${prefix}${String(i).padStart(8, '0')}`;
    row[at('title')] = `借款合同纠纷 ${i}`;
    row[at('debtorName')] = `债务人${i % 5000}`;
    row[at('amountFen')] = (1000 + (i % 100_000) / 100).toFixed(2);
    row[at('loanNo')] = `JK${prefix}${i}`;
    row[at('debtorIdNumber')] = idNumber(i);
    row[at('debtorPhones')] = `${mobile(i)};${mobile(i + 3_000_000)}`;
    row[at('debtorAddress')] = `广东省深圳市南山区某某路${i % 999}号${i}室`;
    for (const part of ['principalFen', 'interestFen', 'penaltyFen', 'feesFen']) row[at(part)] = '';
    sheet.addRow(row).commit();
  }
  sheet.commit();
  const second = workbook.addWorksheet(IMPORT_PARTY_SHEET);
  second.addRow(IMPORT_PARTY_COLUMNS.map((c) => c.header)).commit();
  for (let i = 0; i < parties; i++)
    second
      .addRow([
        `${prefix}${String((i * 2) % rows).padStart(8, '0')}`,
        '担保人',
        `担保人${i % 3000}`,
        '居民身份证',
        idNumber(i + 3_000_000),
        mobile(i + 6_000_000),
        `广东省深圳市福田区某某花园${i % 30}栋${i}室`,
        `深圳市某某${i % 300}科技有限公司`,
      ])
      .commit();
  second.commit();
  await workbook.commit();
}

/** A fresh PostgreSQL database of the bench's own, dropped first if a run left it. */
async function freshPostgres(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPostgres(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/**
 * The import of `rows` cases (with `parties` more on 当事人) from an .xlsx through the HTTP API,
 * on a throw-away database of each kind (`dbs`: sqlite, postgres): the time from upload to
 * done, and how far the server's resident memory rose above where it was before the upload
 * (sampled every 50 ms). Mode `valid`, then a second file in mode `all`.
 * BENCH_IMPORT_ROWS / BENCH_IMPORT_PARTIES make it smaller; BENCH_IMPORT_MODES=valid runs one
 * mode; BENCH_IMPORT_FILES=<dir> keeps the spreadsheets there and reuses them on the next run
 * (same sizes); BENCH_IMPORT_PROFILE=<dir> starts the server under `--cpu-prof` into that folder.
 */
export async function benchImport(
  say: (msg: string) => void,
  {
    rows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000),
    parties = Number(process.env.BENCH_IMPORT_PARTIES ?? 50_000),
    dbs = ['sqlite', 'postgres'],
    pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  }: { rows?: number; parties?: number; dbs?: string[]; pgAdminUrl?: string } = {},
): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'casedesk-bench-import-'));
  const kept = process.env.BENCH_IMPORT_FILES;
  if (kept) await mkdir(kept, { recursive: true });
  const modes = (process.env.BENCH_IMPORT_MODES ?? 'valid,all').split(',') as ImportMode[];
  const pgName = `casedesk_bench_import_${process.pid}`;
  say(
    `\n## case import (${rows.toLocaleString()} rows with the main debtor's ID and two phones, ${parties.toLocaleString()} more parties on 当事人; .xlsx through the HTTP API, throw-away databases)`,
  );
  try {
    const files = new Map<ImportMode, string>();
    for (const mode of modes) {
      const file = join(kept ?? dir, `${mode}-${rows}-${parties}.xlsx`);
      files.set(mode, file);
      if (kept && (await stat(file).catch(() => null))) continue;
      const made = performance.now();
      await writeWorkbook(file, rows, parties, mode === 'valid' ? 'BV' : 'BA');
      say(
        `file (${mode}): ${((await stat(file)).size / 2 ** 20).toFixed(1)} MiB, written in ${((performance.now() - made) / 1000).toFixed(1)} s`,
      );
    }
    for (const db of dbs) {
      const url =
        db === 'postgres' ? await freshPostgres(pgAdminUrl, pgName) : `sqlite:${join(dir, 'bench.db')}`;
      const profile = process.env.BENCH_IMPORT_PROFILE;
      const server = await startServerProcess(
        url,
        { SKIP_BUILD: '1', LOGIN_RATE_PER_MIN: '1000000' },
        profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
      );
      try {
        await importEach(say, server, db, rows, files);
      } finally {
        await server.stop();
        if (db === 'postgres') await dropPostgres(pgAdminUrl, pgName);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function importEach(
  say: (msg: string) => void,
  server: { url: string; pid?: number },
  db: string,
  rows: number,
  files: Map<ImportMode, string>,
) {
  const pid = server.pid;
  if (pid === undefined) throw new Error('no server pid');
  const operator = DEMO_ACCOUNTS.find((a) => a.role === 'caseOperation') ?? DEMO_ACCOUNTS[0];
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: operator.phone, password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  for (const [mode, file] of files) {
    const base = await rssOf(pid);
    let peak = base;
    let sampling = true;
    // Threads that live through the import only (the judging thread) are sampled while they run.
    const cpuBefore = await threadCpu(pid);
    let cpuLast = cpuBefore;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rssOf(pid).catch(() => 0));
        const now = await threadCpu(pid);
        for (const [tid, s] of cpuLast) if (!now.has(tid)) now.set(tid, s);
        cpuLast = now;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    const started = performance.now();
    const body = new FormData();
    body.append('mode', mode);
    body.append('file', await openAsBlob(file), `${mode}.xlsx`);
    const res = await fetch(`${server.url}/api/cases/imports`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${token}` },
    });
    const accepted = (await res.json()) as { data: { id: number }; msg: string };
    if (res.status !== 200) throw new Error(`import refused: ${res.status} ${accepted.msg}`);
    const answeredMs = performance.now() - started;
    let report: { status: string; imported: number; invalid: number };
    for (;;) {
      const poll = await fetch(`${server.url}/api/cases/imports/${accepted.data.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      report = ((await poll.json()) as { data: typeof report }).data;
      if (report.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    const cpuAfter = await threadCpu(pid);
    for (const [tid, s] of cpuLast) if (!cpuAfter.has(tid)) cpuAfter.set(tid, s);
    const used = [...cpuAfter].map(([tid, s]) => ({ tid, s: s - (cpuBefore.get(tid) ?? 0) }));
    const mainCpu = used.find((u) => u.tid === pid)?.s ?? 0;
    const others = used.filter((u) => u.tid !== pid && u.s >= 0.05).sort((a, b) => b.s - a.s);
    say(
      `${db}, mode ${mode}: ${report.status}, ${report.imported.toLocaleString()} imported, ${report.invalid} invalid in ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString()} rows/s; {id} answered after ${(answeredMs / 1000).toFixed(1)} s: upload, header check and row count); server RSS ${(base / 2 ** 20).toFixed(0)} MiB before, peak ${(peak / 2 ** 20).toFixed(0)} MiB, growth ${((peak - base) / 2 ** 20).toFixed(0)} MiB; CPU: main thread ${mainCpu.toFixed(1)} s, other threads ${others.map((o) => `${o.s.toFixed(1)} s ${threadNames.get(o.tid) ?? '?'}`).join(', ') || 'none'} (load average ${loadavg()[0].toFixed(1)})`,
    );
  }
}
