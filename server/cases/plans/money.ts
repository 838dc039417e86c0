import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export { yuanText } from '../ledger/money-text';

/**
 * What a case has repaid (its repayments in force: the ledger's `repayments` view, reversals
 * taken out) and what is outstanding (kept on the case by the ledger, charges and waivers
 * included), as the plans read them. Inside a repayment's transaction it includes that repayment.
 */
export async function caseMoney(
  db: Kysely<Database>,
  caseId: number,
): Promise<{ repaidFen: number; outstandingFen: number }> {
  const row = await db
    .selectFrom('cases')
    .select((eb) => [
      'outstanding_fen',
      eb
        .selectFrom('repayments')
        .whereRef('repayments.case_id', '=', 'cases.id')
        .select((e) => e.fn.sum<number>('amount_fen').as('repaid'))
        .as('repaid'),
    ])
    .where('id', '=', caseId)
    .executeTakeFirstOrThrow();
  return { repaidFen: Number(row.repaid ?? 0), outstandingFen: Number(row.outstanding_fen) };
}
