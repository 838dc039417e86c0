import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseDetail, CaseRow } from '../../contract/case-api';
import type { Ledger } from '../../contract/ledger';
import { MESSAGES } from '../../contract/messages';
import type { Paged } from '../../contract/paging';
import { caseWithClaim, freshCase, type Role, stored, useCaseServer } from './case-fixtures';
import { auditRows, businessToday } from './fixtures';
import { startServer, type TestServer } from './harness';

/**
 * Another agreed allocation order (issue 19: "a case may record another agreed order with its
 * reason") and the case lists' filter by what is outstanding (待还金额).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  await useCaseServer(server);
});
afterAll(() => server.close());

const call = async <T>(role: Role, method: string, path: string, body?: unknown) =>
  server.call<T>(method, path, { token: await server.tokenFor(role), body });

const agree = (role: Role, caseId: number, body: unknown) =>
  call<{ caseId: number; allocationOrder: string[]; allocationOrderReason: string | null }>(
    role,
    'PUT',
    `/api/cases/${caseId}/allocation-order`,
    body,
  );

const repay = (caseId: number, amountFen: number) =>
  call<{ id: number }>('lawyer', 'POST', `/api/cases/${caseId}/repayments`, {
    amountFen,
    repaidOn: businessToday(server),
    channel: 'bankTransfer',
  });

const ledgerOf = async (caseId: number) =>
  (await call<Ledger>('caseOperation', 'GET', `/api/cases/${caseId}/ledger`)).body.data;

const PRINCIPAL_FIRST = ['principal', 'interest', 'penalty', 'fees'];

describe('another agreed allocation order', () => {
  it('allocates the repayments after it in that order, keeps those before, shows it on the record and audits it', async () => {
    const id = await caseWithClaim({ principal: 100_000, interest: 20_000, penalty: 5_000, fees: 3_000 });
    expect((await repay(id, 4_000)).status).toBe(200);

    const detailBefore = await call<CaseDetail>('lawyer', 'GET', `/api/cases/${id}`);
    expect(detailBefore.body.data.can.allocationOrder).toBe(true);
    expect(detailBefore.body.data.ledger).toMatchObject({
      allocationOrder: ['fees', 'penalty', 'interest', 'principal'],
      allocationOrderReason: null,
    });

    const agreed = await agree('lawyer', id, {
      order: PRINCIPAL_FIRST,
      reason: '借款合同第八条约定先还本金',
    });
    expect(agreed.status, JSON.stringify(agreed.body)).toBe(200);
    expect(agreed.body.data).toEqual({
      caseId: id,
      allocationOrder: PRINCIPAL_FIRST,
      allocationOrderReason: '借款合同第八条约定先还本金',
    });
    expect((await repay(id, 101_000)).status).toBe(200);

    const ledger = await ledgerOf(id);
    expect(ledger.allocationOrder).toEqual(PRINCIPAL_FIRST);
    expect(ledger.entries.map((e) => e.allocation)).toEqual([
      // Before the agreement: fees, then penalty interest (Civil Code Art. 561, the default).
      { principalFen: 0, interestFen: 0, penaltyFen: 1_000, feesFen: 3_000, totalFen: 4_000 },
      // After it: all the principal, then interest.
      { principalFen: 100_000, interestFen: 1_000, penaltyFen: 0, feesFen: 0, totalFen: 101_000 },
    ]);
    expect(ledger.outstanding).toEqual({
      principalFen: 0,
      interestFen: 19_000,
      penaltyFen: 4_000,
      feesFen: 0,
      totalFen: 23_000,
    });
    expect(Number((await stored(id)).outstanding_fen)).toBe(23_000);

    const detail = await call<CaseDetail>('caseOperation', 'GET', `/api/cases/${id}`);
    expect(detail.body.data.ledger).toMatchObject({
      allocationOrder: PRINCIPAL_FIRST,
      allocationOrderReason: '借款合同第八条约定先还本金',
    });
    const [audit] = await auditRows(server, 'case.allocationOrder', id);
    expect(JSON.parse(audit.params ?? '{}')).toMatchObject({
      order: 'principal,interest,penalty,fees',
      reason: '借款合同第八条约定先还本金',
    });
    // The record's history reads it in the reader's language.
    expect(detail.body.data.auditTrail.find((a) => a.action === 'case.allocationOrder')).toMatchObject({
      actionLabel: '约定冲抵顺序',
      detail: '本金 → 利息 → 罚息 → 费用，原因：借款合同第八条约定先还本金',
    });

    // Case operations may agree one too, and back to the legal order.
    const back = await agree('caseOperation', id, {
      order: ['fees', 'penalty', 'interest', 'principal'],
      reason: '补充协议恢复法定顺序',
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await ledgerOf(id)).allocationOrder).toEqual(['fees', 'penalty', 'interest', 'principal']);
  });

  it('is refused with the field at fault, on a closed case, and to whoever does not record its repayments', async () => {
    const id = await caseWithClaim({ principal: 10_000, interest: 0, penalty: 0, fees: 0 });
    for (const order of [
      ['principal', 'interest', 'penalty'],
      ['principal', 'principal', 'penalty', 'fees'],
      ['principal', 'interest', 'penalty', 'fees', 'fees'],
      ['principal', 'interest', 'penalty', 'costs'],
      'principal,interest,penalty,fees',
    ]) {
      const res = await agree('lawyer', id, { order, reason: '约定' });
      expect(res.status, JSON.stringify(order)).toBe(400);
      expect(res.body.errors?.[0].path, JSON.stringify(order)).toMatch(/^order/);
    }
    const bad = await agree('lawyer', id, {
      order: ['principal', 'principal', 'penalty', 'fees'],
      reason: '约定',
    });
    expect(bad.body.errors?.[0].message).toBe(MESSAGES['zh-CN']['ledger.allocationOrder']);
    const noReason = await agree('lawyer', id, { order: PRINCIPAL_FIRST, reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors?.[0]).toMatchObject({
      path: 'reason',
      message: MESSAGES['zh-CN']['ledger.allocationReasonRequired'],
    });

    const closed = await freshCase({ status: 'closed' });
    const refused = await agree('caseOperation', closed.id, { order: PRINCIPAL_FIRST, reason: '约定' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(MESSAGES['zh-CN']['ledger.allocationOrderClosed']);

    const notTheirs = await freshCase({ status: 'processing', lawyer: 'other' });
    expect((await agree('lawyer', notTheirs.id, { order: PRINCIPAL_FIRST, reason: '约定' })).status).toBe(
      404,
    );
    expect((await agree('bussinessOperation', id, { order: PRINCIPAL_FIRST, reason: '约定' })).status).toBe(
      403,
    );
    expect((await ledgerOf(id)).allocationOrder).toEqual(['fees', 'penalty', 'interest', 'principal']);
    expect(await auditRows(server, 'case.allocationOrder', id)).toHaveLength(0);
  });
});

describe('the case lists by what is outstanding', () => {
  const listed = (query: string, role: Role = 'caseOperation', path = '/api/cases') =>
    call<Paged<CaseRow>>(role, 'GET', `${path}?${query}`);

  it('keep the cases whose outstanding amount lies in the range (fen), and follow a repayment at once', async () => {
    // Two cases of an amount no seeded case owes: a page of one row needs the total counted.
    const amount = 987_654_321;
    const a = await caseWithClaim({ principal: amount, interest: 0, penalty: 0, fees: 0 });
    const b = await caseWithClaim({ principal: amount, interest: 0, penalty: 0, fees: 0 });
    const both = await listed(`outstandingMin=${amount}&outstandingMax=${amount}&pageSize=1`);
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(both.body.data.total).toBe(2);
    expect(both.body.data.list.map((r) => r.outstandingFen)).toEqual([amount]);

    expect((await repay(a, 1)).status).toBe(200);
    const after = await listed(`outstandingMin=${amount}&outstandingMax=${amount}&pageSize=1`);
    expect(after.body.data.total).toBe(1);
    expect(after.body.data.list.map((r) => r.id)).toEqual([b]);
    const below = await listed(`outstandingMin=${amount - 1}&outstandingMax=${amount - 1}`);
    expect(below.body.data.list.map((r) => r.id)).toEqual([a]);

    // Either end alone bounds it; the lawyer's own list takes the same filter.
    const atLeast = await listed(`outstandingMin=${amount}&status=processing`);
    expect(atLeast.body.data.list.every((r) => r.outstandingFen >= amount)).toBe(true);
    const mine = await listed(`outstandingMin=${amount - 1}`, 'lawyer', '/api/cases/mine');
    expect(mine.body.data.list.map((r) => r.id).sort()).toEqual([a, b].sort());
    const atMost = await listed('outstandingMax=10000&status=processing&pageSize=50');
    expect(atMost.body.data.list.length).toBeGreaterThan(0);
    expect(atMost.body.data.list.every((r) => r.outstandingFen <= 10_000)).toBe(true);

    expect((await listed('outstandingMin=abc')).status).toBe(400);
    expect((await listed('outstandingMax=-1')).status).toBe(400);
  });
});
