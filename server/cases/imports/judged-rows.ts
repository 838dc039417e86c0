/**
 * The rows of an import file judged, in the order the passes (passes.ts) take them: the 当事人
 * sheet is read first and its parties kept by case number (a refused party row is answered at
 * once), then each main-sheet row is judged and given its parties; a case whose party row was
 * refused is refused with it, as is a case number repeated in the file (from its second row
 * on). Party rows naming no case of the main sheet are refused last.
 */
import { IMPORT_PARTY_SHEET } from '../../../contract/case-intake';
import type { PartyInput } from '../../../contract/parties';
import { checkPartyRow } from './party-cells';
import type { Reason } from './reasons';
import type { ReceivedImport } from './receive';
import { checkRow, type ImportedCase, rowTexts } from './row-check';
import { type SheetLimits, sheetRows } from './sheet-rows';

export type JudgedRow = { sheet: string; rowNo: number; texts: string[] } & (
  | { ok: true; value: ImportedCase }
  | { ok: false; reasons: Reason[] }
);

interface PartyRow {
  rowNo: number;
  texts: string[];
  party: PartyInput;
}

export async function* judgedRows(file: ReceivedImport, limits: SheetLimits): AsyncGenerator<JudgedRow> {
  const partyPositions = file.partyPositions;
  const partiesOf = new Map<string, PartyRow[]>();
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
      const texts = rowTexts(row.cells, partyPositions);
      const judged = checkPartyRow(row.cells, partyPositions);
      if (judged.ok) {
        const list = partiesOf.get(judged.caseNo);
        const entry = { rowNo: row.rowNo, texts, party: judged.party };
        if (list) list.push(entry);
        else partiesOf.set(judged.caseNo, [entry]);
      } else {
        if (judged.caseNo !== '' && !refusedPartyRowOf.has(judged.caseNo))
          refusedPartyRowOf.set(judged.caseNo, row.rowNo);
        yield { sheet: row.sheet, rowNo: row.rowNo, texts, ok: false, reasons: judged.reasons };
      }
      continue;
    }
    const texts = rowTexts(row.cells, file.positions);
    const result = checkRow(row.cells, file.positions);
    const at = { sheet: row.sheet, rowNo: row.rowNo, texts };
    if (!result.ok) {
      // Its parties go with it (not "no such case" later); `texts[0]` is its 案件编号.
      partiesOf.delete(texts[0]);
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
    const parties = partiesOf.get(caseNo);
    partiesOf.delete(caseNo);
    if (badParty !== undefined) {
      yield {
        ...at,
        ok: false,
        reasons: [{ field: 'caseNo', key: 'import.partyRowRefused', params: { row: badParty } }],
      };
      continue;
    }
    if (parties) for (const p of parties) result.value.parties.push(p.party);
    yield { ...at, ok: true, value: result.value };
  }
  const orphans = [...partiesOf.values()].flat().sort((a, b) => a.rowNo - b.rowNo);
  for (const p of orphans)
    yield {
      sheet: IMPORT_PARTY_SHEET,
      rowNo: p.rowNo,
      texts: p.texts,
      ok: false,
      reasons: [{ field: 'caseNo', key: 'import.partyCaseUnknown' }],
    };
}
