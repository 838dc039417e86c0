import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENTS_PER_CASE, type Attachment } from '../../contract/attachments';
import type { CaseDetail } from '../../contract/case-api';
import { CODES } from '../../contract/codes';
import { MESSAGES, type MessageKey } from '../../contract/messages';
import { STORAGE_KINDS } from '../../server/config';
import { CHUNK_BYTES } from '../../server/storage/database';
import { attachmentKey, attachmentPrefix } from '../../server/storage/storage';
import { demoLawyer, refuseInserts } from './fixtures';
import { startServer, type TestServer } from './harness';

let server: TestServer;
let demoLawyerId: number;
let demoFirmId: number;

type Role = Parameters<TestServer['tokenFor']>[0];

const used = new Set<number>();
/**
 * A case of its own per test, without seeded attachments (so its files are the test's): the demo
 * lawyer's, another lawyer's in another firm, or any.
 */
async function freshCase(kind: 'demoLawyer' | 'otherFirm' | 'any' = 'any'): Promise<number> {
  let query = server.app.db
    .selectFrom('cases')
    .select('id')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('case_attachments as a').select('a.id').whereRef('a.case_id', '=', 'cases.id'))),
    );
  if (kind === 'demoLawyer') query = query.where('lawyer_id', '=', demoLawyerId);
  if (kind === 'otherFirm')
    query = query
      .where('law_firm_id', '!=', demoFirmId)
      .where('lawyer_id', 'is not', null)
      .where('lawyer_id', '!=', demoLawyerId);
  const rows = await query.orderBy('id').execute();
  const row = rows.find((r) => !used.has(r.id));
  if (!row) throw new Error(`no unused case (${kind})`);
  used.add(row.id);
  return row.id;
}

async function upload(
  caseId: number,
  file: { name: string; bytes: Uint8Array<ArrayBuffer> | string; type?: string } | null,
  role: Role | null = 'caseOperation',
  field = 'file',
) {
  const body = new FormData();
  if (file) body.append(field, new Blob([file.bytes], { type: file.type ?? 'application/pdf' }), file.name);
  else body.append('note', 'no file here');
  const headers: Record<string, string> = {};
  if (role) headers.authorization = `Bearer ${await server.tokenFor(role)}`;
  const res = await fetch(`${server.url}/api/cases/${caseId}/attachments`, { method: 'POST', body, headers });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: Attachment } };
}

async function download(caseId: number, attachmentId: number, role: Role | null = 'caseOperation') {
  const headers: Record<string, string> = {};
  if (role) headers.authorization = `Bearer ${await server.tokenFor(role)}`;
  return fetch(`${server.url}/api/cases/${caseId}/attachments/${attachmentId}`, { headers });
}

async function detail(caseId: number, role: Role = 'caseOperation') {
  const res = await server.call<CaseDetail>('GET', `/api/cases/${caseId}`, {
    token: await server.tokenFor(role),
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

const msg = (key: MessageKey, params: Record<string, string | number> = {}) =>
  MESSAGES['zh-CN'][key].replace(/\{\{(\w+)\}\}/g, (_, n: string) => String(params[n] ?? ''));

/** Every file the storage holds for a case, half-written ones included (temporary files, loose chunks). */
const filesOf = async (caseId: number) =>
  (await server.app.storage.list(attachmentPrefix(caseId))).map((key) =>
    key.slice(attachmentPrefix(caseId).length),
  );

const PDF = new TextEncoder().encode('%PDF-1.4\n% CaseDesk test file\n%%EOF\n');

// Every test runs with files beside the database and with files in the database (issue 9).
describe.each(STORAGE_KINDS)('STORAGE=%s', (storage) => {
  beforeAll(async () => {
    // 1 MB, so "too large" needs no 20 MB body.
    server = await startServer({ UPLOAD_MAX_MB: '1', STORAGE: storage });
    used.clear();
    const lawyer = await demoLawyer(server);
    demoLawyerId = lawyer.id;
    demoFirmId = lawyer.law_firm_id;
  });
  afterAll(() => server.close());

  describe('case attachments: upload, list, download, remove', () => {
    it('stores the file, lists it in the detail, streams the same bytes back and removes it', async () => {
      const caseId = await freshCase();
      const name = '起诉状（2026）.pdf';
      const res = await upload(caseId, { name, bytes: PDF });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const added = res.body.data;
      expect(added).toMatchObject({
        name,
        size: PDF.byteLength,
        url: `/api/cases/${caseId}/attachments/${added.id}`,
      });

      const stored = await server.app.db
        .selectFrom('case_attachments')
        .selectAll()
        .where('id', '=', added.id)
        .executeTakeFirstOrThrow();
      expect(stored.url).toBe(added.url);
      expect(stored.stored_key).toMatch(/^[0-9a-f]{32}$/);
      // The client's name is never a path on disk.
      expect(await filesOf(caseId)).toEqual([stored.stored_key]);

      const listed = (await detail(caseId)).attachments.find((a) => a.id === added.id);
      expect(listed).toMatchObject({ name, url: added.url, size: PDF.byteLength });

      const audit = await server.app.db
        .selectFrom('audit_log')
        .select(['action', 'summary'])
        .where('entity', '=', 'case')
        .where('entity_id', '=', String(caseId))
        .execute();
      expect(audit.map((a) => a.action)).toContain('case.attachment.add');

      for (const role of ['caseOperation', 'bussinessOperation', 'superAdmin'] as const) {
        const file = await download(caseId, added.id, role);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe('application/pdf');
        const disposition = file.headers.get('content-disposition') ?? '';
        expect(disposition).toContain(
          `filename*=UTF-8''${encodeURIComponent(name).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
        );
        expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+";/);
        expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
      }

      const removed = await server.call<{ id: number }>(
        'DELETE',
        `/api/cases/${caseId}/attachments/${added.id}`,
        {
          token: await server.tokenFor('caseOperation'),
        },
      );
      expect(removed.status).toBe(200);
      expect(removed.body.data).toEqual({ id: added.id });
      expect((await detail(caseId)).attachments.some((a) => a.id === added.id)).toBe(false);
      expect(await filesOf(caseId)).toEqual([]);
      expect((await download(caseId, added.id)).status).toBe(404);
      const actions = await server.app.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity', '=', 'case')
        .where('entity_id', '=', String(caseId))
        .execute();
      expect(actions.map((a) => a.action)).toContain('case.attachment.remove');
    });

    it('keeps a file of several chunks byte for byte, in the storage STORAGE names', async () => {
      const caseId = await freshCase();
      // Not a multiple of the chunk size, and no two chunks alike.
      const bytes = new Uint8Array(2 * CHUNK_BYTES + 12_345);
      for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + (i >> 11)) & 0xff;
      const res = await upload(caseId, { name: '证据材料.pdf', bytes });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.size).toBe(bytes.length);
      const file = await download(caseId, res.body.data.id);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-length')).toBe(String(bytes.length));
      expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
      const [key] = await server.app.storage.list(attachmentPrefix(caseId));
      const chunks = await server.app.db
        .selectFrom('stored_file_chunks')
        .select(['chunk_no'])
        .where('key', '=', key as string)
        .orderBy('chunk_no')
        .execute();
      // In the database: three rows of at most 256 KiB; beside it: none.
      expect(chunks.map((c) => c.chunk_no)).toEqual(storage === 'database' ? [0, 1, 2] : []);
    });

    it('keeps every seeded attachment in the storage at the size listed, and serves them', async () => {
      const seeded = await server.app.db
        .selectFrom('case_attachments')
        .select(['id', 'case_id', 'size', 'name', 'stored_key'])
        .where('stored_key', 'like', 'seed-%')
        .orderBy('id')
        .execute();
      expect(seeded.length).toBeGreaterThan(1000);
      const failed: string[] = [];
      // Every one through the storage the server reads (its size without its bytes) ...
      for (const a of seeded) {
        const file = await server.app.storage.open(attachmentKey(a.case_id, a.stored_key ?? ''));
        file?.stream.destroy();
        if (!file || file.size !== Number(a.size))
          failed.push(`${a.case_id}/${a.id} ${a.name}: ${file?.size}`);
      }
      // ... and a spread of them over HTTP, byte for byte as the browser gets them (the whole set
      // over HTTP took most of a minute per storage for no more certainty).
      const token = await server.tokenFor('caseOperation');
      const sample = seeded.filter((_, i) => i % 40 === 0 || i === seeded.length - 1);
      for (let i = 0; i < sample.length; i += 8) {
        await Promise.all(
          sample.slice(i, i + 8).map(async (a) => {
            const res = await fetch(`${server.url}/api/cases/${a.case_id}/attachments/${a.id}`, {
              headers: { authorization: `Bearer ${token}` },
            });
            const bytes = await res.arrayBuffer();
            if (res.status !== 200 || bytes.byteLength !== Number(a.size))
              failed.push(`${a.case_id}/${a.id} ${a.name}: ${res.status}, ${bytes.byteLength} bytes`);
          }),
        );
      }
      expect(failed).toEqual([]);
    });

    it('lists every attachment with its download route; a record whose file is missing answers a clear 404', async () => {
      const caseId = await freshCase();
      const lost = await server.app.db
        .insertInto('case_attachments')
        .values({
          case_id: caseId,
          name: '丢失.pdf',
          url: '',
          size: 10,
          uploaded_by: await server.userId('13800000002'),
          created_at: new Date().toISOString(),
          stored_key: 'no-such-file',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const listed = (await detail(caseId)).attachments;
      expect(listed.map((a) => a.id)).toContain(lost.id);
      for (const a of listed) expect(a.url).toBe(`/api/cases/${caseId}/attachments/${a.id}`);
      const res = await download(caseId, lost.id);
      expect(res.status).toBe(404);
      const body = (await res.json()) as { code: number; msg: string };
      expect(body.code).toBe(CODES.notFound);
      expect(body.msg).toBe(msg('attachment.fileMissing'));
      // An attachment of another case is not reachable through this one.
      const other = await freshCase();
      expect((await download(other, lost.id)).status).toBe(404);
    });
  });

  describe('case attachments: who may', () => {
    it('answers 401 without a session', async () => {
      const caseId = await freshCase();
      expect((await upload(caseId, { name: 'a.pdf', bytes: PDF }, null)).status).toBe(401);
      expect((await download(caseId, 1, null)).status).toBe(401);
      expect((await server.call('DELETE', `/api/cases/${caseId}/attachments/1`)).status).toBe(401);
    });

    it('lets only those who edit a case add or remove (403 for the rest, even on their own case)', async () => {
      const caseId = await freshCase('demoLawyer');
      for (const role of ['lawyer', 'lawfirmContactPerson', 'bussinessOperation', 'admin'] as const) {
        const res = await upload(caseId, { name: 'a.pdf', bytes: PDF }, role);
        expect(res.status, role).toBe(403);
        expect(res.body.code).toBe(CODES.forbidden);
      }
      const added = await upload(caseId, { name: 'a.pdf', bytes: PDF }, 'superAdmin');
      expect(added.status).toBe(200);
      const del = await server.call('DELETE', `/api/cases/${caseId}/attachments/${added.body.data.id}`, {
        token: await server.tokenFor('lawyer'),
      });
      expect(del.status).toBe(403);
      expect(await filesOf(caseId)).toHaveLength(1);
    });

    it('lets readers download only within their scope: a lawyer off the case or another firm gets 404', async () => {
      const own = await freshCase('demoLawyer');
      const ownFile = (await upload(own, { name: 'own.png', bytes: PDF, type: 'image/png' })).body.data;
      const foreign = await freshCase('otherFirm');
      const foreignFile = (await upload(foreign, { name: 'foreign.pdf', bytes: PDF })).body.data;

      const mine = await download(own, ownFile.id, 'lawyer');
      expect(mine.status).toBe(200);
      expect(mine.headers.get('content-type')).toBe('image/png');
      expect((await download(own, ownFile.id, 'lawfirmContactPerson')).status).toBe(200);

      for (const role of ['lawyer', 'lawfirmContactPerson'] as const) {
        const res = await download(foreign, foreignFile.id, role);
        expect(res.status, role).toBe(404);
        expect(((await res.json()) as { msg: string }).msg).toBe(msg('case.notFound'));
      }
      expect((await download(own, ownFile.id, 'admin')).status).toBe(403);
    });
  });

  describe('case attachments: limits', () => {
    it('refuses a file over UPLOAD_MAX_MB with 413 and keeps nothing', async () => {
      const caseId = await freshCase();
      const res = await upload(caseId, { name: 'big.pdf', bytes: new Uint8Array(1024 * 1024 + 1) });
      expect(res.status).toBe(413);
      expect(res.body.code).toBe(CODES.payloadTooLarge);
      expect(res.body.msg).toBe(msg('attachment.tooLarge', { mb: 1 }));
      expect(await filesOf(caseId)).toEqual([]);
      expect((await detail(caseId)).attachments.some((a) => a.name === 'big.pdf')).toBe(false);
    });

    it.each([['run.exe'], ['notes.txt'], ['no-extension'], ['pdf']])('refuses %s with 400', async (name) => {
      const caseId = await freshCase();
      const res = await upload(caseId, { name, bytes: PDF });
      expect(res.status).toBe(400);
      const reason = msg('attachment.typeNotAllowed', {
        types: 'pdf, jpg, jpeg, png, doc, docx, xls, xlsx, zip',
      });
      expect(res.body.msg).toBe(reason);
      // The field's reason is the whole sentence too, the list of types included.
      expect((res.body as unknown as { errors: unknown }).errors).toEqual([
        { path: 'file', message: reason },
      ]);
      expect(await filesOf(caseId)).toEqual([]);
    });

    it('answers 400 when no file is sent, in another field, as JSON, or empty', async () => {
      const caseId = await freshCase();
      const token = await server.tokenFor('caseOperation');
      expect((await upload(caseId, null)).status).toBe(400);
      expect((await upload(caseId, { name: 'a.pdf', bytes: PDF }, 'caseOperation', 'document')).status).toBe(
        400,
      );
      const json = await server.call('POST', `/api/cases/${caseId}/attachments`, { token, body: {} });
      expect(json.status).toBe(400);
      expect(json.body.msg).toBe(msg('attachment.fileRequired'));
      const empty = await upload(caseId, { name: 'a.pdf', bytes: new Uint8Array(0) });
      expect(empty.status).toBe(400);
      expect(empty.body.msg).toBe(msg('attachment.emptyFile'));
      expect(await filesOf(caseId)).toEqual([]);
    });

    it(`refuses the ${ATTACHMENTS_PER_CASE + 1}th attachment of a case`, async () => {
      const caseId = await freshCase();
      const have = (await detail(caseId)).attachments.length;
      const now = new Date().toISOString();
      await server.app.db
        .insertInto('case_attachments')
        .values(
          Array.from({ length: ATTACHMENTS_PER_CASE - have }, (_, i) => ({
            case_id: caseId,
            name: `filler-${i}.pdf`,
            url: '',
            size: 1,
            uploaded_by: null,
            created_at: now,
          })),
        )
        .execute();
      const res = await upload(caseId, { name: 'one-more.pdf', bytes: PDF });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg('attachment.tooMany', { max: ATTACHMENTS_PER_CASE }));
      expect(await filesOf(caseId)).toEqual([]);
    });

    it('answers 404 for a case out of reach and for an unknown attachment', async () => {
      expect((await upload(999_999_999, { name: 'a.pdf', bytes: PDF })).status).toBe(404);
      const caseId = await freshCase();
      const del = await server.call('DELETE', `/api/cases/${caseId}/attachments/999999999`, {
        token: await server.tokenFor('caseOperation'),
      });
      expect(del.status).toBe(404);
      expect(del.body.msg).toBe(msg('attachment.notFound'));
    });

    it('leaves neither a row nor a file when the insert fails', async () => {
      const caseId = await freshCase();
      const before = await server.count('case_attachments');
      const auditBefore = await server.count('audit_log');
      const allow = await refuseInserts(server, 'case_attachments');
      try {
        const res = await upload(caseId, { name: 'a.pdf', bytes: PDF });
        expect(res.status).toBe(500);
      } finally {
        await allow();
      }
      expect(await server.count('case_attachments')).toBe(before);
      expect(await server.count('audit_log')).toBe(auditBefore);
      expect(await filesOf(caseId)).toEqual([]);
    });
  });
});
