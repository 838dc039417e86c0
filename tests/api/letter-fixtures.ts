import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { LetterRow } from '../../contract/firm-api';
import type { Message } from '../../contract/notifications';
import type { Paged } from '../../contract/paging';
import { demoLawyer } from './fixtures';
import type { TestServer } from './harness';

/**
 * What the letter tests share (letters-review.test.ts, letters-resubmit.test.ts, letters.test.ts): the server of the
 * file, letters and cases taken from the seed one at a time, and readers of a letter's PDF.
 */
let server: TestServer;
let demoFirmId: number;

/** The demo lawyer's (13800000005) lawyer record. */
export async function demoLawyerId(): Promise<number> {
  return (await demoLawyer(server)).id;
}

export type Role = Parameters<TestServer['tokenFor']>[0];

export const get = async (path: string, role: Role) =>
  server.call<Paged<LetterRow>>('GET', `/api/${path}`, { token: await server.tokenFor(role) });
export const errorPaths = (res: { body: { errors?: Array<{ path: string }> } }) =>
  (res.body.errors ?? []).map((e) => e.path);
export const stored = (id: number) =>
  server.app.db.selectFrom('law_firm_letters').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Letters are taken one by one from the seeded data (and put in the status a test needs), so no two tests share one. */
const used = new Set<number>();
export async function freshLetter(
  status: 'auditing' | 'passed' | 'rejected',
  firm: 'demo' | 'other' = 'other',
) {
  const rows = await server.app.db
    .selectFrom('law_firm_letters')
    .select('id')
    .where('law_firm_id', firm === 'demo' ? '=' : '!=', demoFirmId)
    .orderBy('id')
    .execute();
  const row = rows.find((r) => !used.has(r.id));
  if (!row) throw new Error(`no unused letter of the ${firm} firm`);
  used.add(row.id);
  const reviewed = status !== 'auditing';
  await server.app.db
    .updateTable('law_firm_letters')
    .set({
      status,
      reason: status === 'rejected' ? '缺少律所公章' : null,
      reviewer_id: reviewed ? await server.userId('13800000003') : null,
      reviewed_at: reviewed ? '2026-01-02T03:04:05.000Z' : null,
    })
    .where('id', '=', row.id)
    .execute();
  // Its case is in processing, so the letter may still be passed or sent in again
  // (machines/caseRules.ts canWriteLetter); a test of a closed case closes it.
  const { case_id } = await stored(row.id);
  if (case_id !== null) {
    await server.app.db
      .updateTable('cases')
      .set({ status: 'processing', position: null })
      .where('id', '=', case_id)
      .execute();
  }
  return stored(row.id);
}

export async function countLetters(where: { status?: string; firmId?: number }) {
  let q = server.app.db.selectFrom('law_firm_letters').select((eb) => eb.fn.countAll<number>().as('n'));
  if (where.status) q = q.where('status', '=', where.status);
  if (where.firmId) q = q.where('law_firm_id', '=', where.firmId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

// Letters written in the product -------------------------------------------------------------

/** A case of the demo lawyer in the status a test needs, taken from the seed one by one. */
const usedCases = new Set<number>();
export async function lawyersCase(status: 'processing' | 'suspended' = 'processing') {
  const lawyerId = await demoLawyerId();
  const rows = await server.app.db
    .selectFrom('cases')
    .select('id')
    .where('lawyer_id', 'is not', null)
    .where('status', 'in', ['processing', 'suspended', 'closed'])
    .orderBy('id')
    .execute();
  const row = rows.find((r) => !usedCases.has(r.id));
  if (!row) throw new Error('no unused handled case');
  usedCases.add(row.id);
  await server.app.db
    .updateTable('cases')
    .set({ lawyer_id: lawyerId, status, position: null })
    .where('id', '=', row.id)
    .execute();
  return server.app.db.selectFrom('cases').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
}

export const write = async (caseId: number, body: unknown, role: Role = 'lawyer') =>
  server.call<{ id: number }>('POST', `/api/cases/${caseId}/letters`, {
    token: await server.tokenFor(role),
    body,
  });

export async function pdfOf(id: number, role: Role) {
  const res = await fetch(`${server.url}/api/letters/${id}/pdf`, {
    headers: { authorization: `Bearer ${await server.tokenFor(role)}` },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
}

/** Is poppler's pdftotext installed (CI installs it; a newcomer's machine may not have it)? */
const hasPdftotext = await promisify(execFile)('pdftotext', ['-v']).then(
  () => true,
  () => false,
);

/**
 * The text of a PDF as a reader's tool extracts it (what they select and copy): poppler's
 * pdftotext where it is installed, else Mozilla's pdf.js. Either reads only real text with a
 * Unicode map; a drawn or unmapped glyph yields nothing.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  if (!hasPdftotext) {
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false })
      .promise;
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
    }
    await doc.destroy();
    return pages.join('\n');
  }
  const dir = mkdtempSync(join(tmpdir(), 'letter-'));
  try {
    writeFileSync(join(dir, 'l.pdf'), bytes);
    const { stdout } = await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', join(dir, 'l.pdf'), '-']);
    return stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function messagesOf(role: Role, lang = 'zh-CN') {
  const res = await server.call<{ list: Message[] }>('GET', '/api/message/list?limit=100', {
    token: await server.tokenFor(role),
    headers: { 'accept-language': lang },
  });
  return res.body.data.list;
}

/** The letter, now on a case of its own that is closed; as stored. */
export async function onClosedCase(letter: { id: number }) {
  const record = await lawyersCase();
  await server.app.db
    .updateTable('cases')
    .set({ status: 'closed', position: null })
    .where('id', '=', record.id)
    .execute();
  await server.app.db
    .updateTable('law_firm_letters')
    .set({ case_id: record.id })
    .where('id', '=', letter.id)
    .execute();
  return stored(letter.id);
}

/** Points the helpers at a file's server; answers the demo firm's id. */
export async function useLetterServer(next: TestServer): Promise<number> {
  server = next;
  used.clear();
  usedCases.clear();
  const contact = await server.app.db
    .selectFrom('users')
    .select('law_firm_id')
    .where('phone', '=', '13800000004')
    .executeTakeFirstOrThrow();
  demoFirmId = contact.law_firm_id as number;
  return demoFirmId;
}
