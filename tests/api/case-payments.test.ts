import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseDetail } from '../../contract/case-api';
import type { Paged } from '../../contract/paging';
import { freshCase, useCaseServer } from './case-fixtures';
import { auditRows, businessToday } from './fixtures';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  await useCaseServer(server);
});
afterAll(() => server.close());

describe('payment follow-ups and repayments', () => {
  it('lets the handling lawyer and operations record follow-ups, shown newest first', async () => {
    const before = await freshCase({ status: 'processing', lawyer: 'demo' });
    const first = await server.call('POST', `/api/cases/${before.id}/follow-ups`, {
      token: await server.tokenFor('lawyer'),
      body: { note: '电话联系，承诺月底还款', paymentStatus: 'promised' },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      caseId: before.id,
      paymentStatus: 'promised',
      operatorName: '李明哲',
    });
    server.clock.advance(60_000);
    const second = await server.call('POST', `/api/cases/${before.id}/follow-ups`, {
      token: await server.tokenFor('caseOperation'),
      body: { note: '已收到部分还款', paymentStatus: 'partial' },
    });
    expect(second.status).toBe(200);
    const detail = await server.call<CaseDetail>('GET', `/api/cases/${before.id}`, {
      token: await server.tokenFor('lawyer'),
    });
    expect(detail.body.data.followUps.slice(0, 2).map((f) => f.note)).toEqual([
      '已收到部分还款',
      '电话联系，承诺月底还款',
    ]);
    expect(await auditRows(server, 'case.followUp', before.id)).toHaveLength(2);
    const listed = await server.call<Paged<{ caseId: number }>>(
      'GET',
      `/api/follow-ups?caseNo=${before.case_no}`,
      {
        token: await server.tokenFor('lawyer'),
      },
    );
    expect(listed.body.data.total).toBeGreaterThanOrEqual(2);
    expect(listed.body.data.list.every((f) => f.caseId === before.id)).toBe(true);
  });

  it("refuses a lawyer on a pool case (403) and on another lawyer's case (404)", async () => {
    const pool = await freshCase({ status: 'pending', firm: 'none' });
    const other = await freshCase({ status: 'processing', lawyer: 'other', firm: 'other' });
    const body = { note: '跟进', paymentStatus: 'unpaid' };
    const token = await server.tokenFor('lawyer');
    expect((await server.call('POST', `/api/cases/${pool.id}/follow-ups`, { token, body })).status).toBe(403);
    expect((await server.call('POST', `/api/cases/${other.id}/follow-ups`, { token, body })).status).toBe(
      404,
    );
    const contact = await server.call('POST', `/api/cases/${pool.id}/follow-ups`, {
      token: await server.tokenFor('lawfirmContactPerson'),
      body,
    });
    expect(contact.status).toBe(403);
  });

  it('records a repayment and adds it to the total repaid', async () => {
    const before = await freshCase({ status: 'processing', lawyer: 'demo' });
    const token = await server.tokenFor('lawyer');
    const read = async () =>
      (await server.call<CaseDetail>('GET', `/api/cases/${before.id}`, { token })).body.data.repaidFen;
    const repaid = await read();
    const today = businessToday(server);
    const res = await server.call('POST', `/api/cases/${before.id}/repayments`, {
      token,
      body: { amountFen: 250_000, repaidOn: today, note: '第二期' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await read()).toBe(repaid + 250_000);
    expect(await auditRows(server, 'case.repayment', before.id)).toHaveLength(1);
  });

  it('refuses a repayment dated after today or of no money (400)', async () => {
    const before = await freshCase({ status: 'processing', lawyer: 'demo' });
    const token = await server.tokenFor('caseOperation');
    const future = await server.call('POST', `/api/cases/${before.id}/repayments`, {
      token,
      body: { amountFen: 100, repaidOn: '2999-01-01' },
    });
    expect(future.status).toBe(400);
    expect(future.body.errors?.[0].path).toBe('repaidOn');
    const zero = await server.call('POST', `/api/cases/${before.id}/repayments`, {
      token,
      body: { amountFen: 0, repaidOn: '2020-01-01' },
    });
    expect(zero.status).toBe(400);
    expect(zero.body.errors?.[0].path).toBe('amountFen');
  });
});
