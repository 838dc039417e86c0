import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What a case has repaid and what is still outstanding, as the plans read them: the claim less
 * the repayments recorded. Inside a repayment's transaction it includes that repayment.
 */
export async function caseMoney(
  db: Kysely<Database>,
  caseId: number,
): Promise<{ repaidFen: number; outstandingFen: number }> {
  const row = await db
    .selectFrom('cases')
    .select((eb) => [
      'amount_fen',
      eb
        .selectFrom('repayments')
        .whereRef('repayments.case_id', '=', 'cases.id')
        .select((e) => e.fn.sum<number>('amount_fen').as('repaid'))
        .as('repaid'),
    ])
    .where('id', '=', caseId)
    .executeTakeFirstOrThrow();
  const repaidFen = Number(row.repaid ?? 0);
  return { repaidFen, outstandingFen: Math.max(0, Number(row.amount_fen) - repaidFen) };
}

/** Fen as yuan for a message: 565000 -> "5,650.00". */
export function yuanText(fen: number): string {
  const yuan = Math.floor(fen / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${yuan}.${String(fen % 100).padStart(2, '0')}`;
}
