import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { ENUM_LABELS } from '../../contract/labels';
import type { Language } from '../../contract/messages';
import type { Database } from '../db/schema';
import { fail } from '../http/errors';
import { roomIn } from '../http/xlsx-rows';

/**
 * GET /api/creditors/:id/repayments?from=&to=: the repayment reconciliation (.xlsx, streamed):
 * every repayment and reversal booked in the range on the creditor's cases, by day, each with its
 * case, amount (a reversal negative), allocation, channel and voucher, and the totals beneath.
 * Read in keyset pages of (day, id), never the whole range in memory.
 */

type Db = Kysely<Database>;
const PAGE = 1000;
const yuan = (fen: unknown) => Number(fen ?? 0) / 100;

const HEADERS: Record<Language, string[]> = {
  'zh-CN': [
    '日期',
    '类型',
    '案件编号',
    '借据号',
    '债务人',
    '金额',
    '冲抵费用',
    '冲抵罚息',
    '冲抵利息',
    '冲抵本金',
    '还款方式',
    '凭证',
    '冲正的还款',
    '备注',
  ],
  'en-US': [
    'Day',
    'Kind',
    'Case no.',
    'Loan no.',
    'Debtor',
    'Amount',
    'Fees',
    'Penalty',
    'Interest',
    'Principal',
    'Channel',
    'Voucher',
    'Reverses',
    'Note',
  ],
};
const WORDS: Record<Language, Record<string, string>> = {
  'zh-CN': {
    sheet: '回款对账',
    repayment: '还款',
    reversal: '冲正',
    total: '合计',
    repaid: '还款合计',
    reversed: '冲正合计',
    net: '净回款',
  },
  'en-US': {
    sheet: 'Reconciliation',
    repayment: 'Repayment',
    reversal: 'Reversal',
    total: 'Total',
    repaid: 'Repaid',
    reversed: 'Reversed',
    net: 'Net',
  },
};

export async function repaymentReconciliation(
  db: Db,
  creditorId: number,
  range: { from: string; to: string },
  lang: Language,
): Promise<{ name: string; stream: Readable }> {
  const creditor = await db
    .selectFrom('creditors')
    .select('name')
    .where('id', '=', creditorId)
    .executeTakeFirst();
  if (!creditor) throw fail.notFound('creditor.notFound');
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  const w = WORDS[lang];
  const write = async () => {
    const sheet = workbook.addWorksheet(w.sheet);
    sheet.columns = HEADERS[lang].map((h) => ({ header: h, width: Math.max(12, h.length * 2) }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    const channels = ENUM_LABELS[lang] as Record<string, string>;
    let repaid = 0;
    let reversed = 0;
    let after: { day: string; id: number } | null = null;
    for (;;) {
      const rows = await entryPage(db, creditorId, range, after);
      for (const r of rows) {
        const sign = r.kind === 'reversal' ? -1 : 1;
        if (sign > 0) repaid += Number(r.amount_fen);
        else reversed += Number(r.amount_fen);
        sheet
          .addRow([
            r.booked_on,
            w[r.kind],
            r.case_no,
            r.loan_no ?? '',
            r.debtor_name,
            sign * yuan(r.amount_fen),
            sign * yuan(r.fees_fen),
            sign * yuan(r.penalty_fen),
            sign * yuan(r.interest_fen),
            sign * yuan(r.principal_fen),
            r.channel ? (channels[`enum.repaymentChannel.${r.channel}`] ?? r.channel) : '',
            r.voucher_name ?? '',
            r.reverses_id ?? '',
            r.reason ?? r.note ?? '',
          ])
          .commit();
      }
      if (rows.length < PAGE || !(await roomIn(out))) break;
      const last = rows[rows.length - 1];
      after = { day: last.booked_on, id: last.id };
    }
    sheet.addRow([]).commit();
    sheet.addRow([w.repaid, '', '', '', '', yuan(repaid)]).commit();
    sheet.addRow([w.reversed, '', '', '', '', -yuan(reversed)]).commit();
    sheet.addRow([w.net, '', '', '', '', yuan(repaid - reversed)]).commit();
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err) => out.destroy(err));
  return { name: creditor.name, stream: out };
}

function entryPage(
  db: Db,
  creditorId: number,
  range: { from: string; to: string },
  after: { day: string; id: number } | null,
) {
  let q = db
    .selectFrom('ledger_entries as e')
    .innerJoin('cases as c', 'c.id', 'e.case_id')
    .leftJoin('case_attachments as a', 'a.id', 'e.voucher_attachment_id')
    .select([
      'e.id',
      'e.kind',
      'e.booked_on',
      'e.amount_fen',
      'e.fees_fen',
      'e.penalty_fen',
      'e.interest_fen',
      'e.principal_fen',
      'e.channel',
      'e.reverses_id',
      'e.reason',
      'e.note',
      'a.name as voucher_name',
      'c.case_no',
      'c.loan_no',
      'c.debtor_name',
    ])
    .where('c.creditor_id', '=', creditorId)
    .where('e.kind', 'in', ['repayment', 'reversal'])
    .where('e.booked_on', '>=', range.from)
    .where('e.booked_on', '<=', range.to);
  if (after) {
    const { day, id } = after;
    q = q.where((eb) =>
      eb.or([eb('e.booked_on', '>', day), eb.and([eb('e.booked_on', '=', day), eb('e.id', '>', id)])]),
    );
  }
  return q.orderBy('e.booked_on').orderBy('e.id').limit(PAGE).execute() as Promise<
    Array<{
      id: number;
      kind: 'repayment' | 'reversal';
      booked_on: string;
      amount_fen: number;
      fees_fen: number;
      penalty_fen: number;
      interest_fen: number;
      principal_fen: number;
      channel: string | null;
      reverses_id: number | null;
      reason: string | null;
      note: string | null;
      voucher_name: string | null;
      case_no: string;
      loan_no: string | null;
      debtor_name: string;
    }>
  >;
}
