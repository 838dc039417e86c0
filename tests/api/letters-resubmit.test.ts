import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LetterRow } from '../../contract/firm-api';
import { MESSAGES } from '../../contract/messages';
import { auditRows } from './fixtures';
import { startServer, type TestServer } from './harness';
import {
  errorPaths,
  freshLetter,
  get,
  onClosedCase,
  type Role,
  stored,
  useLetterServer,
} from './letter-fixtures';

let server: TestServer;

/** Letters sent back and sent in again (issue 7's stamp-return queue), under the same heading as letters-review.test.ts. */
describe('letters under review', () => {
  beforeAll(async () => {
    server = await startServer();
    await useLetterServer(server);
  });
  afterAll(() => server.close());

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

    it('can no longer send in again a letter whose case is closed (409), and writes nothing', async () => {
      const letter = await onClosedCase(await freshLetter('rejected'));
      await server.tokenFor('caseOperation'); // signed in before counting
      const audits = await server.count('audit_log');
      const res = await resubmit(letter.id, {});
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe(MESSAGES['zh-CN']['letter.caseClosed']);
      expect(await stored(letter.id)).toEqual(letter);
      expect(await server.count('audit_log')).toBe(audits);
    });

    it('refuses a resubmission naming an older version (409), and writes nothing', async () => {
      const letter = await freshLetter('rejected');
      const res = await resubmit(letter.id, { version: letter.version + 5 });
      expect(res.status).toBe(409);
      expect(res.body.data).toMatchObject({ version: letter.version });
      expect(await stored(letter.id)).toEqual(letter);
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
});
