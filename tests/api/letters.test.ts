import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LetterRow } from '../../contract/firm-api';
import type { LetterFields } from '../../contract/letters';
import { MESSAGES } from '../../contract/messages';
import type { Message } from '../../contract/notifications';
import type { Paged } from '../../contract/paging';
import { renderLetterPdf } from '../../server/letters/pdf';
import { chinaDay } from '../../server/letters/write';
import { STORAGE_KINDS } from '../../server/storage/storage';
import { auditRows } from './fixtures';
import { startServer, type TestServer } from './harness';

let server: TestServer;
let demoFirmId: number;

/** The demo lawyer's (13800000005) lawyer record. */
async function demoLawyerId(): Promise<number> {
  const row = await server.app.db
    .selectFrom('lawyers as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select('l.id')
    .where('u.phone', '=', '13800000005')
    .executeTakeFirstOrThrow();
  return row.id;
}

type Role = Parameters<TestServer['tokenFor']>[0];

const get = async (path: string, role: Role) =>
  server.call<Paged<LetterRow>>('GET', `/api/${path}`, { token: await server.tokenFor(role) });
const errorPaths = (res: { body: { errors?: Array<{ path: string }> } }) =>
  (res.body.errors ?? []).map((e) => e.path);
const stored = (id: number) =>
  server.app.db.selectFrom('law_firm_letters').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Letters are taken one by one from the seeded data (and put in the status a test needs), so no two tests share one. */
const used = new Set<number>();
async function freshLetter(status: 'auditing' | 'passed' | 'rejected', firm: 'demo' | 'other' = 'other') {
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
  return stored(row.id);
}

async function countLetters(where: { status?: string; firmId?: number }) {
  let q = server.app.db.selectFrom('law_firm_letters').select((eb) => eb.fn.countAll<number>().as('n'));
  if (where.status) q = q.where('status', '=', where.status);
  if (where.firmId) q = q.where('law_firm_id', '=', where.firmId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

// Letters written in the product -------------------------------------------------------------

/** A case of the demo lawyer in the status a test needs, taken from the seed one by one. */
const usedCases = new Set<number>();
async function lawyersCase(status: 'processing' | 'suspended' = 'processing') {
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

const write = async (caseId: number, body: unknown, role: Role = 'lawyer') =>
  server.call<{ id: number }>('POST', `/api/cases/${caseId}/letters`, {
    token: await server.tokenFor(role),
    body,
  });

async function pdfOf(id: number, role: Role) {
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
async function pdfText(bytes: Uint8Array): Promise<string> {
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

async function messagesOf(role: Role, lang = 'zh-CN') {
  const res = await server.call<{ list: Message[] }>('GET', '/api/message/list?limit=100', {
    token: await server.tokenFor(role),
    headers: { 'accept-language': lang },
  });
  return res.body.data.list;
}

// Every test runs with files beside the database and with files in the database (issue 9).
describe.each(STORAGE_KINDS)('STORAGE=%s', (storage) => {
  beforeAll(async () => {
    server = await startServer({ STORAGE: storage });
    used.clear();
    usedCases.clear();
    const contact = await server.app.db
      .selectFrom('users')
      .select('law_firm_id')
      .where('phone', '=', '13800000004')
      .executeTakeFirstOrThrow();
    demoFirmId = contact.law_firm_id as number;
  });
  afterAll(() => server.close());

  describe('GET /api/letters', () => {
    it('pages every letter for operations, newest submission first, with the firm', async () => {
      const res = await get('letters?pageSize=10', 'bussinessOperation');
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(await countLetters({}));
      expect(res.body.data.list).toHaveLength(10);
      const submitted = res.body.data.list.map((l) => l.submittedAt);
      expect(submitted).toEqual([...submitted].sort().reverse());
      expect(res.body.data.list[0].lawFirmName).toEqual(expect.any(String));
      const big = await get('letters?pageSize=101', 'caseOperation');
      expect(big.status).toBe(400);
      expect(errorPaths(big)).toEqual(['pageSize']);
    });

    it('filters by status (several at once), number and day', async () => {
      const passed = await get('letters?status=passed&pageSize=100', 'bussinessOperation');
      expect(passed.body.data.total).toBe(await countLetters({ status: 'passed' }));
      expect(passed.body.data.list.every((l) => l.status === 'passed')).toBe(true);
      const two = await get('letters?status=passed&status=rejected', 'bussinessOperation');
      expect(two.body.data.total).toBe(
        (await countLetters({ status: 'passed' })) + (await countLetters({ status: 'rejected' })),
      );
      const one = await get('letters?keyword=LH00000007', 'bussinessOperation');
      expect(one.body.data.list.map((l) => l.letterNo)).toEqual(['LH00000007']);
      const none = await get('letters?submittedFrom=2099-01-01', 'bussinessOperation');
      expect(none.body.data.total).toBe(0);
      const wrong = await get('letters?status=lost', 'bussinessOperation');
      expect(wrong.status).toBe(400);
      expect(errorPaths(wrong)[0]).toMatch(/^status/);
    });

    it("shows a contact person their own firm's letters only", async () => {
      const res = await get('letters?pageSize=100', 'lawfirmContactPerson');
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(await countLetters({ firmId: demoFirmId }));
      expect(res.body.data.list.every((l) => l.lawFirmId === demoFirmId)).toBe(true);
    });

    it('refuses admin', async () => {
      expect((await get('letters', 'admin')).status).toBe(403);
    });
  });

  describe('the letter queues', () => {
    it('lists letters under review for business operations, oldest first when asked', async () => {
      const res = await get('letters/auditing?pageSize=100&sortOrder=ascend', 'bussinessOperation');
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(await countLetters({ status: 'auditing' }));
      expect(res.body.data.list.every((l) => l.status === 'auditing')).toBe(true);
      const submitted = res.body.data.list.map((l) => l.submittedAt);
      expect(submitted).toEqual([...submitted].sort());
      // The queue has no status filter: a status in the query is not a way out of it.
      const asked = await get('letters/auditing?status=passed', 'bussinessOperation');
      expect(asked.body.data.list.every((l) => l.status === 'auditing')).toBe(true);
    });

    it('lists letters sent back, with the reason, for case operations', async () => {
      await freshLetter('rejected');
      const res = await get('letters/sent-back?pageSize=100', 'caseOperation');
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(await countLetters({ status: 'rejected' }));
      expect(res.body.data.list.every((l) => l.status === 'rejected' && l.reason)).toBe(true);
    });

    it("shows a contact person their own firm's letters sent back only", async () => {
      const own = await freshLetter('rejected', 'demo');
      const res = await get('letters/sent-back?pageSize=100', 'lawfirmContactPerson');
      expect(res.body.data.list.map((l) => l.id)).toContain(own.id);
      expect(res.body.data.list.every((l) => l.lawFirmId === demoFirmId)).toBe(true);
    });

    it('keeps each queue to its roles', async () => {
      expect((await get('letters/auditing', 'caseOperation')).status).toBe(403);
      expect((await get('letters/auditing', 'lawfirmContactPerson')).status).toBe(403);
      expect((await get('letters/sent-back', 'bussinessOperation')).status).toBe(403);
      expect((await get('letters/auditing', 'lawyer')).status).toBe(403);
    });

    it('shows a lawyer only the letters they wrote among those sent back (none of the older, unwritten ones)', async () => {
      await freshLetter('rejected', 'demo');
      const res = await get('letters/sent-back?pageSize=100', 'lawyer');
      expect(res.status).toBe(200);
      const lawyerId = await demoLawyerId();
      const own = await server.app.db
        .selectFrom('law_firm_letters')
        .select('id')
        .where('lawyer_id', '=', lawyerId)
        .where('status', '=', 'rejected')
        .execute();
      expect(res.body.data.list.map((l) => l.id).sort()).toEqual(own.map((r) => r.id).sort());
    });
  });

  describe('PUT /api/letters/:id/review', () => {
    const review = async (id: number, body: unknown, role: Role = 'bussinessOperation') =>
      server.call<LetterRow>('PUT', `/api/letters/${id}/review`, {
        token: await server.tokenFor(role),
        body,
      });

    it('passes a letter: who and when are kept, and the audit log says so', async () => {
      const letter = await freshLetter('auditing');
      const res = await review(letter.id, { status: 'passed' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        status: 'passed',
        reason: null,
        reviewerName: expect.any(String),
      });
      const after = await stored(letter.id);
      expect(after).toMatchObject({ status: 'passed', reviewer_id: await server.userId('13800000003') });
      expect(after.reviewed_at).not.toBeNull();
      expect(await auditRows(server, 'letter.review.passed', letter.id)).toHaveLength(1);
    });

    it('sends a letter back with its reason, into the stamp-return queue', async () => {
      const letter = await freshLetter('auditing');
      const res = await review(letter.id, { status: 'rejected', reason: '盖章不清晰' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'rejected', reason: '盖章不清晰' });
      const queue = await get('letters/sent-back?pageSize=100&sortField=reviewedAt', 'caseOperation');
      expect(queue.body.data.list[0]).toMatchObject({ id: letter.id, reason: '盖章不清晰' });
    });

    it.each([
      ['a rejection without a reason', { status: 'rejected' }, 'reason'],
      ['a decision that is not one', { status: 'auditing' }, 'status'],
      ['a reason over 200 characters', { status: 'rejected', reason: '因'.repeat(201) }, 'reason'],
    ])('refuses %s, naming the field, and writes nothing', async (_what, body, path) => {
      const letter = await freshLetter('auditing');
      const audits = await server.count('audit_log');
      const res = await review(letter.id, body);
      expect(res.status).toBe(400);
      expect(errorPaths(res)).toEqual([path]);
      expect(await stored(letter.id)).toEqual(letter);
      expect(await server.count('audit_log')).toBe(audits);
    });

    it('answers 409 for a letter already reviewed, and writes nothing', async () => {
      const letter = await freshLetter('passed');
      const audits = await server.count('audit_log');
      const res = await review(letter.id, { status: 'rejected', reason: '重新审核' });
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe(MESSAGES['zh-CN']['letter.notAuditing']);
      expect(await stored(letter.id)).toEqual(letter);
      expect(await server.count('audit_log')).toBe(audits);
    });

    it('lets exactly one of two simultaneous reviews win', async () => {
      const letter = await freshLetter('auditing');
      const token = await server.tokenFor('bussinessOperation');
      const answers = await Promise.all([
        server.call('PUT', `/api/letters/${letter.id}/review`, { token, body: { status: 'passed' } }),
        server.call('PUT', `/api/letters/${letter.id}/review`, {
          token,
          body: { status: 'rejected', reason: '盖章不清晰' },
        }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const audits = [
        ...(await auditRows(server, 'letter.review.passed', letter.id)),
        ...(await auditRows(server, 'letter.review.rejected', letter.id)),
      ];
      expect(audits).toHaveLength(1);
    });

    it('answers 404 for a letter that does not exist and 403 for other roles', async () => {
      expect((await review(999_999, { status: 'passed' })).status).toBe(404);
      const letter = await freshLetter('auditing', 'demo');
      for (const role of ['caseOperation', 'lawfirmContactPerson', 'lawyer'] as const) {
        expect((await review(letter.id, { status: 'passed' }, role)).status, role).toBe(403);
      }
      expect((await stored(letter.id)).status).toBe('auditing');
    });
  });

  describe('POST /api/letters/:id/resubmit', () => {
    const resubmit = async (id: number, body: unknown, role: Role = 'caseOperation') =>
      server.call<LetterRow>('POST', `/api/letters/${id}/resubmit`, {
        token: await server.tokenFor(role),
        body,
      });

    it('puts a letter sent back under review again, submitted now, the old reason kept in the audit log', async () => {
      const letter = await freshLetter('rejected');
      const res = await resubmit(letter.id, { note: '已重新加盖公章' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        status: 'auditing',
        reason: null,
        reviewerName: null,
        resubmissions: 1,
      });
      const after = await stored(letter.id);
      expect(after).toMatchObject({ status: 'auditing', reason: null, reviewer_id: null, reviewed_at: null });
      expect(after.submitted_at > letter.submitted_at).toBe(true);
      const [audit] = await auditRows(server, 'letter.resubmit', letter.id);
      expect(audit.summary).toContain('缺少律所公章');
      expect(audit.summary).toContain('已重新加盖公章');

      const queue = await get('letters/auditing?pageSize=1', 'bussinessOperation');
      expect(queue.body.data.list[0]).toMatchObject({ id: letter.id, resubmissions: 1 });
    });

    it('answers 409 for a letter that was not sent back, and writes nothing', async () => {
      const letter = await freshLetter('auditing');
      const audits = await server.count('audit_log');
      const res = await resubmit(letter.id, {});
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe(MESSAGES['zh-CN']['letter.notRejected']);
      expect(await stored(letter.id)).toEqual(letter);
      expect(await server.count('audit_log')).toBe(audits);
    });

    it('refuses a note over 200 characters, naming the field', async () => {
      const letter = await freshLetter('rejected');
      const res = await resubmit(letter.id, { note: '注'.repeat(201) });
      expect(res.status).toBe(400);
      expect(errorPaths(res)).toEqual(['note']);
      expect(await stored(letter.id)).toEqual(letter);
    });

    it("lets a contact person resubmit their own firm's letter, and answers 404 for another firm's", async () => {
      const own = await freshLetter('rejected', 'demo');
      expect((await resubmit(own.id, {}, 'lawfirmContactPerson')).status).toBe(200);
      const other = await freshLetter('rejected', 'other');
      const res = await resubmit(other.id, {}, 'lawfirmContactPerson');
      expect(res.status).toBe(404);
      expect(await stored(other.id)).toEqual(other);
    });

    it('refuses business operations, and answers 404 to a lawyer for a letter they did not write', async () => {
      const letter = await freshLetter('rejected');
      expect((await resubmit(letter.id, {}, 'bussinessOperation')).status).toBe(403);
      expect((await resubmit(letter.id, {}, 'lawyer')).status).toBe(404);
      expect((await stored(letter.id)).status).toBe('rejected');
    });
  });

  describe('POST /api/cases/:id/letters', () => {
    it('writes a letter for the handling lawyer: the case facts kept, under review, reviewers told', async () => {
      const record = await lawyersCase();
      const res = await write(record.id, { template: 'collection', extra: '请于本月底前联系本所。' });
      expect(res.status).toBe(200);
      const letter = await stored(res.body.data.id);
      expect(letter).toMatchObject({
        case_id: record.id,
        template: 'collection',
        status: 'auditing',
        lawyer_id: await demoLawyerId(),
        law_firm_id: demoFirmId,
      });
      expect(letter.letter_no).toMatch(/^LF\d{8}-\d{6}$/);
      const fields = JSON.parse(letter.fields ?? '{}') as LetterFields;
      expect(fields).toMatchObject({
        caseNo: record.case_no,
        debtorName: record.debtor_name,
        creditorName: record.client_name,
        amountFen: record.amount_fen,
        extra: '请于本月底前联系本所。',
      });
      expect(fields.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await auditRows(server, 'letter.write', letter.id)).toHaveLength(1);
      const notice = (await messagesOf('bussinessOperation')).find((m) =>
        m.content.includes(letter.letter_no),
      );
      expect(notice).toMatchObject({ link: '/result/letter-audit' });
      expect(notice?.content).toContain(record.case_no);
    });

    it('dates a letter by the day in Shanghai, not in UTC', () => {
      // 17:30 UTC on 1 March is 01:30 on 2 March in Shanghai; 15:59 UTC is still the same day.
      expect(chinaDay(new Date('2026-03-01T17:30:00.000Z'))).toBe('2026-03-02');
      expect(chinaDay(new Date('2026-03-01T15:59:00.000Z'))).toBe('2026-03-01');
    });

    it('lists a lawyer the letters they wrote, and only those (GET /letters and GET /letters/:id)', async () => {
      const record = await lawyersCase();
      const { id } = (await write(record.id, { template: 'repayment' })).body.data;
      const mine = await get('letters?pageSize=100', 'lawyer');
      expect(mine.status).toBe(200);
      expect(mine.body.data.list.map((l) => l.id)).toContain(id);
      const lawyerId = await demoLawyerId();
      const written = await server.app.db
        .selectFrom('law_firm_letters')
        .select('id')
        .where('lawyer_id', '=', lawyerId)
        .execute();
      expect(mine.body.data.total).toBe(written.length);
      const one = await server.call<LetterRow>('GET', `/api/letters/${id}`, {
        token: await server.tokenFor('lawyer'),
      });
      expect(one.body.data).toMatchObject({ id, template: 'repayment', written: true, caseId: record.id });
      const old = await freshLetter('auditing', 'demo');
      const notMine = await server.call('GET', `/api/letters/${old.id}`, {
        token: await server.tokenFor('lawyer'),
      });
      expect(notMine.status).toBe(404);
    });

    it('refuses a case the lawyer does not handle, one not in processing, and a bad template', async () => {
      const pool = await server.app.db
        .selectFrom('cases')
        .select('id')
        .where('position', '=', 'pool')
        .where('lawyer_id', 'is', null)
        .executeTakeFirstOrThrow();
      const before = await server.count('law_firm_letters');
      expect((await write(pool.id, { template: 'collection' })).status).toBe(403);
      const others = await server.app.db
        .selectFrom('cases')
        .select('id')
        .where('status', '=', 'processing')
        .where('lawyer_id', '!=', await demoLawyerId())
        .executeTakeFirstOrThrow();
      expect((await write(others.id, { template: 'collection' })).status).toBe(404);
      const suspended = await lawyersCase('suspended');
      const closedRes = await write(suspended.id, { template: 'mediation' });
      expect(closedRes.status).toBe(409);
      const own = await lawyersCase();
      const bad = await write(own.id, { template: 'threat' });
      expect(bad.status).toBe(400);
      expect(errorPaths(bad)).toEqual(['template']);
      const long = await write(own.id, { template: 'collection', extra: '长'.repeat(1001) });
      expect(long.status).toBe(400);
      expect(errorPaths(long)).toEqual(['extra']);
      expect(await server.count('law_firm_letters')).toBe(before);
    });
  });

  describe('GET /api/letters/:id/pdf', () => {
    it("is a PDF whose text carries the debtor's Chinese name and the case number", async () => {
      const record = await lawyersCase();
      const { id } = (await write(record.id, { template: 'mediation' })).body.data;
      const pdf = await pdfOf(id, 'lawyer');
      expect(pdf.status).toBe(200);
      expect(pdf.type).toBe('application/pdf');
      expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');
      const text = await pdfText(pdf.bytes);
      expect(text).toContain(record.debtor_name);
      expect(text).toContain(record.case_no);
      expect(text).toContain('调解邀请函');
      // Rendered from what the letter says, nothing else: the same bytes from a fresh rendering.
      const row = await stored(id);
      const again = await renderLetterPdf('mediation', JSON.parse(row.fields ?? '{}') as LetterFields, {
        letterNo: row.letter_no,
        writtenAt: new Date(row.submitted_at),
      });
      expect(again).toEqual(pdf.bytes);
    });

    it("opens for the firm's contact person and reviewers, and for nobody else", async () => {
      const record = await lawyersCase();
      const { id } = (await write(record.id, { template: 'collection' })).body.data;
      expect((await pdfOf(id, 'lawfirmContactPerson')).status).toBe(200);
      expect((await pdfOf(id, 'bussinessOperation')).status).toBe(200);
      expect((await pdfOf(id, 'superAdmin')).status).toBe(200);
      expect((await pdfOf(id, 'caseOperation')).status).toBe(403);
      expect((await pdfOf(id, 'admin')).status).toBe(403);
      // Another firm's contact person would see nothing: the letter is moved to another firm.
      await server.app.db
        .updateTable('law_firm_letters')
        .set({ law_firm_id: demoFirmId + 1 })
        .where('id', '=', id)
        .execute();
      expect((await pdfOf(id, 'lawfirmContactPerson')).status).toBe(404);
      await server.app.db
        .updateTable('law_firm_letters')
        .set({ lawyer_id: null })
        .where('id', '=', id)
        .execute();
      expect((await pdfOf(id, 'lawyer')).status).toBe(404);
    });

    it('serves the PDF stored when the letter was written; a letter without one is rendered', async () => {
      const record = await lawyersCase();
      const { id } = (await write(record.id, { template: 'repayment' })).body.data;
      const row = await stored(id);
      expect(row.pdf_key).toMatch(new RegExp(`^letters/${id}/[0-9a-f]{16}\\.pdf$`));
      const key = row.pdf_key as string;
      expect(await server.app.storage.exists(key)).toBe(true);
      const rendering = await renderLetterPdf('repayment', JSON.parse(row.fields ?? '{}') as LetterFields, {
        letterNo: row.letter_no,
        writtenAt: new Date(row.submitted_at),
      });
      const first = await pdfOf(id, 'lawyer');
      expect(first.bytes).toEqual(rendering);
      // The stored bytes are what is served, not a rendering: changed in the storage, changed in the answer.
      const marked = Buffer.concat([Buffer.from(rendering), Buffer.from('\n% stored copy\n')]);
      await server.app.storage.put(key, marked);
      const served = await pdfOf(id, 'bussinessOperation');
      expect(Buffer.from(served.bytes).equals(marked)).toBe(true);
      // A letter with no stored PDF (written before PDFs were stored) is rendered from its fields.
      await server.app.db
        .updateTable('law_firm_letters')
        .set({ pdf_key: null })
        .where('id', '=', id)
        .execute();
      expect((await pdfOf(id, 'lawyer')).bytes).toEqual(rendering);
    });

    it('answers 404 for a letter from before letters were written in the product', async () => {
      const old = await freshLetter('auditing');
      const res = await pdfOf(old.id, 'bussinessOperation');
      expect(res.status).toBe(404);
    });
  });

  describe('a written letter through review', () => {
    const review = async (id: number, body: unknown) =>
      server.call<LetterRow>('PUT', `/api/letters/${id}/review`, {
        token: await server.tokenFor('bussinessOperation'),
        body,
      });

    it('tells the lawyer it passed, linking to the case', async () => {
      const record = await lawyersCase();
      const { id } = (await write(record.id, { template: 'collection' })).body.data;
      const res = await review(id, { status: 'passed' });
      expect(res.status).toBe(200);
      const letterNo = (await stored(id)).letter_no;
      const notice = (await messagesOf('lawyer')).find((m) => m.content.includes(letterNo));
      expect(notice).toMatchObject({ title: '律师函审核通过', link: `/case/processing/${record.id}` });
    });

    it('needs a reason to send it back, tells the lawyer why, and takes it back rewritten', async () => {
      const record = await lawyersCase();
      const { id } = (await write(record.id, { template: 'collection', extra: '旧的段落。' })).body.data;
      const writtenKey = (await stored(id)).pdf_key;
      expect(writtenKey).not.toBeNull();
      const noReason = await review(id, { status: 'rejected' });
      expect(noReason.status).toBe(400);
      expect(errorPaths(noReason)).toEqual(['reason']);
      expect((await stored(id)).status).toBe('auditing');

      expect((await review(id, { status: 'rejected', reason: '金额表述有误' })).status).toBe(200);
      const letterNo = (await stored(id)).letter_no;
      const zh = (await messagesOf('lawyer')).find((m) => m.content.includes(letterNo));
      expect(zh).toMatchObject({ title: '律师函被退回', link: '/profile/letters' });
      expect(zh?.content).toContain('金额表述有误');
      const en = (await messagesOf('lawyer', 'en-US')).find((m) => m.content.includes(letterNo));
      expect(en?.title).toBe('Letter sent back');

      const sentBack = await get('letters/sent-back', 'lawyer');
      expect(sentBack.body.data.list.map((l) => l.id)).toContain(id);

      const again = await server.call<LetterRow>('POST', `/api/letters/${id}/resubmit`, {
        token: await server.tokenFor('lawyer'),
        body: { extra: '新的段落：金额已更正。' },
      });
      expect(again.status).toBe(200);
      expect(again.body.data.status).toBe('auditing');
      // A new PDF is stored for the rewritten letter and the old one is gone.
      const firstKey = writtenKey as string;
      const newKey = (await stored(id)).pdf_key as string;
      expect(newKey).not.toBe(firstKey);
      expect(await server.app.storage.exists(newKey)).toBe(true);
      expect(await server.app.storage.exists(firstKey)).toBe(false);
      const text = await pdfText((await pdfOf(id, 'lawyer')).bytes);
      expect(text).toContain('新的段落');
      expect(text).not.toContain('旧的段落');
      const toReviewers = (await messagesOf('bussinessOperation')).filter((m) =>
        m.content.includes(letterNo),
      );
      expect(toReviewers).toHaveLength(2);

      // Sent back once more and sent in with the field left blank: the paragraph stays.
      expect((await review(id, { status: 'rejected', reason: '请补充联系方式' })).status).toBe(200);
      const unchanged = await server.call('POST', `/api/letters/${id}/resubmit`, {
        token: await server.tokenFor('lawyer'),
        body: { extra: '' },
      });
      expect(unchanged.status).toBe(200);
      expect(await pdfText((await pdfOf(id, 'lawyer')).bytes)).toContain('新的段落');
    });
  });
});
