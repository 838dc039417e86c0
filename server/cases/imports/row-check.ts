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
import { claimOf } from '../../../contract/ledger';
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
  // The parts, when any is given, add up to the amount (contract/ledger.ts claimOf); none, all
  // is principal. A part that is not a number is refused at itself, the sum only once all are read.
  const claim = parsed.success ? claimOf({ ...parts, amountFen: parsed.data.amountFen }) : null;
  if (claim && 'mismatch' in claim && !CLAIM_PART_FIELDS.some((f) => refused.has(f)))
    reasons.push({ field: 'amountFen', key: 'import.partsSum' });
  if (parsed.success && debtor.ok && claim && 'parts' in claim && reasons.length === 0) {
    const { principal, interest, penalty, fees } = claim.parts;
    return {
      ok: true,
      value: {
        ...parsed.data,
        parties: [debtor.party],
        principalFen: principal,
        interestFen: interest,
        penaltyFen: penalty,
        feesFen: fees,
      },
    };
  }
  const order = (field: string) => IMPORT_COLUMNS.findIndex((c) => c.field === field);
  return { ok: false, reasons: reasons.sort((a, b) => order(a.field) - order(b.field)) };
}
