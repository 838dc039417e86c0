/**
 * The rows of an import file judged, in the order the passes (passes.ts) take them: the 当事人
 * sheet is read first and its parties kept by case number (a refused party row is answered at
 * once), then each main-sheet row is judged and given its parties; a case whose party row was
 * refused is refused with it, as is a case number repeated in the file (from its second row
 * on). Party rows naming no case of the main sheet are refused last.
 */
import { maskPhone } from '../../../contract/access';
import { IMPORT_COLUMNS, IMPORT_PARTY_COLUMNS, IMPORT_PARTY_SHEET } from '../../../contract/case-intake';
import type { PartyInput } from '../../../contract/parties';
import { maskPartyIdNumber, normalIdNumber } from '../../../contract/parties';
import { checkPartyRow, PHONE_SEPARATOR } from './party-cells';
import { PartySpill } from './party-spill';
import type { Reason } from './reasons';
import type { ReceivedImport } from './receive';
import { checkRow, type ImportedCase, rowTexts } from './row-check';
import { cellText, isoDay, type SheetLimits, sheetRows } from './sheet-rows';

/**
 * A judged row; `texts()` is its cells as the errors download shows them (ID numbers and phones
 * masked), made only for a row that is refused.
 */
export type JudgedRow = { sheet: string; rowNo: number; texts: () => string[] } & (
  | { ok: true; value: ImportedCase }
  | { ok: false; reasons: Reason[] }
);

export async function* judgedRows(file: ReceivedImport, limits: SheetLimits): AsyncGenerator<JudgedRow> {
  // The 当事人 rows wait for their case row off the heap (party-spill.ts).
  const partiesOf = new PartySpill();
  try {
    yield* judgedWith(partiesOf, file, limits);
  } finally {
    partiesOf.close();
  }
}

async function* judgedWith(
  partiesOf: PartySpill,
  file: ReceivedImport,
  limits: SheetLimits,
): AsyncGenerator<JudgedRow> {
  const partyPositions = file.partyPositions;
  const refusedPartyRowOf = new Map<string, number>();
  const firstRowOf = new Map<string, number>();
  const headers = new Set<string>();
  const rows = sheetRows(file.path, file.kind, limits, partyPositions ? { first: IMPORT_PARTY_SHEET } : {});
  for await (const row of rows) {
    if (!headers.has(row.sheet)) {
      headers.add(row.sheet);
      continue;
    }
    if (partyPositions && row.sheet === IMPORT_PARTY_SHEET) {
      const texts = () => storedTexts(row.cells, partyPositions, IMPORT_PARTY_COLUMNS, PARTY_NUMBERS);
      const judged = checkPartyRow(row.cells, partyPositions);
      if (judged.ok) {
        const cells = JSON.stringify(
          Array.from(row.cells, (c) => (c instanceof Date ? isoDay(c) : (c ?? null))),
        );
        partiesOf.add(judged.caseNo, { rowNo: row.rowNo, cells, party: JSON.stringify(judged.party) });
      } else {
        if (judged.caseNo !== '' && !refusedPartyRowOf.has(judged.caseNo))
          refusedPartyRowOf.set(judged.caseNo, row.rowNo);
        yield { sheet: row.sheet, rowNo: row.rowNo, texts, ok: false, reasons: judged.reasons };
      }
      continue;
    }
    const texts = () => storedTexts(row.cells, file.positions, IMPORT_COLUMNS, MAIN_NUMBERS);
    const result = checkRow(row.cells, file.positions);
    const at = { sheet: row.sheet, rowNo: row.rowNo, texts };
    if (!result.ok) {
      // Its parties go with it (not "no such case" later).
      partiesOf.take(cellText(row.cells[file.positions[0] ?? -1]));
      yield { ...at, ok: false, reasons: result.reasons };
      continue;
    }
    const caseNo = result.value.caseNo;
    const first = firstRowOf.get(caseNo);
    if (first !== undefined) {
      yield {
        ...at,
        ok: false,
        reasons: [{ field: 'caseNo', key: 'intake.caseNoRepeated', params: { row: first } }],
      };
      continue;
    }
    firstRowOf.set(caseNo, row.rowNo);
    const badParty = refusedPartyRowOf.get(caseNo);
    const parties = partiesOf.take(caseNo);
    if (badParty !== undefined) {
      yield {
        ...at,
        ok: false,
        reasons: [{ field: 'caseNo', key: 'import.partyRowRefused', params: { row: badParty } }],
      };
      continue;
    }
    for (const p of parties) result.value.parties.push(JSON.parse(p.party) as PartyInput);
    yield { ...at, ok: true, value: result.value };
  }
  for (const p of partiesOf.rest())
    yield {
      sheet: IMPORT_PARTY_SHEET,
      rowNo: p.rowNo,
      texts: () =>
        storedTexts(
          JSON.parse(p.cells) as unknown[],
          partyPositions ?? [],
          IMPORT_PARTY_COLUMNS,
          PARTY_NUMBERS,
        ),
      ok: false,
      reasons: [{ field: 'caseNo', key: 'import.partyCaseUnknown' }],
    };
}

const MAIN_NUMBERS = { idNumber: 'debtorIdNumber', phones: 'debtorPhones' };
const PARTY_NUMBERS = { idNumber: 'idNumber', phones: 'phones' };

/**
 * A refused row's cells as stored for the errors download (`case_import_rows`): ID numbers and
 * phones masked like every export (contract/parties.ts, contract/access.ts), so no full number
 * is kept or leaves the server through it.
 */
function storedTexts(
  cells: unknown[],
  positions: (number | null)[],
  columns: readonly { field: string }[],
  numbers: { idNumber: string; phones: string },
): string[] {
  return rowTexts(cells, positions).map((text, i) => {
    if (text === '') return text;
    if (columns[i].field === numbers.idNumber) return maskPartyIdNumber(normalIdNumber(text));
    if (columns[i].field === numbers.phones)
      return text
        .split(PHONE_SEPARATOR)
        .map((p) => p.trim())
        .filter((p) => p !== '')
        .map(maskPhone)
        .join(';');
    return text;
  });
}

/**
 * The texts of a valid row rebuilt from what was judged, for the errors download of a row whose
 * case number was taken after the judging thread asked (a writer in between): the template's
 * columns in order, amounts in yuan, the main debtor's numbers masked as every export.
 */
export function textsOfCase(value: ImportedCase): string[] {
  const debtor = value.parties[0];
  const yuan = (fen: number) => (fen / 100).toFixed(2);
  const texts: Record<string, string> = {
    caseNo: value.caseNo,
    title: value.title,
    type: value.type,
    debtorName: value.debtorName,
    clientName: value.clientName,
    regionCode: value.regionCode,
    amountFen: yuan(value.amountFen),
    entrustExpiresOn: value.entrustExpiresOn,
    court: value.court ?? '',
    description: value.description ?? '',
    loanNo: value.loanNo ?? '',
    debtorIdType: debtor?.idType ?? '',
    debtorIdNumber: debtor?.idNumber ? maskPartyIdNumber(debtor.idNumber) : '',
    debtorPhones: (debtor?.phones ?? []).map((p) => maskPhone(p.number)).join(';'),
    debtorAddress: debtor?.addresses[0]?.text ?? '',
    principalFen: yuan(value.principalFen),
    interestFen: yuan(value.interestFen),
    penaltyFen: yuan(value.penaltyFen),
    feesFen: yuan(value.feesFen),
  };
  return IMPORT_COLUMNS.map((c) => texts[c.field] ?? '');
}
