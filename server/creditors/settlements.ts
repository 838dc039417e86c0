import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { scopeOf } from '../../contract/access';
import { feeOf, type Settlement } from '../../contract/creditors';
import { businessDayStart } from '../../contract/dates';
import type { Database } from '../db/schema';
import type { Caller } from '../http/route';

/**
 * GET /api/settlements?month=YYYY-MM: each firm's fee for the month, per creditor: the rate set on
 * the creditor for the firm × what the firm recovered. A repayment counts for the firm that held
 * the case when it was recorded (`ledger_entry_holders`, kept by migration 0031's trigger); a
 * reversal counts, negative, in the month it is recorded; months are business months (the
 * business time zone). Operations see every firm; a firm's contact person only their own.
 */

type Db = Kysely<Database>;

export function monthRange(month: string): { start: string; end: string } {
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { start: businessDayStart(`${month}-01`), end: businessDayStart(`${next}-01`) };
}

/** The firm the caller may see: null for every firm, else theirs (a contact person without a firm sees none). */
export function settlementFirmOf(caller: Caller, asked?: number): number | null | 'none' {
  if (scopeOf('settlements.read', caller.role) === 'firm') return caller.lawFirmId ?? 'none';
  return asked ?? null;
}

export async function settlements(
  db: Db,
  caller: Caller,
  query: { month: string; lawFirmId?: number },
): Promise<Settlement> {
  const firm = settlementFirmOf(caller, query.lawFirmId);
  if (firm === 'none') return { month: query.month, list: [], total: 0 };
  const { start, end } = monthRange(query.month);
  let q = db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_entry_holders as h', 'h.entry_id', 'e.id')
    .innerJoin('law_firms as f', 'f.id', 'h.law_firm_id')
    .innerJoin('creditors as c', 'c.id', 'h.creditor_id')
    .leftJoin('creditor_fee_rates as r', (j) =>
      j.onRef('r.creditor_id', '=', 'h.creditor_id').onRef('r.law_firm_id', '=', 'h.law_firm_id'),
    )
    .select([
      'h.law_firm_id as firm_id',
      'f.name as firm_name',
      'h.creditor_id as creditor_id',
      'c.name as creditor_name',
      'r.rate_bp',
      sql<number>`sum(case when e.kind = 'repayment' then e.amount_fen else -e.amount_fen end)`.as(
        'recovered',
      ),
    ])
    .where('e.kind', 'in', ['repayment', 'reversal'])
    .where('e.created_at', '>=', start)
    .where('e.created_at', '<', end)
    .groupBy(['h.law_firm_id', 'f.name', 'h.creditor_id', 'c.name', 'r.rate_bp']);
  if (firm !== null) q = q.where('h.law_firm_id', '=', firm);
  const rows = await q.execute();
  const firms = new Map<number, Settlement['list'][number]>();
  for (const r of rows) {
    const firmId = Number(r.firm_id);
    const recoveredFen = Number(r.recovered);
    const rateBp = r.rate_bp === null ? null : Number(r.rate_bp);
    const feeFen = rateBp === null ? 0 : feeOf(recoveredFen, rateBp);
    const entry = firms.get(firmId) ?? {
      lawFirmId: firmId,
      lawFirmName: r.firm_name,
      recoveredFen: 0,
      feeFen: 0,
      creditors: [],
    };
    entry.recoveredFen += recoveredFen;
    entry.feeFen += feeFen;
    entry.creditors.push({
      creditorId: Number(r.creditor_id),
      creditorName: r.creditor_name,
      ratePercent: rateBp === null ? null : rateBp / 100,
      recoveredFen,
      feeFen,
    });
    firms.set(firmId, entry);
  }
  const list = [...firms.values()].sort((a, b) => b.feeFen - a.feeFen || a.lawFirmId - b.lawFirmId);
  return { month: query.month, list, total: list.length };
}
