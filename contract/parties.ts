import { z } from 'zod';
import { caseIntakeSchema } from './case-intake';
import { contactPhoneSchema, idNumberProblem, isValidResidentIdNumber } from './certifications';
import { isValidCreditCode } from './credit-code';
import {
  ADDRESS_KINDS,
  PARTY_ID_TYPES,
  PARTY_ROLES,
  PHONE_STATUSES,
  REVEAL_FIELDS,
  REVEAL_REASONS,
} from './enum-values';
import { bodyId, daySchema, idValue, pagedSchema, pageQuerySchema } from './paging';
import { provinceList } from './regions';
import { textField } from './text';

export { ADDRESS_KINDS, PARTY_ID_TYPES, PARTY_ROLES, PHONE_STATUSES, REVEAL_FIELDS, REVEAL_REASONS };

/**
 * A case's parties (ARCHITECTURE §8 "Parties"): who they are, their ID document, phones,
 * addresses and employer. Requests carry numbers in full; answers carry them masked
 * (`110101********123X`, `138****5678`), and only the reveal call answers one value in full.
 * Labels are `enum.<name>.<value>` in contract/labels-*.
 */
export const partyRoleSchema = z.enum(PARTY_ROLES);
export type PartyRole = z.infer<typeof partyRoleSchema>;

export const partyIdTypeSchema = z.enum(PARTY_ID_TYPES);
export type PartyIdType = z.infer<typeof partyIdTypeSchema>;

const PROVINCE_PREFIXES = new Set(provinceList.map(([code]) => code.slice(0, 2)));
/** 港澳台居民居住证: Hong Kong 810000, Macao 820000, Taiwan 830000. */
const RESIDENCE_PERMIT_PREFIXES = new Set(['810000', '820000', '830000']);

/** The birth date of an 18-character ID (YYYYMMDD at 7-14) when it is a real day, not after `today`. */
function birthDateFits(id: string, today: Date): boolean {
  const [y, m, d] = [id.slice(6, 10), id.slice(10, 12), id.slice(12, 14)].map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return false;
  return date.getTime() <= today.getTime();
}

/** An ID number as people type it: blanks gone, letters upper-case. The stored and hashed form. */
export const normalIdNumber = (id: string) => id.replace(/\s/g, '').toUpperCase();

/**
 * Whether `id` (normalised) fits its document: 居民身份证 18 characters with a province prefix,
 * a real birth date not in the future and the GB 11643-1999 (ISO 7064 MOD 11-2) check
 * character; 港澳台居民居住证 the same with 810000/820000/830000; a credit code its GB 32100
 * check character; the travel permits and passports their patterns. The message key when not.
 */
export function partyIdNumberProblem(type: PartyIdType, id: string, today = new Date()): string | null {
  if (type === 'residentIdCard' || type === 'hkMacaoTaiwanResidence') {
    const prefixFits =
      type === 'residentIdCard'
        ? PROVINCE_PREFIXES.has(id.slice(0, 2)) && !RESIDENCE_PERMIT_PREFIXES.has(id.slice(0, 6))
        : RESIDENCE_PERMIT_PREFIXES.has(id.slice(0, 6));
    return isValidResidentIdNumber(id) && prefixFits && birthDateFits(id, today)
      ? null
      : 'rule.residentIdNumber';
  }
  if (type === 'unifiedSocialCreditCode') return isValidCreditCode(id) ? null : 'rule.creditCode';
  return idNumberProblem(type, id);
}

/**
 * An ID number as it leaves the server: an 18-character document (居民身份证, 居住证, credit
 * code) keeps its first 6 and last 4 characters (`110101********123X`), others their first and
 * last 2, as the certification's legal person's number (server/certifications/records.ts).
 */
export function maskPartyIdNumber(id: string): string {
  const [head, tail] = id.length === 18 ? [6, 4] : [2, 2];
  const hidden = Math.max(1, id.length - head - tail);
  return `${id.slice(0, head)}${'*'.repeat(hidden)}${id.slice(id.length - tail)}`;
}

/**
 * An address once the retention sweep erased it: its first 6 characters (province and city, as
 * people write them) and `****`, so a closed case's record still says roughly where.
 */
export function maskAddress(text: string): string {
  return `${[...text].slice(0, 6).join('')}****`;
}

/** A party's phone: a mobile (1[3-9] and 9 digits) or a landline with its area code (`0755-12345678`). */
export const partyPhoneNumberSchema = contactPhoneSchema;

const labelSchema = textField({ max: 20 }).nullable().optional();
const nameSchema = textField({ min: 1, max: 60 });
const employerSchema = textField({ max: 100 }).nullable().optional();
const addressSchema = z.object({ kind: z.enum(ADDRESS_KINDS), text: textField({ min: 1, max: 200 }) });

/** An ID type and number given together, the number checked against the type. */
function checkIdDocument(
  party: { idType?: PartyIdType | null; idNumber?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (party.idNumber && !party.idType) {
    ctx.addIssue({ code: 'custom', path: ['idType'], message: 'party.idTypeRequired' });
    return;
  }
  if (!party.idNumber || !party.idType) return;
  const problem = partyIdNumberProblem(party.idType, party.idNumber);
  if (problem) ctx.addIssue({ code: 'custom', path: ['idNumber'], message: problem });
}

/** Under the text rules first (contract/text.ts), so hostile characters are refused at `idNumber`. */
const idNumberInput = textField({ min: 1, max: 30 }).transform(normalIdNumber).nullable().optional();

/** One party as `POST /api/cases` and `POST /api/cases/:id/parties` take it: numbers in full, no ids. */
export const partyInputSchema = z
  .object({
    role: partyRoleSchema,
    name: nameSchema,
    idType: partyIdTypeSchema.nullable().optional(),
    idNumber: idNumberInput,
    phones: z
      .array(
        z.object({
          number: partyPhoneNumberSchema,
          label: labelSchema,
          status: z.enum(PHONE_STATUSES).default('unknown'),
        }),
      )
      .max(20)
      .default([]),
    addresses: z.array(addressSchema).max(10).default([]),
    employer: employerSchema,
  })
  .superRefine(checkIdDocument);
export type PartyInput = z.infer<typeof partyInputSchema>;

/** The parties of a new case: `parties[0]` is the main debtor. */
export const newCasePartiesSchema = z
  .array(partyInputSchema)
  .min(1)
  .max(50)
  .superRefine((parties, ctx) => {
    if (parties[0] && parties[0].role !== 'debtor')
      ctx.addIssue({ code: 'custom', path: [0, 'role'], message: 'party.mainDebtorRole' });
  });

/**
 * `PUT /api/cases/:id/parties/:partyId`: the fields to change. Phones and addresses, when given,
 * are the whole new list; a phone with its `id` and no `number` keeps its stored number (the
 * caller only ever saw it masked), as an ID number left out stays as stored.
 */
export const partyUpdateSchema = z
  .object({
    role: partyRoleSchema.optional(),
    name: nameSchema.optional(),
    idType: partyIdTypeSchema.nullable().optional(),
    idNumber: idNumberInput,
    phones: z
      .array(
        z
          .object({
            id: bodyId.optional(),
            number: partyPhoneNumberSchema.optional(),
            label: labelSchema,
            status: z.enum(PHONE_STATUSES).default('unknown'),
          })
          .refine((p) => p.id !== undefined || p.number !== undefined, {
            path: ['number'],
            message: 'party.phoneRequired',
          }),
      )
      .max(20)
      .optional(),
    addresses: z.array(addressSchema).max(10).optional(),
    employer: employerSchema,
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'party.nothingToChange')
  .superRefine(checkIdDocument);
export type PartyUpdate = z.infer<typeof partyUpdateSchema>;

/** A party as every answer carries it: ID number and phones masked. */
export const partySchema = z.object({
  id: z.number().int(),
  role: partyRoleSchema,
  name: z.string(),
  idType: partyIdTypeSchema.nullable(),
  idNumber: z.string().nullable(),
  phones: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      label: z.string().nullable(),
      status: z.enum(PHONE_STATUSES),
    }),
  ),
  addresses: z.array(z.object({ id: z.number().int(), kind: z.enum(ADDRESS_KINDS), text: z.string() })),
  employer: z.string().nullable(),
});
export type Party = z.infer<typeof partySchema>;

/** What the reader may do to a case's parties now (the list's `can`; the server checks each call again). */
export const partyCanSchema = z.object({
  reveal: z.boolean(),
  add: z.boolean(),
  edit: z.boolean(),
  /** Editing is limited to phones, addresses and employer (the handling lawyer). */
  contactsOnly: z.boolean(),
});
export type PartyCan = z.infer<typeof partyCanSchema>;

export const partyListSchema = z.object({ list: z.array(partySchema), can: partyCanSchema.optional() });

export const partyParamsSchema = z.object({ id: idValue, partyId: idValue });

/** `POST /api/cases/:id/parties/:partyId/reveal`: one value in full, with the reason. */
export const revealRequestSchema = z
  .object({
    field: z.enum(REVEAL_FIELDS),
    phoneId: bodyId.optional(),
    reason: z.enum(REVEAL_REASONS),
    note: textField({ max: 200, multiline: true }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.field === 'phone' && body.phoneId === undefined)
      ctx.addIssue({ code: 'custom', path: ['phoneId'], message: 'party.phoneIdRequired' });
    if (body.reason === 'other' && !body.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'pii.noteRequired' });
  });
export type RevealRequest = z.infer<typeof revealRequestSchema>;
export const revealAnswerSchema = z.object({ value: z.string() });

/**
 * `GET /api/pii-access` (and its CSV export): the reveals, newest first, by user (id, or part of
 * the name), case (id, or its number) and business day (one, or an inclusive range).
 */
export const piiAccessQuerySchema = pageQuerySchema.extend({
  userId: idValue.optional(),
  userName: textField({ max: 60 }).optional(),
  caseId: idValue.optional(),
  caseNo: textField({ max: 60 }).optional(),
  day: daySchema.optional(),
  dayFrom: daySchema.optional(),
  dayTo: daySchema.optional(),
});
export type PiiAccessQuery = z.infer<typeof piiAccessQuerySchema>;

export const piiAccessRowSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  role: z.string(),
  caseId: z.number().int(),
  caseNo: z.string(),
  partyId: z.number().int(),
  partyName: z.string(),
  field: z.enum(REVEAL_FIELDS),
  reason: z.enum(REVEAL_REASONS),
  note: z.string().nullable(),
  clientIp: z.string().nullable(),
  at: z.string(),
});
export type PiiAccessRow = z.infer<typeof piiAccessRowSchema>;
export const piiAccessPageSchema = pagedSchema(piiAccessRowSchema);

const intake = caseIntakeSchema.shape;

/**
 * `POST /api/cases`: the intake form's case with optional `parties` (numbers in full). With
 * them, `parties[0]` is the main debtor and names the case (`debtorName` may be left out);
 * without them `debtorName` makes a main debtor with a name only. The creditor: `creditorId`, or
 * the 委托方 name (`clientName`: an existing creditor's, or a new one made from it); the case joins
 * `batchId` (that creditor's) or the creditor's batch of the day.
 */
export const caseCreateRequestSchema = caseIntakeSchema
  .extend({
    debtorName: intake.debtorName.optional(),
    parties: newCasePartiesSchema.optional(),
    clientName: intake.clientName.optional(),
    creditorId: bodyId.optional(),
    batchId: bodyId.optional(),
  })
  .superRefine((c, ctx) => {
    if (c.parties === undefined && c.debtorName === undefined)
      ctx.addIssue({ code: 'custom', path: ['debtorName'], message: 'party.debtorRequired' });
    if (c.creditorId === undefined && c.clientName === undefined)
      ctx.addIssue({ code: 'custom', path: ['clientName'], message: 'creditor.required' });
  })
  .transform((c) => ({
    ...c,
    debtorName: c.parties?.[0]?.name ?? c.debtorName ?? '',
    clientName: c.clientName ?? '',
  }));
export type CaseCreateRequest = z.output<typeof caseCreateRequestSchema>;
