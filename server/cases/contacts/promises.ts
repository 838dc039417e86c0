import { type Kysely, sql } from 'kysely';
import type { PromiseRow } from '../../../contract/contacts';
import type { Database } from '../../db/schema';

/** How far back the workplace shows broken promises. */
const BROKEN_SHOWN_DAYS = 14;

/**
 * The promises to pay on a lawyer's cases that need their eye: those due today, and those whose
 * day passed in the last two weeks, each judged against the repayments recorded since the
 * promise was made (kept when they reach its amount, else due on its day and broken after it).
 */
export async function promisesOfLawyer(
  db: Kysely<Database>,
  lawyerId: number,
  today: string,
): Promise<PromiseRow[]> {
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - BROKEN_SHOWN_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const rows = await db
    .selectFrom('contacts as c')
    .innerJoin('cases', 'cases.id', 'c.case_id')
    .leftJoin('case_parties as p', 'p.id', 'c.party_id')
    .where('cases.lawyer_id', '=', lawyerId)
    .where('c.promise_due_on', '>=', since)
    .where('c.promise_due_on', '<=', today)
    .select((eb) => [
      'c.id',
      'c.case_id',
      'cases.case_no',
      'p.name as party_name',
      'c.promise_amount_fen',
      'c.promise_due_on',
      eb
        .selectFrom('repayments as r')
        .whereRef('r.case_id', '=', 'c.case_id')
        .whereRef('r.created_at', '>=', 'c.at')
        .select(sql<number>`coalesce(sum(r.amount_fen), 0)`.as('paid'))
        .as('paid_since'),
    ])
    .orderBy('c.promise_due_on', 'desc')
    .orderBy('c.id', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => {
    const amountFen = Number(r.promise_amount_fen);
    const kept = Number(r.paid_since ?? 0) >= amountFen;
    const dueOn = r.promise_due_on as string;
    return {
      id: r.id,
      caseId: r.case_id,
      caseNo: r.case_no,
      partyName: r.party_name,
      amountFen,
      dueOn,
      status: kept ? 'kept' : dueOn === today ? 'due' : 'broken',
    };
  });
}
