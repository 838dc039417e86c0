import { z } from 'zod';
import { LETTER_TEMPLATES } from './enum-values';
import { textField } from './text';

export { LETTER_TEMPLATES };

/**
 * Writing a lawyer's letter (律师函) from a template: the lawyer picks one of the templates and
 * may add a paragraph of their own; the server fills in the case's facts. Labels are
 * `enum.letterTemplate.<value>` in contract/labels-*.
 */
export const letterTemplateSchema = z.enum(LETTER_TEMPLATES);
export type LetterTemplate = z.infer<typeof letterTemplateSchema>;

/** The lawyer's own paragraph, at most this many characters. */
export const LETTER_EXTRA_MAX = 1000;

const extraSchema = textField({ max: LETTER_EXTRA_MAX, multiline: true, maxMessage: 'rule.letterExtraMax' });

/** POST /cases/:id/letters. */
export const writeLetterRequestSchema = z.strictObject({
  template: letterTemplateSchema,
  extra: extraSchema.optional(),
});
export type WriteLetterRequest = z.infer<typeof writeLetterRequestSchema>;

export const writeLetterResponseSchema = z.object({ id: z.number().int() });

/**
 * What a letter says, fixed when it is written (the case may change later; the letter does
 * not): its PDF is rendered from these alone, so the same letter always gives the same file.
 */
export const letterFieldsSchema = z.object({
  caseNo: z.string(),
  debtorName: z.string(),
  creditorName: z.string(),
  amountFen: z.number().int(),
  /**
   * What was outstanding when it was written, in all and by part (contract/ledger.ts): the letter
   * demands this, not the whole claim. Absent in letters written before the ledger.
   */
  outstandingFen: z.number().int().optional(),
  outstandingParts: z
    .object({
      principalFen: z.number().int(),
      interestFen: z.number().int(),
      penaltyFen: z.number().int(),
      feesFen: z.number().int(),
    })
    .optional(),
  firmName: z.string(),
  lawyerName: z.string(),
  /** The day it was written or last edited, in Asia/Shanghai (YYYY-MM-DD). */
  date: z.string(),
  extra: z.string(),
});
export type LetterFields = z.infer<typeof letterFieldsSchema>;

/** The lawyer may rewrite their paragraph when sending a returned letter in again. */
export const letterExtraEditSchema = extraSchema;
