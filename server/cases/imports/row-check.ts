import {
  type CaseIntake,
  CLAIM_PART_FIELDS,
  type ClaimPartField,
  caseIntakeSchema,
  caseTypeOf,
  IMPORT_COLUMNS,
  type ImportField,
  yuanToFen,
} from '../../../contract/case-intake';
import type { PartyInput } from '../../../contract/parties';
import { type PartyFieldNames, partyOf } from './party-cells';
import { type Reason, reasonOf } from './reasons';
import { cellText } from './sheet-rows';

export type { Reason } from './reasons';

/** A case of the main sheet as the import writes it: its parties (the main debtor first) and the claim's parts, in fen. */
export type ImportedCase = CaseIntake & { parties: PartyInput[] } & Record<ClaimPartField, number>;

/** Where each of `columns` is in this file; `missing` names the required headers it lacks. */
export function columnsOf(
  header: unknown[],
  columns: readonly { header: string; required: boolean }[] = IMPORT_COLUMNS,
): { positions: (number | null)[]; missing: string[] } {
  const texts = header.map(cellText);
  const positions = columns.map((c) => {
    const at = texts.indexOf(c.header);
    return at < 0 ? null : at;
  });
  const missing = columns.filter((c, i) => c.required && positions[i] === null).map((c) => c.header);
  return { positions, missing };
}

/** The row's cells as text, in the template's column order (what the errors download shows). */
export function rowTexts(cells: unknown[], positions: (number | null)[]): string[] {
  return positions.map((p) => (p === null ? '' : cellText(cells[p])));
}

/** The main debtor's columns of the main sheet. */
const MAIN_DEBTOR_FIELDS: PartyFieldNames = {
  name: 'debtorName',
  idType: 'debtorIdType',
  idNumber: 'debtorIdNumber',
  phones: 'debtorPhones',
  address: 'debtorAddress',
  employer: 'debtorName',
};
const PARTY_FIELDS = new Set<ImportField>([
  'debtorIdType',
  'debtorIdNumber',
  'debtorPhones',
  'debtorAddress',
]);
const PART_FIELDS = new Set<string>(CLAIM_PART_FIELDS);

/**
 * One row of the main sheet judged by the same schemas as the form (contract/case-intake.ts,
 * contract/parties.ts), after the spreadsheet's own forms are read: a type by its label, an
 * amount in yuan, a date cell. The claim's parts, when any is given, sum to 标的金额 (else the
 * row is refused at the amount); when none is, the claim is all principal.
 */
export function checkRow(
  cells: unknown[],
  positions: (number | null)[],
): { ok: true; value: ImportedCase } | { ok: false; reasons: Reason[] } {
  const reasons: Reason[] = [];
  const input: Record<string, unknown> = {};
  const parts: Partial<Record<ClaimPartField, number>> = {};
  const raw = (field: ImportField) => {
    const at = positions[IMPORT_COLUMNS.findIndex((c) => c.field === field)];
    return at === null || at === undefined ? null : cells[at];
  };
  IMPORT_COLUMNS.forEach((column, i) => {
    if (PARTY_FIELDS.has(column.field)) return;
    const at = positions[i];
    const value = at === null ? null : cells[at];
    const text = cellText(value);
    if (text === '') {
      if (column.required) reasons.push({ field: column.field, key: 'intake.required' });
      else if (!PART_FIELDS.has(column.field)) input[column.field] = null;
      return;
    }
    switch (column.field) {
      case 'type': {
        const type = caseTypeOf(text);
        if (type === null) reasons.push({ field: 'type', key: 'intake.typeUnknown' });
        else input.type = type;
        return;
      }
      case 'amountFen': {
        const fen = yuanToFen(typeof value === 'number' ? value : text);
        if (fen === null) reasons.push({ field: 'amountFen', key: 'intake.amountYuan' });
        else input.amountFen = fen;
        return;
      }
      case 'principalFen':
      case 'interestFen':
      case 'penaltyFen':
      case 'feesFen': {
        const fen = yuanToFen(typeof value === 'number' ? value : text);
        if (fen === null) reasons.push({ field: column.field, key: 'import.partYuan' });
        else parts[column.field] = fen;
        return;
      }
      default:
        input[column.field] = text;
    }
  });
  const refused = new Set(reasons.map((r) => r.field));
  const parsed = caseIntakeSchema.safeParse(input, { reportInput: true });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'row');
      if (refused.has(field)) continue;
      refused.add(field);
      reasons.push(reasonOf(field, issue));
    }
  }
  const debtor = partyOf(
    {
      role: 'debtor',
      name: cellText(raw('debtorName')),
      idType: raw('debtorIdType'),
      idNumber: raw('debtorIdNumber'),
      phones: raw('debtorPhones'),
      address: raw('debtorAddress'),
    },
    MAIN_DEBTOR_FIELDS,
  );
  if (!debtor.ok) for (const r of debtor.reasons) if (!refused.has(r.field)) reasons.push(r);
  const claim = claimOf(parts, parsed.success ? parsed.data.amountFen : null);
  // A part that is not a number is refused at itself; the sum is judged when all could be read.
  if (claim === null && !refused.has('amountFen') && !CLAIM_PART_FIELDS.some((f) => refused.has(f)))
    reasons.push({ field: 'amountFen', key: 'import.partsSum' });
  if (parsed.success && debtor.ok && claim !== null && reasons.length === 0)
    return { ok: true, value: { ...parsed.data, parties: [debtor.party], ...claim } };
  const order = (field: string) => IMPORT_COLUMNS.findIndex((c) => c.field === field);
  return { ok: false, reasons: reasons.sort((a, b) => order(a.field) - order(b.field)) };
}

/**
 * The claim's parts: as given when any is (those left blank are 0), summing to the amount, else
 * null; none given, all principal. An amount not yet known (refused) takes the parts as given.
 */
function claimOf(
  parts: Partial<Record<ClaimPartField, number>>,
  amountFen: number | null,
): Record<ClaimPartField, number> | null {
  const given = CLAIM_PART_FIELDS.some((f) => parts[f] !== undefined);
  if (!given) return { principalFen: amountFen ?? 0, interestFen: 0, penaltyFen: 0, feesFen: 0 };
  const claim = {
    principalFen: parts.principalFen ?? 0,
    interestFen: parts.interestFen ?? 0,
    penaltyFen: parts.penaltyFen ?? 0,
    feesFen: parts.feesFen ?? 0,
  };
  const sum = claim.principalFen + claim.interestFen + claim.penaltyFen + claim.feesFen;
  return amountFen === null || sum === amountFen ? claim : null;
}
