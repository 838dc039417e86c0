import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LetterRow } from '../../contract/firm-api';
import type { LetterFields } from '../../contract/letters';
import { STORAGE_KINDS } from '../../server/config';
import { renderLetterPdf } from '../../server/letters/pdf';
import { businessDay } from '../../server/letters/write';
import { auditRows } from './fixtures';
import { startServer, type TestServer } from './harness';
import {
  demoLawyerId,
  errorPaths,
  freshLetter,
  get,
  lawyersCase,
  messagesOf,
  pdfOf,
  pdfText,
  stored,
  useLetterServer,
  write,
} from './letter-fixtures';

let server: TestServer;
let demoFirmId: number;

// Letters written in the product, their PDFs and their way through review: every test runs
// with files beside the database and with files in the database (issue 9).
describe.each(STORAGE_KINDS)('STORAGE=%s', (storage) => {
  beforeAll(async () => {
    server = await startServer({ STORAGE: storage });
    demoFirmId = await useLetterServer(server);
  });
  afterAll(() => server.close());

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
      expect(businessDay(new Date('2026-03-01T17:30:00.000Z'))).toBe('2026-03-02');
      expect(businessDay(new Date('2026-03-01T15:59:00.000Z'))).toBe('2026-03-01');
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
    // The reviewer decides on the letter as it is now (the version they read).
    const review = async (id: number, body: object) =>
      server.call<LetterRow>('PUT', `/api/letters/${id}/review`, {
        token: await server.tokenFor('bussinessOperation'),
        body: { version: (await stored(id)).version, ...body },
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
