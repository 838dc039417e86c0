import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeOf, type Settlement } from '../../contract/creditors';
import { formatDate } from '../../contract/dates';
import { businessToday, demoLawyer, demoLawyersProcessingCase } from './fixtures';
import { startServer, type TestServer } from './harness';

/**
 * The reports a bank accepts (issue 20): a batch's progress report, a creditor's repayment
 * reconciliation with reversals, and the firms' monthly settlement, each against the database.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

type Role = Parameters<TestServer['tokenFor']>[0];
const call = async <T>(role: Role, method: string, path: string, body?: unknown) =>
  server.call<T>(method, path, { token: await server.tokenFor(role), body });

async function workbook(
  role: Role,
  path: string,
): Promise<{ status: number; book: ExcelJS.Workbook | null }> {
  const res = await fetch(`${server.url}${path}`, {
    headers: { authorization: `Bearer ${await server.tokenFor(role)}` },
  });
  if (res.status !== 200) return { status: res.status, book: null };
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(new Uint8Array(await res.arrayBuffer()).buffer);
  return { status: 200, book };
}
const rowsOf = (sheet: ExcelJS.Worksheet) => {
  const out: unknown[][] = [];
  sheet.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
};

describe("a batch's progress report", () => {
  it('has a row per case with the ID masked, and totals equal to the database', async () => {
    const { batch_id } = await server.app.db
      .selectFrom('cases')
      .select('batch_id')
      .groupBy('batch_id')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .executeTakeFirstOrThrow();
    const cases = await server.app.db
      .selectFrom('cases')
      .select(['case_no', 'amount_fen', 'outstanding_fen'])
      .where('batch_id', '=', batch_id)
      .orderBy('id')
      .execute();
    const { status, book } = await workbook('bussinessOperation', `/api/batches/${batch_id}/report`);
    expect(status).toBe(200);
    const [summary, sheet] = book?.worksheets ?? [];
    const lines = rowsOf(sheet);
    expect(lines.slice(1).map((r) => r[0])).toEqual(cases.map((c) => c.case_no));
    const claimed = cases.reduce((s, c) => s + Number(c.amount_fen), 0);
    const outstanding = cases.reduce((s, c) => s + Number(c.outstanding_fen), 0);
    const top = rowsOf(summary);
    expect(top[4]).toEqual(['案件数', cases.length]);
    expect(Math.round(Number(top[5][1]) * 100)).toBe(claimed);
    expect(Math.round(Number(top[7][1]) * 100)).toBe(outstanding);
    const ids = lines.slice(1).map((r) => String(r[3] ?? ''));
    expect(ids.some((id) => id.length > 0)).toBe(true);
    for (const id of ids) if (id) expect(id).toMatch(/\*{4}/);
  });

  it('is refused to a lawyer and a firm', async () => {
    for (const role of ['lawyer', 'lawfirmContactPerson'] as const)
      expect((await workbook(role, '/api/batches/1/report')).status).toBe(403);
  });
});

describe('the reconciliation and the settlement', () => {
  it('list a repayment and its reversal (negative) and count the fee for the firm that held the case', async () => {
    const processing = await demoLawyersProcessingCase(server, 'last');
    const lawyer = await demoLawyer(server);
    const { creditor_id } = await server.app.db
      .selectFrom('cases')
      .select('creditor_id')
      .where('id', '=', processing.id)
      .executeTakeFirstOrThrow();
    await server.app.db
      .insertInto('creditor_fee_rates')
      .values({ creditor_id: Number(creditor_id), law_firm_id: lawyer.law_firm_id, rate_bp: 1250 })
      .onConflict((oc) => oc.columns(['creditor_id', 'law_firm_id']).doUpdateSet({ rate_bp: 1250 }))
      .execute();
    const month = formatDate(server.clock.now()).slice(0, 7);
    const before = (await call<Settlement>('caseOperation', 'GET', `/api/settlements?month=${month}`)).body
      .data;
    const firmBefore = before.list.find((f) => f.lawFirmId === lawyer.law_firm_id);

    const day = businessToday(server);
    const pay = (amountFen: number) =>
      call<{ id: number }>('lawyer', 'POST', `/api/cases/${processing.id}/repayments`, {
        amountFen,
        repaidOn: day,
        channel: 'bankTransfer',
      });
    const kept = await pay(1_001);
    const undone = await pay(3_003);
    expect([kept.status, undone.status]).toEqual([200, 200]);
    expect(
      (
        await call('caseOperation', 'POST', `/api/repayments/${undone.body.data.id}/reverse`, {
          reason: '录错金额',
        })
      ).status,
    ).toBe(200);

    const { book } = await workbook(
      'caseOperation',
      `/api/creditors/${creditor_id}/repayments?from=${day}&to=${day}`,
    );
    const lines = rowsOf(book?.worksheets[0] as ExcelJS.Worksheet);
    const amounts = lines.filter((r) => r[0] === day).map((r) => [r[1], r[5]]);
    expect(amounts).toEqual(
      expect.arrayContaining([
        ['还款', 10.01],
        ['还款', 30.03],
        ['冲正', -30.03],
      ]),
    );
    const stored = await server.app.db
      .selectFrom('ledger_entries as e')
      .innerJoin('cases as c', 'c.id', 'e.case_id')
      .select(['e.kind', 'e.amount_fen'])
      .where('c.creditor_id', '=', Number(creditor_id))
      .where('e.booked_on', '=', day)
      .where('e.kind', 'in', ['repayment', 'reversal'])
      .execute();
    const net = stored.reduce((s, e) => s + (e.kind === 'repayment' ? 1 : -1) * Number(e.amount_fen), 0);
    expect(Math.round(Number(lines.at(-1)?.[5]) * 100)).toBe(net);

    const after = (await call<Settlement>('caseOperation', 'GET', `/api/settlements?month=${month}`)).body
      .data;
    const firm = after.list.find((f) => f.lawFirmId === lawyer.law_firm_id);
    expect((firm?.recoveredFen ?? 0) - (firmBefore?.recoveredFen ?? 0)).toBe(1_001);
    const line = firm?.creditors.find((c) => c.creditorId === Number(creditor_id));
    expect(line?.ratePercent).toBe(12.5);
    expect(line?.feeFen).toBe(feeOf(line?.recoveredFen ?? 0, 1250));

    const own = await call<Settlement>('lawfirmContactPerson', 'GET', `/api/settlements?month=${month}`);
    expect(own.status).toBe(200);
    expect(own.body.data.list.map((f) => f.lawFirmId)).toEqual([lawyer.law_firm_id]);
    expect((await call('lawyer', 'GET', `/api/settlements?month=${month}`)).status).toBe(403);
    const xlsx = await workbook(
      'lawfirmContactPerson',
      `/api/settlements/${lawyer.law_firm_id}/export?month=${month}`,
    );
    expect(xlsx.status).toBe(200);
  });

  it('rounds fees half up to the fen, a reversal taking back exactly what its repayment earned', () => {
    expect(feeOf(1_004, 1250)).toBe(126);
    expect(feeOf(1_003, 1250)).toBe(125);
    expect(feeOf(4, 1250)).toBe(1);
    expect(feeOf(-4, 1250)).toBe(-1);
    expect(feeOf(999_999_999_999, 10000)).toBe(999_999_999_999);
  });
});
