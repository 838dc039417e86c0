import { IMPORT_PARTY_COLUMNS, type ImportPartyField, labelledValueOf } from '../../../contract/case-intake';
import {
  PARTY_ID_TYPES,
  PARTY_ROLES,
  type PartyInput,
  type PartyRole,
  partyInputSchema,
} from '../../../contract/parties';
import { type Reason, reasonOf } from './reasons';
import { cellText } from './sheet-rows';

/**
 * A party as a spreadsheet row gives it, on either sheet: the main sheet's 债务人 columns (the
 * main debtor) or a row of 当事人. Judged by the form's own schema (contract/parties.ts: ID
 * numbers with their check characters, mobiles and landlines), after the spreadsheet's forms
 * are read: an ID type by its name or code, phones separated by `;` or `；`, one address (a
 * 居住地址: where the party lives and is reached). An ID number Excel stored as a number has
 * lost its last digits (and its X): refused, asking for a text cell.
 */
export interface PartyCells {
  role: PartyRole;
  name: string;
  idType: unknown;
  idNumber: unknown;
  phones: unknown;
  address: unknown;
  employer?: unknown;
}

/** The party's own fields, named as the sheet's columns name them. */
export type PartyFieldNames = Record<
  'name' | 'idType' | 'idNumber' | 'phones' | 'address' | 'employer',
  string
>;

export const PHONE_SEPARATOR = /[;；]/;

export function partyOf(
  cells: PartyCells,
  fields: PartyFieldNames,
): { ok: true; party: PartyInput } | { ok: false; reasons: Reason[] } {
  const reasons: Reason[] = [];
  const idTypeText = cellText(cells.idType);
  let idType: string | null = null;
  if (idTypeText !== '') {
    idType = labelledValueOf('partyIdType', PARTY_ID_TYPES, idTypeText);
    if (idType === null) reasons.push({ field: fields.idType, key: 'import.idTypeUnknown' });
  }
  let idNumber: string | null = null;
  if (typeof cells.idNumber === 'number')
    reasons.push({ field: fields.idNumber, key: 'import.idNumberAsNumber' });
  else idNumber = cellText(cells.idNumber) || null;
  const phones = cellText(cells.phones)
    .split(PHONE_SEPARATOR)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((number) => ({ number }));
  const address = cellText(cells.address);
  const input = {
    role: cells.role,
    name: cells.name,
    idType: idType ?? (idTypeText === '' ? null : undefined),
    idNumber,
    phones,
    addresses: address === '' ? [] : [{ kind: 'residence', text: address }],
    employer: cellText(cells.employer) || null,
  };
  const parsed = partyInputSchema.safeParse(input, { reportInput: true });
  if (parsed.success && reasons.length === 0) return { ok: true, party: parsed.data };
  if (!parsed.success) {
    const refused = new Set(reasons.map((r) => r.field));
    for (const issue of parsed.error.issues) {
      const at = String(issue.path[0] ?? 'name');
      const field =
        at === 'addresses' ? fields.address : (fields[at as keyof PartyFieldNames] ?? fields.name);
      if (refused.has(field)) continue;
      refused.add(field);
      reasons.push(reasonOf(field, issue));
    }
  }
  return { ok: false, reasons };
}

/** The 当事人 sheet's columns as partyOf names them. */
const PARTY_SHEET_FIELDS: PartyFieldNames = {
  name: 'name',
  idType: 'idType',
  idNumber: 'idNumber',
  phones: 'phones',
  address: 'address',
  employer: 'employer',
};

/** One row of 当事人: the case it belongs to (its 案件编号 on the main sheet) and the party. */
export function checkPartyRow(
  cells: unknown[],
  positions: (number | null)[],
): { ok: true; caseNo: string; party: PartyInput } | { ok: false; caseNo: string; reasons: Reason[] } {
  const cell = (field: ImportPartyField) => {
    const at = positions[IMPORT_PARTY_COLUMNS.findIndex((c) => c.field === field)];
    return at === null || at === undefined ? null : cells[at];
  };
  const reasons: Reason[] = [];
  const caseNo = cellText(cell('caseNo'));
  if (caseNo === '') reasons.push({ field: 'caseNo', key: 'intake.required' });
  const roleText = cellText(cell('role'));
  const role = roleText === '' ? null : labelledValueOf('partyRole', PARTY_ROLES, roleText);
  if (roleText === '') reasons.push({ field: 'role', key: 'intake.required' });
  else if (role === null) reasons.push({ field: 'role', key: 'import.partyRoleUnknown' });
  const name = cellText(cell('name'));
  if (name === '') reasons.push({ field: 'name', key: 'intake.required' });
  const judged = partyOf(
    {
      role: role ?? 'coDebtor',
      name,
      idType: cell('idType'),
      idNumber: cell('idNumber'),
      phones: cell('phones'),
      address: cell('address'),
      employer: cell('employer'),
    },
    PARTY_SHEET_FIELDS,
  );
  if (judged.ok && reasons.length === 0) return { ok: true, caseNo, party: judged.party };
  const refused = new Set(reasons.map((r) => r.field));
  if (!judged.ok) for (const r of judged.reasons) if (!refused.has(r.field)) reasons.push(r);
  const order = (field: string) => IMPORT_PARTY_COLUMNS.findIndex((c) => c.field === field);
  return { ok: false, caseNo, reasons: reasons.sort((a, b) => order(a.field) - order(b.field)) };
}
