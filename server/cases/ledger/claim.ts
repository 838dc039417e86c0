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
