import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseRow } from '../../contract/case-api';
import type { Ledger } from '../../contract/ledger';
import type { Paged } from '../../contract/paging';
import { amountOwed } from '../../server/letters/wording';
import { caseWithClaim, freshCase, type Role, stored, useCaseServer } from './case-fixtures';
import { auditRows, businessToday } from './fixtures';
import { startServer, type TestServer } from './harness';

/**
 * The ledger (issue 19): the claim split on intake and edit, repayments allocated fees ->
 * penalty -> interest -> principal, charges, reversals reopening a case closed as repaid, the
 * 409s, vouchers uploaded as attachments, and the lists sorted by what is outstanding.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  await useCaseServer(server);
});
afterAll(() => server.close());

const call = async <T>(role: Role, method: string, path: string, body?: unknown) =>
  server.call<T>(method, path, { token: await server.tokenFor(role), body });

const ledgerOf = async (caseId: number) =>
  (await call<Ledger>('caseOperation', 'GET', `/api/cases/${caseId}/ledger`)).body.data;

const repay = (role: Role, caseId: number, amountFen: number, extra: Record<string, unknown> = {}) =>
  call<{ id: number; closedCase: boolean }>(role, 'POST', `/api/cases/${caseId}/repayments`, {
    amountFen,
    repaidOn: businessToday(server),
    channel: 'bankTransfer',
    ...extra,
  });

let next = 0;
const intake = (over: Record<string, unknown>) => ({
  caseNo: `LG${String(++next).padStart(8, '0')}`,
  title: '王五借款合同纠纷',
  type: 'civil',
  debtorName: '王五',
  clientName: '深圳市某小额贷款有限公司',
  regionCode: '440305',
  entrustExpiresOn: '2027-06-30',
  ...over,
});

describe('the claim', () => {
  it('is split on intake, all principal without parts, and refused at amountFen when the parts disagree', async () => {
    const split = await call<CaseRow>('caseOperation', 'POST', '/api/cases', {
      ...intake({ amountFen: 100_000 }),
      principalFen: 80_000,
      interestFen: 12_000,
      penaltyFen: 5_000,
      feesFen: 3_000,
    });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    expect(split.body.data).toMatchObject({ principalFen: 80_000, feesFen: 3_000, outstandingFen: 100_000 });
    const ledger = await ledgerOf(split.body.data.id);
    expect(ledger.claim).toEqual({
      principalFen: 80_000,
      interestFen: 12_000,
      penaltyFen: 5_000,
      feesFen: 3_000,
      totalFen: 100_000,
    });
    expect(ledger.outstanding).toEqual(ledger.claim);

    const plain = await call<CaseRow>('caseOperation', 'POST', '/api/cases', intake({ amountFen: 50_000 }));
    expect(plain.body.data).toMatchObject({ principalFen: 50_000, interestFen: 0, outstandingFen: 50_000 });

    const wrong = await call('caseOperation', 'POST', '/api/cases', {
      ...intake({ amountFen: 100_000 }),
      principalFen: 80_000,
      interestFen: 1,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.[0].path).toBe('amountFen');

    // Editable while it awaits review (the edit form reads `can.editClaim`); the amount follows the parts.
    expect(split.body.data.can.editClaim).toBe(true);
    const edited = await call<CaseRow>('caseOperation', 'PUT', `/api/cases/${split.body.data.id}`, {
      version: split.body.data.version,
      feesFen: 13_000,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ amountFen: 110_000, feesFen: 13_000, outstandingFen: 110_000 });
  });

  it('cannot change once review has approved the case (409), which the record says', async () => {
    const c = await freshCase({ status: 'processing' });
    const detail = await call<CaseRow>('caseOperation', 'GET', `/api/cases/${c.id}`);
    expect(detail.body.data.can.editClaim).toBe(false);
    const res = await call('caseOperation', 'PUT', `/api/cases/${c.id}`, {
      version: c.version,
      principalFen: Number(c.claim_principal_fen) + 100,
    });
    expect(res.status).toBe(409);
    expect((await stored(c.id)).amount_fen).toBe(c.amount_fen);
  });
});

describe('repayments', () => {
  it('pay fees, then penalty interest, then interest, then principal', async () => {
    const id = await caseWithClaim({ principal: 100_000, interest: 20_000, penalty: 5_000, fees: 3_000 });
    expect((await repay('lawyer', id, 6_000)).status).toBe(200);
    expect((await repay('caseOperation', id, 10_000)).status).toBe(200);
    const ledger = await ledgerOf(id);
    expect(ledger.entries.map((e) => [e.kind, e.allocation])).toEqual([
      ['repayment', { principalFen: 0, interestFen: 0, penaltyFen: 3_000, feesFen: 3_000, totalFen: 6_000 }],
      ['repayment', { principalFen: 0, interestFen: 8_000, penaltyFen: 2_000, feesFen: 0, totalFen: 10_000 }],
    ]);
    expect(ledger.outstanding).toEqual({
      principalFen: 100_000,
      interestFen: 12_000,
      penaltyFen: 0,
      feesFen: 0,
      totalFen: 112_000,
    });
    expect(ledger.entries[0].channel).toBe('bankTransfer');
    expect(Number((await stored(id)).outstanding_fen)).toBe(112_000);

    // A letter written now demands what is outstanding, by part, not the whole claim.
    const letter = await call<{ id: number }>('lawyer', 'POST', `/api/cases/${id}/letters`, {
      template: 'repayment',
    });
    expect(letter.status, JSON.stringify(letter.body)).toBe(200);
    const row = await server.app.db
      .selectFrom('law_firm_letters')
      .select('fields')
      .where('id', '=', letter.body.data.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.fields ?? '{}')).toMatchObject({
      amountFen: 128_000,
      outstandingFen: 112_000,
      outstandingParts: { principalFen: 100_000, interestFen: 12_000, penaltyFen: 0, feesFen: 0 },
    });
    expect(amountOwed(JSON.parse(row.fields ?? '{}'))).toBe(
      '人民币 1,120.00 元（其中本金人民币 1,000.00 元，利息人民币 120.00 元）',
    );
  });

  it('are refused past the outstanding amount or on a closed case (409 with it), and need a note for "other"', async () => {
    const id = await caseWithClaim({ principal: 10_000, interest: 0, penalty: 0, fees: 0 });
    const over = await repay('lawyer', id, 10_001);
    expect(over.status).toBe(409);
    expect(over.body.data).toEqual({ outstandingFen: 10_000 });
    const other = await repay('lawyer', id, 100, { channel: 'other' });
    expect(other.status).toBe(400);
    expect(other.body.errors?.[0].path).toBe('note');
    const closed = await freshCase({ status: 'closed' });
    const refused = await repay('caseOperation', closed.id, 100);
    expect(refused.status).toBe(409);
    expect(refused.body.data).toEqual({ outstandingFen: Number(closed.outstanding_fen) });
  });

  it('carry a voucher the lawyer uploads as an attachment of the case (images and PDF only)', async () => {
    const id = await caseWithClaim({ principal: 10_000, interest: 0, penalty: 0, fees: 0 });
    const send = async (name: string) => {
      const body = new FormData();
      body.append('file', new Blob(['%PDF-1.4 voucher'], { type: 'application/pdf' }), name);
      const res = await fetch(`${server.url}/api/cases/${id}/vouchers`, {
        method: 'POST',
        body,
        headers: { authorization: `Bearer ${await server.tokenFor('lawyer')}` },
      });
      return { status: res.status, body: (await res.json()) as { data: { id: number } } };
    };
    expect((await send('凭证.docx')).status).toBe(400);
    const voucher = await send('银行回单.pdf');
    expect(voucher.status).toBe(200);
    const paid = await repay('lawyer', id, 1_000, { voucherAttachmentId: voucher.body.data.id });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await ledgerOf(id)).entries[0].voucher).toMatchObject({
      id: voucher.body.data.id,
      name: '银行回单.pdf',
    });
    const elsewhere = await caseWithClaim({ principal: 10_000, interest: 0, penalty: 0, fees: 0 });
    const foreign = await repay('lawyer', elsewhere, 1_000, { voucherAttachmentId: voucher.body.data.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.[0].path).toBe('voucherAttachmentId');
  });
});

describe('charges and reversals', () => {
  it('add later costs to the fees part, and a reversal reopens a case its repayment had closed', async () => {
    const id = await caseWithClaim({ principal: 10_000, interest: 2_000, penalty: 0, fees: 0 });
    const charged = await call('lawyer', 'POST', `/api/cases/${id}/charges`, {
      part: 'fees',
      amountFen: 1_500,
      reason: '诉讼费',
    });
    expect(charged.status, JSON.stringify(charged.body)).toBe(200);
    expect(await auditRows(server, 'case.charge', id)).toHaveLength(1);
    const paid = await repay('lawyer', id, 13_500);
    expect(paid.body.data.closedCase).toBe(true);
    expect(await stored(id)).toMatchObject({ status: 'closed', close_result: 'repaid' });

    const path = `/api/repayments/${paid.body.data.id}/reverse`;
    expect((await call('lawyer', 'POST', path, { reason: '银行退票' })).status).toBe(403);
    const reversed = await call<{ reopenedCase: boolean }>('caseOperation', 'POST', path, {
      reason: '银行退票',
    });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.data.reopenedCase).toBe(true);
    expect(await stored(id)).toMatchObject({ status: 'processing', close_result: null });
    expect(await auditRows(server, 'case.repaymentReversed', id)).toHaveLength(1);
    const ledger = await ledgerOf(id);
    expect(ledger.repaid.totalFen).toBe(0);
    expect(ledger.charged.feesFen).toBe(1_500);
    expect(ledger.outstanding.totalFen).toBe(13_500);
    expect(ledger.entries.map((e) => e.kind)).toEqual(['charge', 'repayment', 'reversal']);
    expect(ledger.entries[1].reversedById).toBe(ledger.entries[2].id);
    expect(Number((await stored(id)).outstanding_fen)).toBe(13_500);
    // Once only.
    expect((await call('caseOperation', 'POST', path, { reason: '再次' })).status).toBe(409);
  });
});

describe('the case lists', () => {
  it('show and sort by what is outstanding', async () => {
    const list = await call<Paged<CaseRow>>(
      'caseOperation',
      'GET',
      '/api/cases?status=processing&sortField=outstandingFen&sortOrder=descend&pageSize=20',
    );
    expect(list.status).toBe(200);
    const figures = list.body.data.list.map((c) => c.outstandingFen);
    expect(figures.length).toBeGreaterThan(1);
    expect(figures).toEqual([...figures].sort((a, b) => b - a));
    const ascending = await call<Paged<CaseRow>>(
      'caseOperation',
      'GET',
      '/api/cases?status=processing&sortField=outstandingFen&sortOrder=ascend&pageSize=5',
    );
    const low = ascending.body.data.list.map((c) => c.outstandingFen);
    expect(low).toEqual([...low].sort((a, b) => a - b));
  });
});
