import { z } from 'zod';
import { creditCodeSchema, personNameSchema } from './account-rules';
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

/** Enterprise certification (a company), or a lawyer's personal real-name certification. */
export const CERT_TYPES = ['enterprise', 'personal'] as const;
export const certTypeSchema = z.enum(CERT_TYPES);
export type CertType = z.infer<typeof certTypeSchema>;

/**
 * 联系电话: a mobile number, or a landline: area code (0 and 2-3 digits) and number (7-8 digits),
 * optionally an extension; spaces, brackets and dashes as people type them. A landline is stored
 * as `0755-12345678` (`-123` for an extension).
 */
export const contactPhoneSchema = z
  .string()
  .trim()
  .transform((s) => s.replace(/[\s()（）]/g, ''))
  .transform((s, ctx) => {
    if (/^1[3-9]\d{9}$/.test(s)) return s;
    const landline = /^(0\d{2,3})-?(\d{7,8})(?:[-#转](\d{1,6}))?$/.exec(s);
    if (landline) return `${landline[1]}-${landline[2]}${landline[3] ? `-${landline[3]}` : ''}`;
    ctx.addIssue({ code: 'custom', message: 'rule.contactPhone' });
    return z.NEVER;
  });

/** 执业证号: 17 digits as printed on a PRC lawyer's practising certificate. */
export const licenceNoSchema = z
  .string()
  .trim()
  .regex(/^\d{17}$/, 'rule.licenceNo');

/** The uploaded licence image (POST /user/certification-files answers its id). */
const licenceFileIdSchema = z.number({ error: 'certification.licenceFileRequired' }).int().positive();

const enterpriseApplication = z.object({
  certType: z.literal('enterprise').default('enterprise'),
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
  contactPhone: contactPhoneSchema,
  /** The business licence image (optional for an enterprise). */
  licenceFileId: licenceFileIdSchema.optional(),
});

/** A lawyer's own: their name and ID document, the practising licence number and its image. */
const personalApplication = z.object({
  certType: z.literal('personal'),
  legalPersonName: personNameSchema,
  legalPersonIdType: legalPersonIdTypeSchema,
  legalPersonIdNumber: textField({ max: 40 }).toUpperCase(),
  licenceNo: licenceNoSchema,
  contactPhone: contactPhoneSchema,
  licenceFileId: licenceFileIdSchema,
});

export const submitCertificationRequestSchema = z
  .preprocess(
    (v) => (v && typeof v === 'object' && !('certType' in v) ? { ...v, certType: 'enterprise' } : v),
    z.discriminatedUnion('certType', [enterpriseApplication, personalApplication]),
  )
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
  certType: certTypeSchema,
  /** The enterprise; for a lawyer's personal certification, the firm they practise at. */
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
  /** The practising licence number (personal certification). */
  licenceNo: z.string().nullable(),
  /** The licence image uploaded with it: its name and where to open it. */
  licenceFile: z.object({ name: z.string(), url: z.string() }).nullable(),
  /** Why a reviewer rejected it (the applicant reads it too). */
  reason: z.string().nullable(),
  /** 1 when submitted, +1 on every change: a review decision names the one it read. */
  version: z.number().int(),
});
export type CertificationRecord = z.infer<typeof certificationRecordSchema>;

/** The caller's standing: the account's state, the certified enterprise and any pending application. */
export const certificationOverviewSchema = z.object({
  state: certificationStateSchema,
  current: certificationRecordSchema.nullable(),
  pending: certificationRecordSchema.nullable(),
  /** The newest application that was decided (passed or rejected): a rejection says why. */
  latest: certificationRecordSchema.nullable(),
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
  /** The applicant uploaded a licence image (opened at `licenceFile.url`, by reviewers and the applicant). */
  hasLicenceFile: z.boolean(),
});
export type CertificationReviewRow = z.infer<typeof certificationReviewRowSchema>;

/** The licence image's accepted types (an image or a scanned PDF). */
export const LICENCE_FILE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'] as const;
export const LICENCE_FILE_ACCEPT = LICENCE_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** POST /user/certification-files: an uploaded licence image waiting for its application. */
export const certificationFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
});
export type CertificationFile = z.infer<typeof certificationFileSchema>;
