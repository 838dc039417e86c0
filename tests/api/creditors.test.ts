import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseRow } from '../../contract/case-api';
import type { BatchDetail, BatchSummary, Creditor } from '../../contract/creditors';
import type { Paged } from '../../contract/paging';
import { batchFiguresBothWays } from '../unit/batch-figures-fresh';
import { businessToday, demoLawyersProcessingCase, validCreditCode } from './fixtures';
import { startServer, type TestServer } from './harness';
import { caseNo, finished, row, upload, useImportServer, xlsx, zh } from './import-fixtures';

/**
 * Creditors (委托方) and batches (委托批次), issue 20: records kept by case operations and read by
 * business operations, imports and the form placing every case in a creditor's batch, and the
 * batches' figures (summary rows kept by triggers) equal to a fresh count after every kind of write.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  useImportServer(server);
});
afterAll(() => server.close());

type Role = Parameters<TestServer['tokenFor']>[0];
const call = async <T>(role: Role, method: string, path: string, body?: unknown) =>
  server.call<T>(method, path, { token: await server.tokenFor(role), body });

let serial = 700;
const creditorBody = (over: Record<string, unknown> = {}) => ({
  name: `测试银行股份有限公司${++serial}`,
  creditCode: validCreditCode(serial),
  contactName: '周明',
  contactPhone: '13912345678',
  reductionMaxPercent: 25,
  ...over,
});

async function uploadFor(rows: unknown[][], fields: Record<string, string>) {
  const body = new FormData();
  body.append('mode', 'valid');
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('file', new Blob([await xlsx(rows)]), 'batch.xlsx');
  const res = await fetch(`${server.url}/api/cases/imports`, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${await server.tokenFor('caseOperation')}` },
  });
  return {
    status: res.status,
    body: (await res.json()) as { data: { id: number }; errors?: { path: string }[] },
  };
}

const batchesOfImport = (importId: number) =>
  server.app.db
    .selectFrom('case_batches')
    .selectAll()
    .where('import_id', '=', importId)
    .orderBy('id')
    .execute();

describe('creditors', () => {
  it('are added and edited by case operations, with fee rates per firm; a new name reaches its cases', async () => {
    const firm = await server.app.db
      .selectFrom('law_firms')
      .select('id')
      .where('review_status', '=', 'passed')
      .executeTakeFirstOrThrow();
    const made = await call<Creditor>(
      'caseOperation',
      'POST',
      '/api/creditors',
      creditorBody({ feeRates: [{ lawFirmId: firm.id, ratePercent: 12.5 }] }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({ reductionMaxPercent: 25, contactPhone: '13912345678', cases: 0 });
    expect(made.body.data.feeRates).toEqual([
      expect.objectContaining({ lawFirmId: firm.id, ratePercent: 12.5 }),
    ]);

    const form = await call<CaseRow>('caseOperation', 'POST', '/api/cases', {
      caseNo: caseNo(),
      title: '周某借款合同纠纷',
      type: 'civil',
      debtorName: '周某',
      regionCode: '440305',
      amountFen: 500_000,
      entrustExpiresOn: '2027-06-30',
      creditorId: made.body.data.id,
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    const renamed = `${made.body.data.name}（更名）`;
    const put = await call<Creditor>(
      'superAdmin',
      'PUT',
      `/api/creditors/${made.body.data.id}`,
      creditorBody({ name: renamed, creditCode: made.body.data.creditCode }),
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.feeRates).toHaveLength(1);
    const stored = await server.app.db
      .selectFrom('cases')
      .select('client_name')
      .where('id', '=', form.body.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.client_name).toBe(renamed);
  });

  it('answer 400 at the field for a wrong credit code or rate, 409 for a name taken', async () => {
    const bad = await call(
      'caseOperation',
      'POST',
      '/api/creditors',
      creditorBody({ creditCode: '91440300MA5F00000X' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]).toMatchObject({ path: 'creditCode', message: zh('rule.creditCode') });
    const rate = await call(
      'caseOperation',
      'POST',
      '/api/creditors',
      creditorBody({ feeRates: [{ lawFirmId: 1, ratePercent: 101 }] }),
    );
    expect(rate.status).toBe(400);
    expect(rate.body.errors?.[0].path).toBe('feeRates.0.ratePercent');
    const first = creditorBody();
    expect((await call('caseOperation', 'POST', '/api/creditors', first)).status).toBe(200);
    const again = await call('caseOperation', 'POST', '/api/creditors', creditorBody({ name: first.name }));
    expect(again.status).toBe(409);
    expect(again.body.errors?.[0].path).toBe('name');
  });

  it('are read by business operations with the contact phone masked, and by no firm or lawyer', async () => {
    const list = await call<Paged<Creditor>>('bussinessOperation', 'GET', '/api/creditors?pageSize=100');
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBeGreaterThan(5);
    for (const c of list.body.data.list)
      if (c.contactPhone) expect(c.contactPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
    for (const role of ['lawfirmContactPerson', 'lawyer', 'admin'] as const) {
      const refused = await call(role, 'GET', '/api/creditors');
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain('银行');
      expect((await call(role, 'GET', '/api/batches')).status).toBe(403);
    }
    expect((await call('bussinessOperation', 'POST', '/api/creditors', creditorBody())).status).toBe(403);
    expect((await call('bussinessOperation', 'GET', '/api/batches')).status).toBe(200);
  });
});

describe('batches from imports and the form', () => {
  it('an import for one creditor makes one batch of its rows and refuses a row naming another creditor', async () => {
    const creditor = (await call<Creditor>('caseOperation', 'POST', '/api/creditors', creditorBody())).body
      .data;
    const nos = [caseNo(), caseNo(), caseNo()];
    const up = await uploadFor(
      [
        row(nos[0], { clientName: creditor.name }),
        row(nos[1], { clientName: creditor.name }),
        row(nos[2], { clientName: '别家银行' }),
      ],
      { creditorId: String(creditor.id), batchNo: `T-${serial}`, entrustedOn: '2026-05-20' },
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const report = await finished(up.body.data.id);
    expect(report).toMatchObject({ imported: 2, invalid: 1 });
    expect(report.errors).toEqual([
      { sheet: 'cases', row: 4, field: 'clientName', reason: zh('import.creditorMismatch') },
    ]);
    const [batch] = await batchesOfImport(up.body.data.id);
    expect(batch).toMatchObject({
      batch_no: `T-${serial}`,
      creditor_id: creditor.id,
      entrusted_on: '2026-05-20',
    });
    const detail = await call<BatchDetail>('bussinessOperation', 'GET', `/api/batches/${batch.id}`);
    expect(detail.body.data).toMatchObject({
      cases: 2,
      claimedFen: 2 * 1_234_567,
      repaidFen: 0,
      outstandingFen: 2 * 1_234_567,
      recoveryRate: 0,
    });
    expect(detail.body.data.byStatus).toEqual([{ key: 'pending', cases: 2 }]);
    expect(detail.body.data.byPosition).toEqual([{ key: 'awaitingReview', cases: 2 }]);
    expect(detail.body.data.byFirm).toEqual([{ lawFirmId: null, lawFirmName: null, cases: 2 }]);

    const taken = await uploadFor([row(caseNo())], { batchNo: `T-${serial}` });
    expect(taken.status).toBe(409);
    expect(taken.body.errors?.[0].path).toBe('batchNo');
    const unknown = await uploadFor([row(caseNo())], { creditorId: '999999' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0].path).toBe('creditorId');
  });

  it('an import without a creditor makes one batch per 委托方 name, creating the creditors it does not know', async () => {
    const name = `新委托方小额贷款有限公司${++serial}`;
    const known = (await server.app.db.selectFrom('creditors').select('name').executeTakeFirstOrThrow()).name;
    const up = await upload(
      {
        name: 'mixed.xlsx',
        bytes: await xlsx([
          row(caseNo(), { clientName: name }),
          row(caseNo(), { clientName: known }),
          row(caseNo(), { clientName: name }),
        ]),
      },
      'all',
    );
    const report = await finished(up.body.data.id);
    expect(report).toMatchObject({ imported: 3, invalid: 0 });
    const batches = await batchesOfImport(up.body.data.id);
    expect(batches).toHaveLength(2);
    const made = await server.app.db
      .selectFrom('creditors')
      .select(['id', 'credit_code'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    expect(made.credit_code).toBeNull();
    const listed = await call<Paged<BatchSummary>>(
      'caseOperation',
      'GET',
      `/api/batches?creditorId=${made.id}`,
    );
    expect(listed.body.data.list).toEqual([expect.objectContaining({ creditorName: name, cases: 2 })]);
  });

  it("a case from the form joins its creditor's batch of the day, or the batch it names", async () => {
    const creditor = (await call<Creditor>('caseOperation', 'POST', '/api/creditors', creditorBody())).body
      .data;
    const body = () => ({
      caseNo: caseNo(),
      title: '甲借款合同纠纷',
      type: 'civil',
      debtorName: '甲',
      regionCode: '440305',
      amountFen: 100_000,
      entrustExpiresOn: '2027-06-30',
    });
    const a = await call<CaseRow>('caseOperation', 'POST', '/api/cases', {
      ...body(),
      creditorId: creditor.id,
    });
    const b = await call<CaseRow>('caseOperation', 'POST', '/api/cases', {
      ...body(),
      clientName: creditor.name,
    });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.clientName).toBe(creditor.name);
    const rows = await server.app.db
      .selectFrom('cases')
      .select(['creditor_id', 'batch_id'])
      .where('id', 'in', [a.body.data.id, b.body.data.id])
      .execute();
    expect(new Set(rows.map((r) => r.batch_id)).size).toBe(1);
    const batch = await server.app.db
      .selectFrom('case_batches')
      .selectAll()
      .where('id', '=', rows[0].batch_id)
      .executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ creditor_id: creditor.id, entrusted_on: businessToday(server) });
    const other = await server.app.db
      .selectFrom('case_batches')
      .select('id')
      .where('creditor_id', '<>', creditor.id)
      .executeTakeFirstOrThrow();
    const wrong = await call('caseOperation', 'POST', '/api/cases', {
      ...body(),
      creditorId: creditor.id,
      batchId: other.id,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.[0].path).toBe('batchId');
    const none = await call('caseOperation', 'POST', '/api/cases', body());
    expect(none.status).toBe(400);
    expect(none.body.errors?.[0].path).toBe('clientName');
  });
});

describe("a batch's figures", () => {
  it('equal a fresh count after imports, transitions, repayments and a reversal', async () => {
    const processing = await demoLawyersProcessingCase(server);
    const paid = await call<{ id: number }>('lawyer', 'POST', `/api/cases/${processing.id}/repayments`, {
      amountFen: 1_000,
      repaidOn: businessToday(server),
      channel: 'bankTransfer',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await call('lawyer', 'POST', `/api/cases/${processing.id}/repayments`, {
      amountFen: 2_500,
      repaidOn: businessToday(server),
      channel: 'bankTransfer',
    });
    const reversed = await call('caseOperation', 'POST', `/api/repayments/${paid.body.data.id}/reverse`, {
      reason: '重复入账',
    });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    const pending = await server.app.db
      .selectFrom('cases')
      .select(['id', 'version'])
      .where('position', '=', 'awaitingReview')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const approved = await call('caseOperation', 'POST', `/api/cases/${pending.id}/transitions`, {
      event: 'APPROVE',
      version: pending.version,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const up = await upload(
      { name: 'more.xlsx', bytes: await xlsx([row(caseNo()), row(caseNo())]) },
      'valid',
    );
    await finished(up.body.data.id);

    const { stored, fresh } = await batchFiguresBothWays(server.app.db);
    expect(stored).toEqual(fresh);
    const { batch_id } = await server.app.db
      .selectFrom('cases')
      .select('batch_id')
      .where('id', '=', processing.id)
      .executeTakeFirstOrThrow();
    const detail = (await call<BatchDetail>('caseOperation', 'GET', `/api/batches/${batch_id}`)).body.data;
    expect(detail.repaidByWeek.reduce((s, w) => s + w.repaidFen, 0)).toBe(detail.repaidFen);
  });

  it('every seeded case belongs to a creditor and a batch, and the seed has batches of different ages', async () => {
    const loose = await server.app.db
      .selectFrom('cases')
      .select('id')
      .where((eb) => eb.or([eb('creditor_id', 'is', null), eb('batch_id', 'is', null)]))
      .execute();
    expect(loose).toEqual([]);
    const days = await server.app.db.selectFrom('case_batches').select('entrusted_on').distinct().execute();
    expect(days.length).toBeGreaterThan(4);
  });
});
