import { existsSync, readdirSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import {
  type CaseImport,
  CLAIM_PART_FIELDS,
  IMPORT_COLUMNS,
  IMPORT_EXAMPLE,
} from '../../contract/case-intake';
import { MESSAGES, type MessageKey } from '../../contract/messages';
import { importTempDir } from '../../server/cases/imports/receive';
import type { TestServer } from './harness';

/**
 * What the import tests share (case-import.test.ts, import-owners.test.ts): the file's
 * server, import files made with exceljs, the upload as the page sends it, and the wait for
 * an import to end.
 */
let server: TestServer;

/** Points the helpers at a file's server. */
export function useImportServer(next: TestServer): void {
  server = next;
}

export type Role = Parameters<TestServer['tokenFor']>[0];
export const HEADERS = IMPORT_COLUMNS.map((c) => c.header);
export const zh = (key: MessageKey, params: Record<string, string | number> = {}) =>
  MESSAGES['zh-CN'][key].replace(/\{\{(\w+)\}\}/g, (_, n: string) => String(params[n] ?? ''));

/** Case numbers the seed never uses; each test takes its own. */
let next = 0;
export const caseNo = () => `IM${String(++next).padStart(8, '0')}`;

/**
 * A main-sheet row: the template's example with this case number, `over` changing some cells.
 * The claim's parts are left blank unless given (all principal), so a row may change its amount.
 */
export const row = (
  no: string,
  over: Partial<Record<(typeof IMPORT_COLUMNS)[number]['field'], unknown>> = {},
) =>
  IMPORT_COLUMNS.map((c, i) =>
    c.field in over
      ? over[c.field as keyof typeof over]
      : i === 0
        ? no
        : (CLAIM_PART_FIELDS as readonly string[]).includes(c.field)
          ? ''
          : IMPORT_EXAMPLE[i],
  );

export async function xlsx(rows: unknown[][], headers: string[] = HEADERS): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('cases');
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(r);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

export async function upload(
  file: { name: string; bytes: Uint8Array<ArrayBuffer> | string } | null,
  mode: string | null = 'valid',
  role: Role = 'caseOperation',
) {
  const body = new FormData();
  if (mode !== null) body.append('mode', mode);
  if (file) body.append('file', new Blob([file.bytes]), file.name);
  const res = await fetch(`${server.url}/api/cases/imports`, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${await server.tokenFor(role)}` },
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      msg: string;
      data: { id: number };
      errors?: { path: string; message: string }[];
    },
  };
}

/** Waits, as the page does, until the import is no longer running. */
export async function finished(id: number, role: Role = 'caseOperation'): Promise<CaseImport> {
  const token = await server.tokenFor(role);
  for (;;) {
    const res = await server.call<CaseImport>('GET', `/api/cases/imports/${id}`, { token });
    expect(res.status).toBe(200);
    if (res.body.data.status !== 'running') return res.body.data;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function importFile(rows: unknown[][], mode: 'all' | 'valid', name = 'cases.xlsx') {
  const res = await upload({ name, bytes: await xlsx(rows) }, mode);
  expect(res.status).toBe(200);
  return finished(res.body.data.id);
}

export const storedCount = async (nos: string[]) =>
  Number(
    (
      await server.app.db
        .selectFrom('cases')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('case_no', 'in', nos)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const tempFiles = () => {
  const dir = importTempDir(server.app);
  return existsSync(dir) ? readdirSync(dir) : [];
};
