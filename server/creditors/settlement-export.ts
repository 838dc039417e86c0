import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { Language } from '../../contract/messages';
import type { Database } from '../db/schema';
import type { Caller } from '../http/route';
import { monthRange, settlementFirmOf, settlements } from './settlements';

/**
 * GET /api/settlements/export?month=&lawFirmId=: one firm's monthly settlement (.xlsx, streamed):
 * the fee per creditor, then every repayment and reversal it counts (keyset pages).
 */

type Db = Kysely<Database>;
const PAGE = 1000;
const yuan = (fen: unknown) => Number(fen ?? 0) / 100;

const WORDS: Record<Language, Record<string, string>> = {
  'zh-CN': {
    summary: '结算汇总',
    entries: '回款明细',
    firm: '律所',
    month: '月份',
    creditor: '委托方',
    rate: '费率（%）',
    recovered: '回款（元）',
    fee: '服务费（元）',
    total: '合计',
    day: '记账日',
    recordedAt: '登记时间',
    kind: '类型',
    caseNo: '案件编号',
    amount: '金额（元）',
    repayment: '还款',
    reversal: '冲正',
  },
  'en-US': {
    summary: 'Settlement',
    entries: 'Entries',
    firm: 'Law firm',
    month: 'Month',
    creditor: 'Creditor',
    rate: 'Rate (%)',
    recovered: 'Recovered (yuan)',
    fee: 'Fee (yuan)',
    total: 'Total',
    day: 'Booked on',
    recordedAt: 'Recorded at',
    kind: 'Kind',
    caseNo: 'Case no.',
    amount: 'Amount (yuan)',
    repayment: 'Repayment',
    reversal: 'Reversal',
  },
};

export async function settlementWorkbook(
  db: Db,
  caller: Caller,
  query: { month: string; lawFirmId: number },
  lang: Language,
): Promise<Readable> {
  const firmId = settlementFirmOf(caller, query.lawFirmId);
  const sheetFirm = firmId === null ? query.lawFirmId : firmId === 'none' ? -1 : firmId;
  const settlement = await settlements(db, caller, { month: query.month, lawFirmId: sheetFirm });
  const firm = settlement.list[0];
  const w = WORDS[lang];
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  const write = async () => {
    const summary = workbook.addWorksheet(w.summary);
    summary.columns = [{ width: 36 }, { width: 14 }, { width: 18 }, { width: 18 }];
    summary.addRow([w.firm, firm?.lawFirmName ?? '']).commit();
    summary.addRow([w.month, query.month]).commit();
    summary.addRow([]).commit();
    summary.addRow([w.creditor, w.rate, w.recovered, w.fee]).commit();
    for (const c of firm?.creditors ?? [])
      summary.addRow([c.creditorName, c.ratePercent ?? '', yuan(c.recoveredFen), yuan(c.feeFen)]).commit();
    summary.addRow([w.total, '', yuan(firm?.recoveredFen ?? 0), yuan(firm?.feeFen ?? 0)]).commit();
    summary.commit();
    const sheet = workbook.addWorksheet(w.entries);
    sheet.columns = [w.recordedAt, w.day, w.kind, w.caseNo, w.creditor, w.amount].map((h) => ({
      header: h,
      width: 20,
    }));
    sheet.getRow(1).commit();
    const { start, end } = monthRange(query.month);
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_entry_holders as h', 'h.entry_id', 'e.id')
        .innerJoin('cases as c', 'c.id', 'e.case_id')
        .leftJoin('creditors as r', 'r.id', 'h.creditor_id')
        .select([
          'e.id',
          'e.created_at',
          'e.booked_on',
          'e.kind',
          'e.amount_fen',
          'c.case_no',
          'r.name as creditor',
        ])
        .where('h.law_firm_id', '=', sheetFirm)
        .where('e.kind', 'in', ['repayment', 'reversal'])
        .where('e.created_at', '>=', start)
        .where('e.created_at', '<', end)
        .where('e.id', '>', after)
        .orderBy('e.id')
        .limit(PAGE)
        .execute();
      for (const r of rows) {
        const sign = r.kind === 'reversal' ? -1 : 1;
        sheet
          .addRow([
            r.created_at,
            r.booked_on,
            w[r.kind],
            r.case_no,
            r.creditor ?? '',
            sign * yuan(r.amount_fen),
          ])
          .commit();
      }
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1].id;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err) => out.destroy(err));
  return out;
}
