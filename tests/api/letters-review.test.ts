import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LetterRow } from '../../contract/firm-api';
import { MESSAGES } from '../../contract/messages';
import { auditRows } from './fixtures';
import { startServer, type TestServer } from './harness';
import {
  countLetters,
  demoLawyerId,
  errorPaths,
  freshLetter,
  get,
  lawyersCase,
  onClosedCase,
  type Role,
  stored,
  useLetterServer,
} from './letter-fixtures';

let server: TestServer;
let demoFirmId: number;

/**
 * Letters under review (issue 7's queues): lists, review, resubmission. Nothing here reads a
 * stored PDF, so it runs once; letters.test.ts writes letters under each storage, and
 * letters-resubmit.test.ts sends letters in again.
 */
describe('letters under review', () => {
  beforeAll(async () => {
    server = await startServer();
    demoFirmId = await useLetterServer(server);
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
    // The reviewer decides on the letter as it is now (the version they read), unless a test names one.
    const review = async (id: number, body: object, role: Role = 'bussinessOperation') =>
      server.call<LetterRow>('PUT', `/api/letters/${id}/review`, {
        token: await server.tokenFor(role),
        body: { version: (await stored(id).catch(() => ({ version: 1 }))).version, ...body },
      });

    it("shows the letter's decisions in its case's history, to operations and to the letter's firm only", async () => {
      const letter = await freshLetter('auditing');
      // On a case in processing of its own (a seeded letter may name no case).
      const caseId = (await lawyersCase()).id;
      await server.app.db
        .updateTable('law_firm_letters')
        .set({ case_id: caseId })
        .where('id', '=', letter.id)
        .execute();
      const rejected = await review(letter.id, { status: 'rejected', reason: '缺少送达地址' });
      expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
      type Trail = { auditTrail: Array<{ action: string; actionLabel: string; detail: string }> };
      const detail = async (role: Role) =>
        server.call<Trail>('GET', `/api/cases/${caseId}`, { token: await server.tokenFor(role) });
      const seen = await detail('bussinessOperation');
      expect(seen.status).toBe(200);
      const entry = seen.body.data.auditTrail.find((a) => a.action === 'letter.review.rejected');
      expect(entry).toMatchObject({ actionLabel: '律师函审核驳回' });
      expect(entry?.detail).toContain(letter.letter_no);
      expect(entry?.detail).toContain('缺少送达地址');
      // The case is the demo lawyer's, the letter another firm's: the demo lawyer reads the case
      // but none of that firm's letters in its history.
      const other = await detail('lawyer');
      expect(other.status).toBe(200);
      expect(other.body.data.auditTrail.filter((a) => a.action.startsWith('letter.'))).toEqual([]);
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
        server.call('PUT', `/api/letters/${letter.id}/review`, {
          token,
          body: { status: 'passed', version: letter.version },
        }),
        server.call('PUT', `/api/letters/${letter.id}/review`, {
          token,
          body: { status: 'rejected', reason: '盖章不清晰', version: letter.version },
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

    it('needs the version the reviewer read: without it 400 at `version`, and nothing is written', async () => {
      const letter = await freshLetter('auditing');
      const res = await server.call('PUT', `/api/letters/${letter.id}/review`, {
        token: await server.tokenFor('bussinessOperation'),
        body: { status: 'passed' },
      });
      expect(res.status).toBe(400);
      expect(errorPaths(res)).toEqual(['version']);
      expect(await stored(letter.id)).toEqual(letter);
    });

    it('serves the version on rows and details, and counts every change (a decision, a resubmission)', async () => {
      const letter = await freshLetter('auditing');
      const detail = await server.call<LetterRow>('GET', `/api/letters/${letter.id}`, {
        token: await server.tokenFor('bussinessOperation'),
      });
      expect(detail.body.data.version).toBe(letter.version);
      const rows = await get('letters/auditing?pageSize=100', 'bussinessOperation');
      expect(rows.body.data.list.every((l) => Number.isInteger(l.version) && l.version >= 1)).toBe(true);

      const rejected = await review(letter.id, { status: 'rejected', reason: '盖章不清晰' });
      expect(rejected.body.data.version).toBe(letter.version + 1);
      const again = await server.call<LetterRow>('POST', `/api/letters/${letter.id}/resubmit`, {
        token: await server.tokenFor('caseOperation'),
        body: { version: letter.version + 1 },
      });
      expect(again.status).toBe(200);
      expect(again.body.data.version).toBe(letter.version + 2);
    });

    it('refuses a decision taken on an older version (the letter was sent in again): 409 with what it is now', async () => {
      const letter = await freshLetter('auditing');
      const readVersion = letter.version;
      // Sent back, then sent in again by the lawyer's side: under review again, but not what was read.
      expect((await review(letter.id, { status: 'rejected', reason: '盖章不清晰' })).status).toBe(200);
      expect(
        (
          await server.call('POST', `/api/letters/${letter.id}/resubmit`, {
            token: await server.tokenFor('caseOperation'),
            body: {},
          })
        ).status,
      ).toBe(200);
      const before = await stored(letter.id);
      const audits = await server.count('audit_log');

      const res = await review(letter.id, {
        status: 'rejected',
        reason: '旧对话框里的原因',
        version: readVersion,
      });
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe(MESSAGES['zh-CN']['letter.staleVersion']);
      expect(res.body.data).toEqual({
        version: readVersion + 2,
        savedBy: { id: await server.userId('13800000002'), name: expect.any(String) },
        savedAt: before.changed_at,
      });
      expect(await stored(letter.id)).toEqual(before);
      expect(await server.count('audit_log')).toBe(audits);
    });

    it('can no longer pass a letter whose case is closed (409), and can still send it back', async () => {
      const letter = await onClosedCase(await freshLetter('auditing'));
      const passed = await review(letter.id, { status: 'passed' });
      expect(passed.status).toBe(409);
      expect(passed.body.msg).toBe(MESSAGES['zh-CN']['letter.caseClosed']);
      expect(await stored(letter.id)).toEqual(letter);
      expect((await review(letter.id, { status: 'rejected', reason: '案件已结案' })).status).toBe(200);
    });
  });
});
