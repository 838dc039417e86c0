import { z } from 'zod';
import { creditCodeSchema, personNameSchema, phoneSchema } from './account-rules';
import { certificationStateSchema } from './auth';
import { repeated } from './firm-api';
import { pagedSchema, pageQuerySchema } from './paging';
import { textField } from './text';

/**
 * Real-name (enterprise) certification of an account: the caller submits, a reviewer decides,
 * the caller may withdraw while it is still being reviewed. Labels are i18n keys
 * `enum.<name>.<value>` in locales/<lang>/settings.ts.
 */
export const CERTIFICATION_STATUSES = ['auditing', 'passed', 'rejected', 'withdrawn'] as const;
export const certificationStatusSchema = z.enum(CERTIFICATION_STATUSES);
export type CertificationStatus = z.infer<typeof certificationStatusSchema>;

/** The account's certification state as user info carries it. */
export type CertificationState = z.infer<typeof certificationStateSchema>;

/** Since 2015 both documents carry the 18-character unified social credit code. */
export const ENTERPRISE_CERT_TYPES = ['unifiedSocialCreditCode', 'businessLicence'] as const;
export const enterpriseCertTypeSchema = z.enum(ENTERPRISE_CERT_TYPES);

export const LEGAL_PERSON_ID_TYPES = ['residentIdCard', 'passport', 'hkMacaoPermit', 'taiwanPermit'] as const;
export const legalPersonIdTypeSchema = z.enum(LEGAL_PERSON_ID_TYPES);
export type LegalPersonIdType = z.infer<typeof legalPersonIdTypeSchema>;

const RESIDENT_ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const RESIDENT_ID_CHECK = '10X98765432';

/** 居民身份证号码, GB 11643-1999: 17 digits and a check character (0-9 or X). */
export function isValidResidentIdNumber(id: string): boolean {
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * RESIDENT_ID_WEIGHTS[i];
  return RESIDENT_ID_CHECK[sum % 11] === id[17];
}

const ID_PATTERNS: Record<Exclude<LegalPersonIdType, 'residentIdCard'>, RegExp> = {
  passport: /^[A-Z0-9]{5,17}$/,
  hkMacaoPermit: /^[HM]\d{8}(\d{2})?$/,
  taiwanPermit: /^\d{8}(\d{2})?$/,
};

/** Whether an ID number fits its document type; the message key to show when it does not. */
export function idNumberProblem(
  type: LegalPersonIdType,
  id: string,
): 'rule.residentIdNumber' | 'rule.idNumber' | null {
  if (type === 'residentIdCard') return isValidResidentIdNumber(id) ? null : 'rule.residentIdNumber';
  return ID_PATTERNS[type].test(id) ? null : 'rule.idNumber';
}

export const submitCertificationRequestSchema = z
  .object({
    enterpriseName: textField({
      min: 2,
      max: 60,
      minMessage: 'rule.enterpriseName',
      maxMessage: 'rule.enterpriseName',
    }),
    enterpriseCertType: enterpriseCertTypeSchema,
    creditCode: creditCodeSchema,
    legalPersonName: personNameSchema,
    legalPersonIdType: legalPersonIdTypeSchema,
    legalPersonIdNumber: textField({ max: 40 }).toUpperCase(),
    contactPhone: phoneSchema,
  })
  .superRefine((value, ctx) => {
    const problem = idNumberProblem(value.legalPersonIdType, value.legalPersonIdNumber);
    if (problem) ctx.addIssue({ code: 'custom', path: ['legalPersonIdNumber'], message: problem });
  });
export type SubmitCertificationRequest = z.infer<typeof submitCertificationRequestSchema>;

/**
 * One submission. The legal person's ID number is stored and shown masked only
 * (110101********123X); nothing in the product needs it in full after the form is sent.
 */
export const certificationRecordSchema = z.object({
  id: z.number().int(),
  certType: z.literal('enterprise'),
  enterpriseName: z.string(),
  enterpriseCertType: enterpriseCertTypeSchema,
  creditCode: z.string(),
  legalPersonName: z.string(),
  legalPersonIdType: legalPersonIdTypeSchema,
  legalPersonIdNumber: z.string(),
  contactPhone: z.string(),
  status: certificationStatusSchema,
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type CertificationRecord = z.infer<typeof certificationRecordSchema>;

/** The caller's standing: the account's state, the certified enterprise and any pending application. */
export const certificationOverviewSchema = z.object({
  state: certificationStateSchema,
  current: certificationRecordSchema.nullable(),
  pending: certificationRecordSchema.nullable(),
});
export type CertificationOverview = z.infer<typeof certificationOverviewSchema>;

export const certificationPageSchema = pagedSchema(certificationRecordSchema);

// Review -----------------------------------------------------------------------------------------

/** GET /certifications: the applications reviewers see, newest first; `status` repeated or comma-separated. */
export const certificationQueueQuerySchema = pageQuerySchema.extend({
  status: repeated(certificationStatusSchema, CERTIFICATION_STATUSES.length).optional(),
  /** Enterprise name or credit code contains it. */
  keyword: textField({ min: 1, max: 60 }).optional(),
});
export type CertificationQueueQuery = z.infer<typeof certificationQueueQuerySchema>;

/** An application as a reviewer sees it: the record, who applied (phone masked per phones.read), the decision. */
export const certificationReviewRowSchema = certificationRecordSchema.extend({
  userId: z.number().int(),
  applicantName: z.string(),
  applicantPhone: z.string(),
  reviewerName: z.string().nullable(),
  /** Why it was rejected. */
  reason: z.string().nullable(),
});
export type CertificationReviewRow = z.infer<typeof certificationReviewRowSchema>;
