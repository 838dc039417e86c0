import { openAsBlob } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, IMPORT_EXAMPLE, type ImportMode } from '../contract/case-intake';
import { startServerProcess } from '../scripts/server-process';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/seed/demo-accounts';

/** Resident memory of a process, in bytes (Linux). */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** A spreadsheet like an operator's: the template's columns, `rows` distinct cases, streamed to disk. */
async function writeWorkbook(file: string, rows: number, prefix: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = workbook.addWorksheet('cases');
  sheet.addRow(IMPORT_COLUMNS.map((c) => c.header)).commit();
  for (let i = 0; i < rows; i++) {
    const row = [...IMPORT_EXAMPLE];
    row[0] = `${prefix}${String(i).padStart(8, '0')}`;
    row[1] = `借款合同纠纷 ${i}`;
    row[3] = `债务人${i % 5000}`;
    row[6] = (1000 + (i % 100_000) / 100).toFixed(2);
    sheet.addRow(row).commit();
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * The import of `rows` cases from an .xlsx through the HTTP API, on a throw-away database: the
 * time from upload to done, and how far the server's resident memory rose above where it was
 * before the upload (sampled every 50 ms).
 */
export async function benchImport(say: (msg: string) => void, rows = 100_000): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'casedesk-bench-import-'));
  const server = await startServerProcess(`sqlite:${join(dir, 'bench.db')}`, {
    SKIP_BUILD: '1',
    LOGIN_RATE_PER_MIN: '1000000',
  });
  try {
    const pid = server.pid;
    if (pid === undefined) throw new Error('no server pid');
    const operator = DEMO_ACCOUNTS.find((a) => a.role === 'caseOperation') ?? DEMO_ACCOUNTS[0];
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: operator.phone, password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    say(`\n## case import (${rows.toLocaleString()} rows, .xlsx, HTTP API, throw-away SQLite database)`);

    for (const [mode, prefix] of [
      ['valid', 'BV'],
      ['all', 'BA'],
    ] as [ImportMode, string][]) {
      const file = join(dir, `${mode}.xlsx`);
      const made = performance.now();
      await writeWorkbook(file, rows, prefix);
      const size = (await stat(file)).size;
      say(
        `file: ${(size / 2 ** 20).toFixed(1)} MiB, written in ${((performance.now() - made) / 1000).toFixed(1)} s`,
      );

      const base = await rssOf(pid);
      let peak = base;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, await rssOf(pid).catch(() => 0));
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
      say(
        `mode ${mode}: ${report.status}, ${report.imported.toLocaleString()} imported, ${report.invalid} invalid in ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString()} rows/s; {id} answered after ${(answeredMs / 1000).toFixed(1)} s: upload, header check and row count); server RSS ${(base / 2 ** 20).toFixed(0)} MiB before, peak ${(peak / 2 ** 20).toFixed(0)} MiB, growth ${((peak - base) / 2 ** 20).toFixed(0)} MiB`,
      );
    }
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
