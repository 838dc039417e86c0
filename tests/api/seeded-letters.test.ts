import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LetterRow } from '../../contract/firm-api';
import type { Paged } from '../../contract/paging';
import { startServer, type TestServer } from './harness';
import { demoLawyerId, pdfOf, pdfText, useLetterServer } from './letter-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  await useLetterServer(server);
});
afterAll(() => server.close());

describe("the demo lawyer's seeded letters", () => {
  it('are theirs, written on cases they handle in processing: two waiting, two passed, two sent back with a reason', async () => {
    const res = await server.call<Paged<LetterRow>>('GET', '/api/letters?pageSize=100', {
      token: await server.tokenFor('lawyer'),
    });
    expect(res.status).toBe(200);
    const letters = res.body.data.list;
    const count = (status: string) => letters.filter((l) => l.status === status).length;
    expect([count('auditing'), count('passed'), count('rejected')]).toEqual([2, 2, 2]);
    for (const letter of letters) {
      expect(letter).toMatchObject({ written: true, fileUrl: null });
      expect(letter.letterNo).toMatch(/^LF\d{8}-\d{6}$/);
      expect(letter.title).toContain(letter.caseNo);
      expect(letter.template).not.toBeNull();
      expect(Boolean(letter.reason)).toBe(letter.status === 'rejected');
      expect(Boolean(letter.reviewedAt)).toBe(letter.status !== 'auditing');
    }
    const cases = await server.app.db
      .selectFrom('cases')
      .select(['id', 'status', 'lawyer_id'])
      .where(
        'id',
        'in',
        letters.map((l) => l.caseId as number),
      )
      .execute();
    expect(cases).toHaveLength(6);
    const lawyerId = await demoLawyerId();
    expect(cases.every((c) => c.status === 'processing' && c.lawyer_id === lawyerId)).toBe(true);
  });

  it('open as their PDF for the lawyer and for a reviewer, with the case number in the text', async () => {
    const res = await server.call<Paged<LetterRow>>('GET', '/api/letters?status=passed', {
      token: await server.tokenFor('lawyer'),
    });
    const [letter] = res.body.data.list;
    for (const role of ['lawyer', 'bussinessOperation'] as const) {
      const pdf = await pdfOf(letter.id, role);
      expect(pdf).toMatchObject({ status: 200, type: 'application/pdf' });
      expect(await pdfText(pdf.bytes)).toContain(letter.caseNo as string);
    }
  });
});
