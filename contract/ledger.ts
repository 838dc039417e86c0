import { z } from 'zod';
import { LEDGER_ENTRY_KINDS, LEDGER_PARTS, LEDGER_ROWS, REPAYMENT_CHANNELS } from './enum-values';
import { bodyId, daySchema } from './paging';
import { textField } from './text';

export { LEDGER_ENTRY_KINDS, LEDGER_PARTS, LEDGER_ROWS, REPAYMENT_CHANNELS };

/**
 * A case's debt as a ledger (issue 19, ARCHITECTURE §4a): the claim split into parts, entries
 * (repayments, their reversals, later charges, waivers) each with its allocation over the parts,
 * and the outstanding amount derived from them. The allocation is a pure function here, so the
 * server, the property tests and any screen compute it the same way.
 */

/** 本金, 利息, 罚息, 费用: the parts of a claim, in fen. */
export type LedgerPart = (typeof LEDGER_PARTS)[number];
export type Parts = Record<LedgerPart, number>;

/**
 * The default order a repayment pays the parts in: costs, then interest (罚息 before 利息, as the
 * usual loan contract has it), then principal (Civil Code Art. 561). A case may record another
 * agreed order with its reason.
 */
export const DEFAULT_ALLOCATION_ORDER: readonly LedgerPart[] = ['fees', 'penalty', 'interest', 'principal'];

export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export type RepaymentChannel = (typeof REPAYMENT_CHANNELS)[number];

/** The parts a later charge may go to (诉讼费, 保全费 are costs). */
export const CHARGE_PARTS = ['fees'] as const;

/** A voucher is an image or a PDF, by extension. */
export const VOUCHER_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;

export const zeroParts = (): Parts => ({ principal: 0, interest: 0, penalty: 0, fees: 0 });
export const totalOf = (parts: Parts): number => LEDGER_PARTS.reduce((sum, p) => sum + parts[p], 0);
export const addParts = (a: Parts, b: Parts): Parts => partwise((p) => a[p] + b[p]);
export const subtractParts = (a: Parts, b: Parts): Parts => partwise((p) => a[p] - b[p]);
const partwise = (f: (part: LedgerPart) => number): Parts =>
  Object.fromEntries(LEDGER_PARTS.map((p) => [p, f(p)])) as Parts;

/** The stored order (`fees,penalty,interest,principal`), or the default when none or not a full permutation. */
export function allocationOrderOf(stored: string | null | undefined): readonly LedgerPart[] {
  if (!stored) return DEFAULT_ALLOCATION_ORDER;
  const parts = stored.split(',');
  return isAllocationOrder(parts) ? parts : DEFAULT_ALLOCATION_ORDER;
}

export function isAllocationOrder(parts: readonly string[]): parts is LedgerPart[] {
  return (
    parts.length === LEDGER_PARTS.length &&
    LEDGER_PARTS.every((p) => parts.includes(p)) &&
    new Set(parts).size === parts.length
  );
}

/**
 * How an amount paid (or waived) settles what is outstanding: each part in `order` takes as much
 * as it still owes until the amount is spent. `unallocated` is what the outstanding amount could
 * not take (a caller refuses a repayment leaving any).
 */
export function allocate(
  outstanding: Parts,
  amountFen: number,
  order: readonly LedgerPart[] = DEFAULT_ALLOCATION_ORDER,
): { allocation: Parts; unallocated: number } {
  const allocation = zeroParts();
  let rest = amountFen;
  for (const part of order) {
    const taken = Math.min(rest, Math.max(0, outstanding[part]));
    allocation[part] = taken;
    rest -= taken;
  }
  return { allocation, unallocated: rest };
}

/** An entry as the ledger counts it: its kind and its allocation over the parts. */
export interface CountedEntry {
  kind: LedgerEntryKind;
  allocation: Parts;
}

/**
 * What an entry does to the outstanding amount: a repayment or a waiver settles its allocation,
 * a charge adds to it, a reversal puts back what the repayment it reverses had settled (its
 * allocation is that repayment's).
 */
export function applyEntry(outstanding: Parts, entry: CountedEntry): Parts {
  const settles = entry.kind === 'repayment' || entry.kind === 'waiver';
  return settles ? subtractParts(outstanding, entry.allocation) : addParts(outstanding, entry.allocation);
}

export interface LedgerTotals {
  claim: Parts;
  charged: Parts;
  /** Repayments less their reversals. */
  repaid: Parts;
  waived: Parts;
  /** claim + charged - repaid - waived, part by part. */
  outstanding: Parts;
}

/** The ledger's sums from the claim and the entries, in any order. */
export function ledgerTotals(claim: Parts, entries: readonly CountedEntry[]): LedgerTotals {
  let charged = zeroParts();
  let repaid = zeroParts();
  let waived = zeroParts();
  for (const e of entries) {
    if (e.kind === 'charge') charged = addParts(charged, e.allocation);
    else if (e.kind === 'repayment') repaid = addParts(repaid, e.allocation);
    else if (e.kind === 'reversal') repaid = subtractParts(repaid, e.allocation);
    else waived = addParts(waived, e.allocation);
  }
  const outstanding = subtractParts(subtractParts(addParts(claim, charged), repaid), waived);
  return { claim, charged, repaid, waived, outstanding };
}

// The API's shapes (ARCHITECTURE §8 "Ledger").

const fen = z.number().int();
export const partsAnswerSchema = z.object({
  principalFen: fen,
  interestFen: fen,
  penaltyFen: fen,
  feesFen: fen,
  totalFen: fen,
});
export type PartsAnswer = z.infer<typeof partsAnswerSchema>;

export const partsAnswer = (parts: Parts): PartsAnswer => ({
  principalFen: parts.principal,
  interestFen: parts.interest,
  penaltyFen: parts.penalty,
  feesFen: parts.fees,
  totalFen: totalOf(parts),
});

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  amountFen: fen,
  on: z.string(),
  allocation: partsAnswerSchema,
  /** The repayment a reversal undoes; the reversal of a repayment that was reversed. */
  reversesId: z.number().int().nullable(),
  reversedById: z.number().int().nullable(),
  channel: z.enum(REPAYMENT_CHANNELS).nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  voucher: z.object({ id: z.number().int(), name: z.string(), url: z.string() }).nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** GET /api/cases/:id/ledger. */
export const ledgerSchema = z.object({
  claim: partsAnswerSchema,
  charged: partsAnswerSchema,
  repaid: partsAnswerSchema,
  waived: partsAnswerSchema,
  outstanding: partsAnswerSchema,
  /** The order repayments pay the parts in, and why when it is not the default. */
  allocationOrder: z.array(z.enum(LEDGER_PARTS)),
  allocationOrderReason: z.string().nullable(),
  entries: z.array(ledgerEntrySchema),
  /** May the caller reverse a repayment of this case (`repayments.reverse`)? */
  canReverse: z.boolean(),
});
export type Ledger = z.infer<typeof ledgerSchema>;

/** A repayment as the case detail lists it. */
export const repaymentSchema = z.object({
  id: z.number().int(),
  caseId: z.number().int(),
  amountFen: z.number().int(),
  repaidOn: z.string(),
  note: z.string().nullable(),
  channel: z.enum(REPAYMENT_CHANNELS).nullable().optional(),
  voucherAttachmentId: z.number().int().nullable().optional(),
  /** How it was allocated over the claim's parts (contract/ledger.ts). */
  allocation: partsAnswerSchema.optional(),
  createdAt: z.string(),
  /** This repayment brought the total to the amount claimed: the case is now closed as repaid. */
  closedCase: z.boolean().optional(),
});

/**
 * The most one repayment may be: 10 billion yuan, in fen. Repayments are also refused past
 * what is outstanding (409); this bound keeps every sum far from overflowing a 64-bit integer.
 */
export const MAX_REPAYMENT_FEN = 1_000_000_000_000;

/** A repayment: through `channel` (never cash to a collector), with an image or PDF voucher of the case. */
export const repaymentRequestSchema = z
  .object({
    amountFen: z.number().int().positive().max(MAX_REPAYMENT_FEN, 'rule.repaymentTooLarge'),
    repaidOn: daySchema,
    channel: z.enum(REPAYMENT_CHANNELS).optional(),
    voucherAttachmentId: bodyId.optional(),
    note: textField({ max: 200, multiline: true }).optional(),
  })
  .refine((r) => r.channel !== 'other' || Boolean(r.note), {
    path: ['note'],
    message: 'ledger.channelNoteRequired',
  });

const amountFen = z.number().int().positive().max(MAX_REPAYMENT_FEN, 'rule.repaymentTooLarge');

/** POST /api/repayments/:id/reverse. */
export const reverseRequestSchema = z.object({
  reason: textField({ min: 1, max: 200, multiline: true }),
});

/** POST /api/cases/:id/charges: a cost arising later (诉讼费, 保全费), on the fees part. */
export const chargeRequestSchema = z.object({
  part: z.enum(CHARGE_PARTS).default('fees'),
  amountFen,
  reason: textField({ min: 1, max: 200, multiline: true }),
});

/**
 * PUT /api/cases/:id/allocation-order: another order the parties agreed for repayments to pay
 * the parts in (each of the four once), with its reason; later repayments allocate in it.
 */
export const allocationOrderRequestSchema = z.object({
  order: z
    .array(z.enum(LEDGER_PARTS), 'ledger.allocationOrder')
    .refine((parts) => isAllocationOrder(parts), 'ledger.allocationOrder'),
  reason: textField({ min: 1, max: 200, multiline: true, minMessage: 'ledger.allocationReasonRequired' }),
});
export type AllocationOrderRequest = z.infer<typeof allocationOrderRequestSchema>;

export const allocationOrderAnswerSchema = z.object({
  caseId: z.number().int(),
  allocationOrder: z.array(z.enum(LEDGER_PARTS)),
  allocationOrderReason: z.string().nullable(),
});

/** The claim's parts as a request carries them (POST /api/cases, the edit): all four, or none. */
export const claimPartsShape = {
  principalFen: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  interestFen: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  penaltyFen: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  feesFen: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
};
export const CLAIM_PART_FIELDS = ['principalFen', 'interestFen', 'penaltyFen', 'feesFen'] as const;
type ClaimPartFields = { [K in (typeof CLAIM_PART_FIELDS)[number]]?: number | undefined };

/**
 * The claim a request names: its parts when any is given (those left out are 0), all principal
 * otherwise. `mismatch` when the parts do not add up to the amount (400 at `amountFen`).
 */
export function claimOf(
  body: ClaimPartFields & { amountFen?: number | undefined },
): { parts: Parts; amountFen: number } | { mismatch: true } {
  const given = CLAIM_PART_FIELDS.some((f) => body[f] !== undefined);
  if (!given) {
    if (body.amountFen === undefined) return { mismatch: true };
    return { parts: { ...zeroParts(), principal: body.amountFen }, amountFen: body.amountFen };
  }
  const parts: Parts = {
    principal: body.principalFen ?? 0,
    interest: body.interestFen ?? 0,
    penalty: body.penaltyFen ?? 0,
    fees: body.feesFen ?? 0,
  };
  const total = totalOf(parts);
  if (body.amountFen !== undefined && body.amountFen !== total) return { mismatch: true };
  return { parts, amountFen: total };
}

/**
 * The claim an edit leaves: the stored parts with those the edit names; an amount alone
 * changes an all-principal claim's principal (and is otherwise checked against the parts).
 * `mismatch` when parts and amount disagree (400 at `amountFen`).
 */
export function claimAfterEdit(
  stored: Parts,
  body: ClaimPartFields & { amountFen?: number | undefined },
): { parts: Parts; amountFen: number } | { mismatch: true } {
  const given = CLAIM_PART_FIELDS.some((f) => body[f] !== undefined);
  if (!given) {
    if (body.amountFen === undefined || body.amountFen === totalOf(stored)) {
      return { parts: stored, amountFen: totalOf(stored) };
    }
    if (stored.interest + stored.penalty + stored.fees > 0) return { mismatch: true };
    return { parts: { ...zeroParts(), principal: body.amountFen }, amountFen: body.amountFen };
  }
  const parts: Parts = {
    principal: body.principalFen ?? stored.principal,
    interest: body.interestFen ?? stored.interest,
    penalty: body.penaltyFen ?? stored.penalty,
    fees: body.feesFen ?? stored.fees,
  };
  const total = totalOf(parts);
  if (body.amountFen !== undefined && body.amountFen !== total) return { mismatch: true };
  return { parts, amountFen: total };
}

/** The ledger as the case's pages show it (part of GET /api/cases/:id): a row per part and the total, and the entries. */
export const ledgerPartRowSchema = z.object({
  part: z.enum(LEDGER_ROWS),
  claimFen: fen,
  chargedFen: fen,
  repaidFen: fen,
  waivedFen: fen,
  outstandingFen: fen,
});
export const caseLedgerViewSchema = z.object({
  parts: z.array(ledgerPartRowSchema),
  /** The order repayments pay the parts in, and the reason of an agreed one (null for the default). */
  allocationOrder: z.array(z.enum(LEDGER_PARTS)),
  allocationOrderReason: z.string().nullable(),
  /** Newest first, each with whether the caller may reverse it now (a repayment not reversed, `repayments.reverse`). */
  entries: z.array(ledgerEntrySchema.extend({ reversible: z.boolean(), remark: z.string().nullable() })),
});
export type CaseLedgerView = z.infer<typeof caseLedgerViewSchema>;

/** The view of a ledger for the case's pages. */
export function ledgerView(ledger: Ledger): CaseLedgerView {
  const row = (part: (typeof LEDGER_ROWS)[number]) => {
    const key = `${part}Fen` as const;
    return {
      part,
      claimFen: ledger.claim[key],
      chargedFen: ledger.charged[key],
      repaidFen: ledger.repaid[key],
      waivedFen: ledger.waived[key],
      outstandingFen: ledger.outstanding[key],
    };
  };
  return {
    parts: LEDGER_ROWS.map(row),
    allocationOrder: ledger.allocationOrder,
    allocationOrderReason: ledger.allocationOrderReason,
    entries: [...ledger.entries].reverse().map((e) => ({
      ...e,
      reversible: ledger.canReverse && e.kind === 'repayment' && e.reversedById === null,
      // One column for a reversal's or a charge's reason and a repayment's note.
      remark: e.reason ?? e.note,
    })),
  };
}
