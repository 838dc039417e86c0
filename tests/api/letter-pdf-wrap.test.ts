import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textExtents } from '../pdf-extents';
import { startServer, type TestServer } from './harness';
import { lawyersCase, pdfOf, useLetterServer, write } from './letter-fixtures';

/** A letter's PDF as the API serves it keeps a 60-character name and an unbroken word inside the right margin. */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  await useLetterServer(server);
});
afterAll(() => server.close());

describe('GET /api/letters/:id/pdf with hostile text', () => {
  it('wraps a 60-character debtor name and creditor, an account number and an unbroken word inside the margin', async () => {
    const record = await lawyersCase();
    const debtorName = `${'Wolfeschlegelsteinhausenbergerdorff'}${'W'.repeat(25)}`;
    const token = await server.sessionFor('superAdmin');
    const edit = await server.call('PUT', `/api/cases/${record.id}`, {
      token,
      body: { version: record.version, debtorName, clientName: '深圳市'.repeat(20) },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const extra = `请汇款至账户 ${'6222021234567890123'.repeat(6)}，\n${'Supercalifragilisticexpialidocious'.repeat(5)}`;
    const letter = await write(record.id, { template: 'mediation', extra });
    expect(letter.status, JSON.stringify(letter.body)).toBe(200);
    const pdf = await pdfOf(letter.body.data.id, 'lawyer');
    expect(pdf.status).toBe(200);
    const extents = await textExtents(pdf.bytes);
    const past = extents.filter((e) => e.right > e.pageWidth - 64 + 0.5);
    expect(extents.some((e) => e.text.includes('Wolfeschlegel'))).toBe(true);
    expect(past).toEqual([]);
  });
});
