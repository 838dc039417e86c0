import { type Parts, totalOf } from '../../../contract/ledger';

/** A new claim's columns on `cases`: its parts, and as much outstanding (no entry yet). */
export const claimColumns = (claim: Parts) => ({
  claim_principal_fen: claim.principal,
  claim_interest_fen: claim.interest,
  claim_penalty_fen: claim.penalty,
  claim_fees_fen: claim.fees,
  outstanding_principal_fen: claim.principal,
  outstanding_interest_fen: claim.interest,
  outstanding_penalty_fen: claim.penalty,
  outstanding_fees_fen: claim.fees,
  outstanding_fen: totalOf(claim),
});

/** The columns of what a case still owes, in all and by part. */
export const OUTSTANDING_COLUMNS = [
  'outstanding_fen',
  'outstanding_principal_fen',
  'outstanding_interest_fen',
  'outstanding_penalty_fen',
  'outstanding_fees_fen',
] as const;

/** What a letter demands (contract/letters.ts `outstandingFen`, `outstandingParts`), from those columns. */
export function owedFields(row: Record<(typeof OUTSTANDING_COLUMNS)[number], number | string | bigint>) {
  return {
    outstandingFen: Number(row.outstanding_fen),
    outstandingParts: {
      principalFen: Number(row.outstanding_principal_fen),
      interestFen: Number(row.outstanding_interest_fen),
      penaltyFen: Number(row.outstanding_penalty_fen),
      feesFen: Number(row.outstanding_fees_fen),
    },
  };
}
