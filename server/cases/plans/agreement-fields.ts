import type { Kysely } from 'kysely';
import { z } from 'zod';
import { formatDate } from '../../../contract/dates';
import type { Database } from '../../db/schema';
import { readParties } from '../parties/store';

/**
 * What a plan's agreement (分期还款协议) prints, copied when the plan is proposed, so later
 * edits of the case do not change an agreement already made (as a letter's fields). Names and
 * addresses only: an agreement never carries an ID number or a phone.
 */
export const agreementFieldsSchema = z.object({
  caseNo: z.string(),
  creditor: z.string(),
  firmName: z.string().nullable(),
  lawyerName: z.string().nullable(),
  parties: z.array(z.object({ role: z.string(), name: z.string(), address: z.string().nullable() })),
  claimFen: z.number().int(),
  /** The claim's parts when the case records them (本金, 利息, 罚息, 费用). */
  claimParts: z
    .object({
      principalFen: z.number(),
      interestFen: z.number(),
      penaltyFen: z.number(),
      feesFen: z.number(),
    })
    .nullable(),
  outstandingFen: z.number().int(),
  totalFen: z.number().int(),
  instalments: z.array(z.object({ dueOn: z.string(), amountFen: z.number().int() })),
  reason: z.string().nullable(),
  day: z.string(),
});
export type AgreementFields = z.infer<typeof agreementFieldsSchema>;

export async function agreementFields(
  trx: Kysely<Database>,
  caseId: number,
  plan: Pick<AgreementFields, 'outstandingFen' | 'totalFen' | 'instalments' | 'reason'>,
  at: Date,
): Promise<AgreementFields> {
  const row = await trx
    .selectFrom('cases as c')
    .leftJoin('law_firms as f', 'f.id', 'c.law_firm_id')
    .leftJoin('lawyers as l', 'l.id', 'c.lawyer_id')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .select([
      'c.case_no',
      'c.client_name',
      'c.amount_fen',
      'c.claim_principal_fen',
      'c.claim_interest_fen',
      'c.claim_penalty_fen',
      'c.claim_fees_fen',
      'f.name as firm_name',
      'u.name as lawyer_name',
    ])
    .where('c.id', '=', caseId)
    .executeTakeFirstOrThrow();
  const parties = (await readParties(trx, [caseId])).get(caseId) ?? [];
  return {
    caseNo: row.case_no,
    creditor: row.client_name,
    firmName: row.firm_name,
    lawyerName: row.lawyer_name,
    parties: parties.map((p) => ({
      role: p.role,
      name: p.name,
      address: (p.addresses.find((a) => a.kind === 'residence') ?? p.addresses[0])?.text ?? null,
    })),
    claimFen: Number(row.amount_fen),
    // All principal says no more than the claim itself: the parts are printed when it is split.
    claimParts:
      Number(row.claim_principal_fen) === Number(row.amount_fen)
        ? null
        : {
            principalFen: Number(row.claim_principal_fen),
            interestFen: Number(row.claim_interest_fen),
            penaltyFen: Number(row.claim_penalty_fen),
            feesFen: Number(row.claim_fees_fen),
          },
    ...plan,
    day: formatDate(at),
  };
}
