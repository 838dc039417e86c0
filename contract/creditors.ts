import { z } from 'zod';
import { creditCodeSchema, personNameSchema, phoneSchema } from './account-rules';
import { bodyId, daySchema, idValue, pagedSchema, pageQuerySchema } from './paging';
import { textField } from './text';

/**
 * Creditors (委托方) and their batches (委托批次): the requests and answers of server/creditors/
 * (ARCHITECTURE §8). Money in fen; a fee rate in percent with at most two decimals.
 */

export const CREDITOR_NAME_MAX = 60;
export const creditorNameSchema = textField({
  min: 2,
  max: CREDITOR_NAME_MAX,
  minMessage: 'rule.enterpriseName',
  maxMessage: 'rule.enterpriseName',
});

/** 12.5 is 12.5 %; stored as hundredths of a percent. */
export const ratePercentSchema = z
  .number({ error: 'creditor.ratePercent' })
  .min(0, 'creditor.ratePercent')
  .max(100, 'creditor.ratePercent')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'creditor.ratePercent');

export const feeRateSchema = z.object({ lawFirmId: bodyId, ratePercent: ratePercentSchema });

export const creditorRequestSchema = z
  .object({
    name: creditorNameSchema,
    creditCode: creditCodeSchema,
    contactName: personNameSchema,
    contactPhone: phoneSchema,
    feeRates: z.array(feeRateSchema).max(200).optional(),
    /** The largest reduction (减免) a plan of its cases may take; absent or null: REDUCTION_MAX_PERCENT. */
    reductionMaxPercent: z
      .number({ error: 'rule.wholeNumber' })
      .int('rule.wholeNumber')
      .min(0, 'creditor.reductionPercent')
      .max(100, 'creditor.reductionPercent')
      .nullable()
      .optional(),
  })
  .superRefine((c, ctx) => {
    const seen = new Set<number>();
    c.feeRates?.forEach((r, i) => {
      if (seen.has(r.lawFirmId))
        ctx.addIssue({ code: 'custom', path: ['feeRates', i, 'lawFirmId'], message: 'creditor.rateTwice' });
      seen.add(r.lawFirmId);
    });
  });
export type CreditorRequest = z.output<typeof creditorRequestSchema>;

export const creditorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Null for a creditor an import made from a bare name, until operations complete it. */
  creditCode: z.string().nullable(),
  contactName: z.string().nullable(),
  /** Masked unless the caller may read phones (contract/access.ts maskPhone). */
  contactPhone: z.string().nullable(),
  reductionMaxPercent: z.number().int().nullable(),
  feeRates: z.array(
    z.object({ lawFirmId: z.number().int(), lawFirmName: z.string(), ratePercent: z.number() }),
  ),
  batches: z.number().int(),
  cases: z.number().int(),
  claimedFen: z.number().int(),
  repaidFen: z.number().int(),
  outstandingFen: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Creditor = z.infer<typeof creditorSchema>;

export const creditorListQuerySchema = pageQuerySchema.extend({
  /** Name or credit code contains it. */
  keyword: textField({ min: 1, max: CREDITOR_NAME_MAX }).optional(),
});

// Batches -----------------------------------------------------------------------------------

export const BATCH_NO_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/;
export const batchNoSchema = z.string().trim().regex(BATCH_NO_PATTERN, 'batch.batchNoRule');

export const batchListQuerySchema = pageQuerySchema.extend({
  creditorId: idValue.optional(),
  /** Day of entrustment from and to (inclusive). */
  entrustedFrom: daySchema.optional(),
  entrustedTo: daySchema.optional(),
  keyword: textField({ min: 1, max: 40 }).optional(),
});

const countSchema = z.object({ key: z.string(), cases: z.number().int() });

export const batchSummarySchema = z.object({
  id: z.number().int(),
  batchNo: z.string(),
  creditorId: z.number().int(),
  creditorName: z.string(),
  entrustedOn: z.string(),
  importId: z.number().int().nullable(),
  createdAt: z.string(),
  cases: z.number().int(),
  claimedFen: z.number().int(),
  repaidFen: z.number().int(),
  outstandingFen: z.number().int(),
  /** repaidFen / claimedFen, 0 to 1 (4 decimals); 0 for an empty batch. */
  recoveryRate: z.number(),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

export const batchDetailSchema = batchSummarySchema.extend({
  byStatus: z.array(countSchema),
  /** Positions inside `pending` (awaitingReview, returned, pool, pushed, accepted). */
  byPosition: z.array(countSchema),
  /** Cases per firm holding them; `lawFirmId` null: no firm yet. */
  byFirm: z.array(
    z.object({
      lawFirmId: z.number().int().nullable(),
      lawFirmName: z.string().nullable(),
      cases: z.number().int(),
    }),
  ),
  /** Repaid less reversed per week (Monday of the week, YYYY-MM-DD), oldest first. */
  repaidByWeek: z.array(z.object({ week: z.string(), repaidFen: z.number().int() })),
});
export type BatchDetail = z.infer<typeof batchDetailSchema>;

export const batchPageSchema = pagedSchema(batchSummarySchema);

/** Optional fields of POST /api/cases/imports (multipart fields beside `file` and `mode`). */
export const importPlacementSchema = z.object({
  creditorId: idValue.optional(),
  batchNo: batchNoSchema.optional(),
  entrustedOn: daySchema.optional(),
});
export type ImportPlacement = z.infer<typeof importPlacementSchema>;

/** `?from=&to=` of a report: days, from not after to, at most 366 days apart. */
export const reportRangeSchema = z
  .object({ from: daySchema, to: daySchema })
  .refine((r) => r.from <= r.to && Date.parse(r.to) - Date.parse(r.from) <= 366 * 86_400_000, {
    message: 'report.range',
    path: ['to'],
  });

/** The share of the claim repaid, 0 to 1, to 4 decimals. */
export function recoveryRateOf(repaidFen: number, claimedFen: number): number {
  if (claimedFen <= 0) return 0;
  return Math.round((repaidFen / claimedFen) * 10_000) / 10_000;
}

// Settlements ---------------------------------------------------------------------------------

/** `month` YYYY-MM (absent: the current business month); `lawFirmId` narrows to one firm. */
export const settlementQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'settlement.month')
    .optional(),
  lawFirmId: idValue.optional(),
});
export const settlementExportParamsSchema = z.object({ lawFirmId: idValue });

const settlementCreditorSchema = z.object({
  creditorId: z.number().int(),
  creditorName: z.string(),
  /** Null: no rate set for this firm, no fee. */
  ratePercent: z.number().nullable(),
  recoveredFen: z.number().int(),
  feeFen: z.number().int(),
});

export const settlementSchema = z.object({
  month: z.string(),
  list: z.array(
    z.object({
      lawFirmId: z.number().int(),
      lawFirmName: z.string(),
      recoveredFen: z.number().int(),
      feeFen: z.number().int(),
      creditors: z.array(settlementCreditorSchema),
    }),
  ),
  total: z.number().int(),
});
export type Settlement = z.infer<typeof settlementSchema>;

/**
 * A fee in fen: `recoveredFen` × `rateBp` / 10,000, half up (a half fen away from zero, so a
 * reversal takes back exactly the fee its repayment earned). Integers throughout.
 */
export function feeOf(recoveredFen: number, rateBp: number): number {
  const sign = recoveredFen < 0 ? -1n : 1n;
  const abs = BigInt(Math.abs(recoveredFen)) * BigInt(rateBp);
  return Number(sign * ((abs + 5000n) / 10000n));
}
