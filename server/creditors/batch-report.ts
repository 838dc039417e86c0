import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { type Kysely, sql } from 'kysely';
import { formatDate } from '../../contract/dates';
import { ENUM_LABELS } from '../../contract/labels';
import type { Language } from '../../contract/messages';
import { maskPartyIdNumber } from '../../contract/parties';
import type { Database } from '../db/schema';
import { addPlainRow, roomIn } from '../http/xlsx-rows';
import { batchDetail } from './batches';

/**
 * GET /api/batches/:id/report: the bank's progress report (.xlsx), written by exceljs's streaming
 * writer as it is read: a summary sheet (batch, creditor, dates, totals, recovery rate, cases per
 * firm) from the batch's summary rows, then one row per case read in keyset pages of PAGE cases
 * (never the whole batch in memory). The main debtor's ID number leaves masked (the party mask of
 * contract/parties.ts), whatever the stored form.
 */

type Db = Kysely<Database>;
const PAGE = 1000;

const yuan = (fen: unknown) => Number(fen ?? 0) / 100;
const label = (lang: Language, name: string, value: string | null) =>
  value === null || value === ''
    ? ''
    : ((ENUM_LABELS[lang] as Record<string, string>)[`enum.${name}.${value}`] ?? value);

const HEADERS: Record<Language, string[]> = {
  'zh-CN': [
    '案件编号',
    '借据号',
    '债务人',
    '证件号码',
    '标的金额',
    '本金',
    '利息',
    '罚息',
    '费用',
    '已还',
    '待还',
    '状态',
    '位置',
    '律所',
    '承办律师',
    '最近联系日',
    '联系结果',
    '分期状态',
    '结案结果',
  ],
  'en-US': [
    'Case no.',
    'Loan no.',
    'Debtor',
    'ID number',
    'Claimed',
    'Principal',
    'Interest',
    'Penalty',
    'Fees',
    'Repaid',
    'Outstanding',
    'Status',
    'Position',
    'Law firm',
    'Lawyer',
    'Last contact',
    'Outcome',
    'Plan',
    'Close result',
  ],
};
const SUMMARY: Record<Language, Record<string, string>> = {
  'zh-CN': {
    sheet: '汇总',
    cases: '案件明细',
    batchNo: '批次号',
    creditor: '委托方',
    entrustedOn: '委托日期',
    generatedOn: '报告日期',
    count: '案件数',
    claimed: '委托金额（元）',
    repaid: '已回款（元）',
    outstanding: '待回款（元）',
    rate: '回款率',
    byFirm: '各律所案件数',
    firm: '律所',
    none: '未分配',
  },
  'en-US': {
    sheet: 'Summary',
    cases: 'Cases',
    batchNo: 'Batch',
    creditor: 'Creditor',
    entrustedOn: 'Entrusted on',
    generatedOn: 'Report date',
    count: 'Cases',
    claimed: 'Claimed (yuan)',
    repaid: 'Repaid (yuan)',
    outstanding: 'Outstanding (yuan)',
    rate: 'Recovery rate',
    byFirm: 'Cases per firm',
    firm: 'Law firm',
    none: 'Not assigned',
  },
};

export async function batchReport(
  db: Db,
  id: number,
  lang: Language,
  now: Date,
): Promise<{ batchNo: string; stream: Readable }> {
  const batch = await batchDetail(db, id);
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  const write = async () => {
    const s = SUMMARY[lang];
    const summary = workbook.addWorksheet(s.sheet);
    summary.columns = [{ width: 22 }, { width: 40 }];
    for (const [k, v] of [
      [s.batchNo, batch.batchNo],
      [s.creditor, batch.creditorName],
      [s.entrustedOn, batch.entrustedOn],
      [s.generatedOn, formatDate(now)],
      [s.count, batch.cases],
      [s.claimed, yuan(batch.claimedFen)],
      [s.repaid, yuan(batch.repaidFen)],
      [s.outstanding, yuan(batch.outstandingFen)],
      [s.rate, batch.recoveryRate],
    ] as const)
      summary.addRow([k, v]).commit();
    summary.addRow([]).commit();
    summary.addRow([s.byFirm]).commit();
    summary.addRow([s.firm, s.count]).commit();
    for (const f of batch.byFirm) summary.addRow([f.lawFirmName ?? s.none, f.cases]).commit();
    summary.commit();

    const sheet = workbook.addWorksheet(s.cases);
    sheet.columns = HEADERS[lang].map((h) => ({ header: h, width: Math.max(12, h.length * 2) }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    let after = 0;
    for (;;) {
      const rows = await casePage(db, id, after);
      if (rows.length === 0) break;
      for (const r of rows)
        addPlainRow(sheet, [
          r.case_no,
          r.loan_no ?? '',
          r.debtor_name,
          r.id_number ? maskPartyIdNumber(r.id_number) : '',
          yuan(r.amount_fen),
          yuan(r.claim_principal_fen),
          yuan(r.claim_interest_fen),
          yuan(r.claim_penalty_fen),
          yuan(r.claim_fees_fen),
          yuan(r.repaid_fen),
          yuan(r.outstanding_fen),
          label(lang, 'caseStatus', r.status),
          label(lang, 'casePosition', r.position),
          r.firm_name ?? '',
          r.lawyer_name ?? '',
          r.contact_at ? formatDate(r.contact_at) : '',
          label(lang, 'contactOutcome', r.contact_outcome),
          label(lang, 'planStatus', r.plan_status),
          label(lang, 'closeResult', r.close_result),
        ]);
      after = rows[rows.length - 1].id;
      if (rows.length < PAGE || !(await roomIn(out))) break;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err) => out.destroy(err));
  return { batchNo: batch.batchNo, stream: out };
}

/** One keyset page of the batch's cases with what each row shows (repaid from its ledger, the latest contact). */
function casePage(db: Db, batchId: number, after: number) {
  return db
    .selectFrom('cases as c')
    .leftJoin('law_firms as f', 'f.id', 'c.law_firm_id')
    .leftJoin('lawyers as l', 'l.id', 'c.lawyer_id')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .leftJoin('case_parties as p', (j) => j.onRef('p.case_id', '=', 'c.id').on('p.position', '=', 0))
    .select([
      'c.id',
      'c.case_no',
      'c.loan_no',
      'c.debtor_name',
      'p.id_number',
      'c.amount_fen',
      'c.claim_principal_fen',
      'c.claim_interest_fen',
      'c.claim_penalty_fen',
      'c.claim_fees_fen',
      'c.outstanding_fen',
      'c.status',
      'c.position',
      'c.plan_status',
      'c.close_result',
      'f.name as firm_name',
      'u.name as lawyer_name',
      sql<number>`coalesce((select sum(case when e.kind = 'repayment' then e.amount_fen else -e.amount_fen end)
        from ledger_entries e where e.case_id = c.id and e.kind in ('repayment', 'reversal')), 0)`.as(
        'repaid_fen',
      ),
      sql<string | null>`(select k.at from contacts k where k.case_id = c.id order by k.at desc limit 1)`.as(
        'contact_at',
      ),
      sql<
        string | null
      >`(select k.outcome from contacts k where k.case_id = c.id order by k.at desc limit 1)`.as(
        'contact_outcome',
      ),
    ])
    .where('c.batch_id', '=', batchId)
    .where('c.id', '>', after)
    .orderBy('c.id')
    .limit(PAGE)
    .execute();
}
