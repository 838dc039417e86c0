import { type Kysely, sql } from 'kysely';
import type { Database } from '../../server/db/schema';

/**
 * Every batch's figures twice: as the summary rows hold them (kept by migration 0031's
 * triggers) and counted afresh from the cases and the ledger. Zero rows left by a case that
 * moved on are dropped from the stored side; they count nothing.
 */
export async function batchFiguresBothWays(
  db: Kysely<Database>,
): Promise<{ stored: unknown; fresh: unknown }> {
  const n = (v: unknown) => Number(v);
  const sums = (rows: Array<Record<string, unknown>>) =>
    rows
      .map((r) =>
        [n(r.batch_id), n(r.cases), n(r.claimed_fen), n(r.repaid_fen), n(r.outstanding_fen)].join(' '),
      )
      .sort();
  const keyed = (rows: Array<Record<string, unknown>>) =>
    rows
      .filter((r) => n(r.value) !== 0)
      .map((r) => `${n(r.batch_id)} ${r.key} ${n(r.value)}`)
      .sort();

  const stored = {
    sums: sums(await db.selectFrom('batch_figures').selectAll().where('cases', '<>', 0).execute()),
    counts: keyed(
      (
        await sql<Record<string, unknown>>`select batch_id, dimension || ':' || key as key, cases as value
          from batch_figure_counts`.execute(db)
      ).rows,
    ),
    days: keyed(
      (
        await sql<
          Record<string, unknown>
        >`select batch_id, day as key, repaid_fen as value from batch_repaid_days`.execute(db)
      ).rows,
    ),
  };

  const repaid = sql`coalesce((select sum(case when e.kind = 'repayment' then e.amount_fen else -e.amount_fen end)
    from ledger_entries e join cases c2 on c2.id = e.case_id
    where c2.batch_id = c.batch_id and e.kind in ('repayment', 'reversal')), 0)`;
  const fresh = {
    sums: sums(
      (
        await sql<
          Record<string, unknown>
        >`select c.batch_id, count(*) as cases, sum(c.amount_fen) as claimed_fen,
            ${repaid} as repaid_fen, sum(c.outstanding_fen) as outstanding_fen
          from cases c where c.batch_id is not null group by c.batch_id`.execute(db)
      ).rows,
    ),
    counts: keyed(
      (
        await sql<Record<string, unknown>>`select batch_id, key, count(*) as value from (
            select batch_id, 'status:' || status as key from cases where batch_id is not null
            union all select batch_id, 'position:' || coalesce(position, '') from cases where batch_id is not null
            union all select batch_id, 'firm:' || coalesce(cast(law_firm_id as text), '') from cases where batch_id is not null
          ) k group by batch_id, key`.execute(db)
      ).rows,
    ),
    days: keyed(
      (
        await sql<Record<string, unknown>>`select c.batch_id, e.booked_on as key,
            sum(case when e.kind = 'repayment' then e.amount_fen else -e.amount_fen end) as value
          from ledger_entries e join cases c on c.id = e.case_id
          where e.kind in ('repayment', 'reversal') and c.batch_id is not null
          group by c.batch_id, e.booked_on`.execute(db)
      ).rows,
    ),
  };
  return { stored, fresh };
}
