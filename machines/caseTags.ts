/**
 * The named groups of a case's states: XState tags on the states of `caseStatusMachine`. A
 * rule that depends on where a case stands asks for its tag (`snapshot.hasTag`, or the lists
 * `machines/caseRules.ts` derives from the machine for a query) instead of naming statuses or
 * positions. Which state carries which tag is written once, on the states of the machine.
 */
export const CASE_TAGS = {
  /** Review decides now (APPROVE or RETURN): awaitingReview. */
  inReview: 'awaiting the review decision',
  /** What intake entered (the parties) may still be corrected: awaiting review, or returned by it. */
  intakeEditable: 'awaiting review or returned: intake data may be corrected',
  /** Approved and in nobody's hands yet: the pool, pushed to a firm, or accepted by it. */
  unassigned: 'approved, no lawyer yet',
  /** Waiting at a firm: pushed to it, or accepted by it and waiting for one of its lawyers. */
  withFirm: 'pushed to or accepted by a firm',
  /** Pushed to a firm that has not answered yet (ACCEPT or DECLINE). */
  awaitingAnswer: 'pushed, the firm has not answered',
  /** In the pool open to every lawyer (not pushed to any firm). */
  openPool: 'in the pool open to every lawyer',
  /** A lawyer works it: processing, or suspended for a while. */
  worked: 'in a lawyer’s hands (processing or suspended)',
  /** A lawyer works on it now (not suspended). */
  active: 'being worked now (processing, not suspended)',
  /** Repayments are recorded (debtors pay during a suspension too). */
  repayable: 'repayments may be recorded',
  /** The handling lawyer may write a letter. */
  letterWritable: 'a lawyer’s letter may be written',
  /** Payment follow-ups may be added (also once closed: a debtor may still be chased). */
  followUps: 'payment follow-ups may be added',
  /** Not closed (entrustments and court sessions still matter). */
  ongoing: 'not closed',
  /** Closed, with a result. */
  finished: 'closed',
} as const;

export type CaseTag = keyof typeof CASE_TAGS;
export const CASE_TAG_NAMES = Object.keys(CASE_TAGS) as CaseTag[];
