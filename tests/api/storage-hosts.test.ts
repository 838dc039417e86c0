import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment } from '../../contract/attachments';
import { CODES } from '../../contract/codes';
import { MESSAGES } from '../../contract/messages';
import { CHUNK_BYTES } from '../../server/storage/database';
import { startServers, type TestServer } from './harness';

/**
 * Two API hosts, one database (issue 9): two app instances, each on its own port with its own
 * files directory (two disks), sharing ONE database: the PostgreSQL server TEST_PG_URL names
 * (api-pg), PGlite otherwise (api-pg without a server), a shared SQLite file (node). Sessions
 * live in the database, so a token from A is good on B.
 */

/** A case without attachments, so its files are this test's. */
async function caseWithoutFiles(server: TestServer, skip: number[] = []): Promise<number> {
  const rows = await server.app.db
    .selectFrom('cases')
    .select('id')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('case_attachments as a').select('a.id').whereRef('a.case_id', '=', 'cases.id'))),
    )
    .orderBy('id')
    .limit(skip.length + 1)
    .execute();
  const row = rows.find((r) => !skip.includes(r.id));
  if (!row) throw new Error('no case without attachments');
  return row.id;
}

async function upload(server: TestServer, token: string, caseId: number, name: string, bytes: Uint8Array) {
  const body = new FormData();
  body.append('file', new Blob([Buffer.from(bytes)], { type: 'application/pdf' }), name);
  const res = await fetch(`${server.url}/api/cases/${caseId}/attachments`, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Attachment }).data;
}

const fetchAs = (server: TestServer, token: string, path: string) =>
  fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });

/** Not a multiple of the chunk size, no two chunks alike: a file of several rows in the database. */
function sampleBytes(): Uint8Array {
  const bytes = new Uint8Array(CHUNK_BYTES + 54_321);
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
  for (let i = 9; i < bytes.length; i++) bytes[i] = (i * 31 + (i >> 13)) & 0xff;
  return bytes;
}

describe('two hosts with two disks, one database, STORAGE=database', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    [a, b] = (await startServers([{ STORAGE: 'database' }, { STORAGE: 'database' }])) as [
      TestServer,
      TestServer,
    ];
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('are two instances with two files directories', () => {
    expect(a.url).not.toBe(b.url);
    expect(a.app.database.filesDir).not.toBe(b.app.database.filesDir);
  });

  it('serves through B, byte for byte, a file uploaded through A; a removal through B is seen by A', async () => {
    const token = await a.tokenFor('caseOperation');
    const caseId = await caseWithoutFiles(a);
    const bytes = sampleBytes();
    const added = await upload(a, token, caseId, '两台主机.pdf', bytes);
    const fromB = await fetchAs(b, token, added.url);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);

    const removed = await fetch(b.url + added.url, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.status).toBe(200);
    expect((await fetchAs(a, token, added.url)).status).toBe(404);
    expect(await a.app.storage.list(`${caseId}/`)).toEqual([]);
  });

  it('serves a seeded attachment and a letter written through A from B, the same bytes from both', async () => {
    const token = await a.tokenFor('caseOperation');
    const seeded = await a.app.db
      .selectFrom('case_attachments')
      .select('url')
      .where('stored_key', 'like', 'seed-%')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const [seedA, seedB] = await Promise.all([fetchAs(a, token, seeded.url), fetchAs(b, token, seeded.url)]);
    expect([seedA.status, seedB.status]).toEqual([200, 200]);
    expect(Buffer.from(await seedB.arrayBuffer()).equals(Buffer.from(await seedA.arrayBuffer()))).toBe(true);

    const lawyer = await a.app.db
      .selectFrom('lawyers as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select('l.id')
      .where('u.phone', '=', '13800000005')
      .executeTakeFirstOrThrow();
    const record = await a.app.db
      .selectFrom('cases')
      .select('id')
      .where('lawyer_id', 'is not', null)
      .where('status', 'in', ['processing', 'suspended', 'closed'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await a.app.db
      .updateTable('cases')
      .set({ lawyer_id: lawyer.id, status: 'processing', position: null })
      .where('id', '=', record.id)
      .execute();
    const lawyerToken = await a.tokenFor('lawyer');
    const written = await a.call<{ id: number }>('POST', `/api/cases/${record.id}/letters`, {
      token: lawyerToken,
      body: { template: 'collection', extra: '两台主机，同一份函件。' },
    });
    expect(written.status).toBe(200);
    const path = `/api/letters/${written.body.data.id}/pdf`;
    // What B serves is the stored file A wrote: change it in the storage and B serves the change.
    const { pdf_key } = await b.app.db
      .selectFrom('law_firm_letters')
      .select('pdf_key')
      .where('id', '=', written.body.data.id)
      .executeTakeFirstOrThrow();
    expect(pdf_key).not.toBeNull();
    const fromA = Buffer.from(await (await fetchAs(a, lawyerToken, path)).arrayBuffer());
    const marked = Buffer.concat([fromA, Buffer.from('\n% stored once, served by every host\n')]);
    await a.app.storage.put(pdf_key as string, marked);
    const fromB = await fetchAs(b, lawyerToken, path);
    expect(fromB.status).toBe(200);
    expect(Buffer.from(await fromB.arrayBuffer()).equals(marked)).toBe(true);
  });
});

describe('two hosts with two disks, one database, STORAGE=directory (the limit)', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    [a, b] = (await startServers([{}, {}])) as [TestServer, TestServer];
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("answers through B a clear 404 for a file only A's disk has", async () => {
    const token = await a.tokenFor('caseOperation');
    const caseId = await caseWithoutFiles(a);
    const bytes = sampleBytes();
    const added = await upload(a, token, caseId, '只在A盘上.pdf', bytes);
    const fromA = await fetchAs(a, token, added.url);
    expect(fromA.status).toBe(200);
    expect(Buffer.from(await fromA.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    // B reads the same row from the same database, but the file is on A's disk only.
    const fromB = await fetchAs(b, token, added.url);
    expect(fromB.status).toBe(404);
    const body = (await fromB.json()) as { code: number; msg: string };
    expect(body.code).toBe(CODES.notFound);
    expect(body.msg).toBe(MESSAGES['zh-CN']['attachment.fileMissing']);
  });
});
