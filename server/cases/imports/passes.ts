/**
 * The passes of an import job over its rows: each row judged by the form's schema and case
 * numbers checked against earlier rows and stored cases, a batch at a time (mode `valid` writes
 * as it goes); mode `all` writes every row in one transaction once all are valid, and judges
 * again when another writer stored some of their numbers in between. run.ts drives them.
 */
import { IMPORT_ERRORS_KEPT, IMPORT_PARTY_SHEET } from '../../../contract/case-intake';
import type { AppContext } from '../../context';
import { uniqueViolation } from '../../db/unique-violation';
import { insertCases, storedCaseNos } from '../intake';
import { piiHasher } from '../parties/pii-hash';
import { judgedRows } from './judged-rows';
import type { Reason } from './reasons';
import type { ReceivedImport } from './receive';
import type { ImportedCase } from './row-check';
import { sheetLimitsFor } from './sheet-rows';

/** Rows judged, and in mode `valid` written, per transaction. */
const BATCH = 500;

/** A refused row of the first hundred, as stored in `case_imports.errors` (`sheet` since migration 0028). */
export type StoredError = { sheet?: string; row: number } & Reason;

interface Refused {
  sheet: string;
  rowNo: number;
  texts: string[];
  reasons: Reason[];
}

export interface Progress {
  processed: number;
  imported: number;
  invalid: number;
  errors: StoredError[];
}

/**
 * One streaming pass over the rows (judged-rows.ts: the parties' sheet, then the cases, each
 * judged by the form's schemas, case numbers checked against earlier rows) and, a batch at a
 * time, case numbers against stored cases. In mode `valid` each batch's valid rows are written,
 * with their parties, together with the batch's refusals and counts, in one transaction.
 * `processed` counts the main sheet's rows; `invalid` the refused rows of either sheet.
 */
export async function checkAll(
  app: AppContext,
  { id, userId }: { id: number; userId: number },
  file: ReceivedImport,
  progress: Progress,
  write: boolean,
): Promise<{ takenLate: boolean }> {
  const hash = await piiHasher(app.db);
  // Rows passed as new by one batch, then stored numbers met by a later one: another import
  // may have stored the earlier batches' numbers in between too.
  let passedFresh = false;
  let takenLate = false;
  let valid: { sheet: string; rowNo: number; value: ImportedCase; texts: string[] }[] = [];
  let refused: Refused[] = [];
  let rows = 0;

  const flush = async () => {
    const stored = await storedCaseNos(
      app.db,
      valid.map((v) => v.value.caseNo),
    );
    const fresh = valid.filter((v) => !stored.has(v.value.caseNo));
    if (stored.size > 0 && passedFresh) takenLate = true;
    if (fresh.length > 0) passedFresh = true;
    for (const v of valid)
      if (stored.has(v.value.caseNo))
        refused.push({
          sheet: v.sheet,
          rowNo: v.rowNo,
          texts: v.texts,
          reasons: [{ field: 'caseNo', key: 'intake.caseNoTaken' }],
        });
    // The parties' sheet is read first: its refusals first, then each sheet's in row order.
    const sheetOrder = (r: Refused) => (r.sheet === IMPORT_PARTY_SHEET && file.partyPositions ? 0 : 1);
    refused.sort((a, b) => sheetOrder(a) - sheetOrder(b) || a.rowNo - b.rowNo);
    const next: Progress = {
      processed: progress.processed + rows,
      imported: progress.imported + (write ? fresh.length : 0),
      invalid: progress.invalid + refused.length,
      errors: progress.errors,
    };
    for (const r of refused) {
      if (next.errors.length >= IMPORT_ERRORS_KEPT) break;
      for (const reason of r.reasons)
        if (next.errors.length < IMPORT_ERRORS_KEPT)
          next.errors.push({ sheet: r.sheet, row: r.rowNo, ...reason });
    }
    const now = app.clock.now();
    await app.db.transaction().execute(async (trx) => {
      if (write)
        await insertCases(
          trx,
          fresh.map((v) => v.value),
          userId,
          now,
          hash,
        );
      if (refused.length > 0)
        await trx
          .insertInto('case_import_rows')
          .values(
            refused.map((r) => ({
              import_id: id,
              sheet: r.sheet,
              row_no: r.rowNo,
              cells: JSON.stringify(r.texts),
              reasons: JSON.stringify(r.reasons),
            })),
          )
          .execute();
      await trx
        .updateTable('case_imports')
        .set({
          processed: next.processed,
          imported: next.imported,
          invalid: next.invalid,
          errors: JSON.stringify(next.errors),
          heartbeat_at: now.toISOString(),
        })
        .where('id', '=', id)
        .execute();
    });
    Object.assign(progress, next);
    valid = [];
    refused = [];
    rows = 0;
  };

  for await (const row of judgedRows(file, sheetLimitsFor(app.config))) {
    if (row.sheet !== IMPORT_PARTY_SHEET || !file.partyPositions) rows++;
    if (row.ok) valid.push(row);
    else refused.push(row);
    if (valid.length + refused.length >= BATCH) await flush();
  }
  await flush();
  return { takenLate };
}

/**
 * Mode `all`, every row valid: writes them all, unless some of their case numbers were stored
 * after the first pass judged them (another import or a form, at the same time; on PostgreSQL
 * the unique index makes this transaction wait for the other and then refuses it). Then nothing
 * is written and the rows are judged again, so the import names its duplicates as it would
 * have a moment later.
 */
export async function insertAllOrNameTaken(
  app: AppContext,
  userId: number,
  id: number,
  file: ReceivedImport,
  progress: Progress,
): Promise<void> {
  try {
    await insertAll(app, userId, file, progress);
  } catch (err) {
    if (!uniqueViolation(err)?.includes('cases.case_no')) throw err;
    await judgeAgain(app, { id, userId }, file, progress);
    // Judged again and still all valid: the number that collided is gone again; say what happened.
    if (progress.invalid === 0) throw err;
  }
}

/**
 * Mode `all`: the rows judged again from the start, their refusals of the first judgment
 * forgotten, once the numbers another import stored meanwhile are all in.
 */
export async function judgeAgain(
  app: AppContext,
  job: { id: number; userId: number },
  file: ReceivedImport,
  progress: Progress,
): Promise<void> {
  await app.db.deleteFrom('case_import_rows').where('import_id', '=', job.id).execute();
  Object.assign(progress, { processed: 0, imported: 0, invalid: 0, errors: [] } satisfies Progress);
  await checkAll(app, job, file, progress, false);
}

/** Mode `all`, every row valid: the second pass writes them all in one transaction. */
async function insertAll(app: AppContext, userId: number, file: ReceivedImport, progress: Progress) {
  const now = app.clock.now();
  const hash = await piiHasher(app.db);
  let imported = 0;
  await app.db.transaction().execute(async (trx) => {
    let batch: ImportedCase[] = [];
    for await (const row of judgedRows(file, sheetLimitsFor(app.config))) {
      if (!row.ok) throw new Error(`row ${row.rowNo} of ${row.sheet} changed between the passes`);
      batch.push(row.value);
      if (batch.length >= BATCH) {
        imported += (await insertCases(trx, batch, userId, now, hash)).length;
        batch = [];
      }
    }
    imported += (await insertCases(trx, batch, userId, now, hash)).length;
  });
  progress.imported = imported;
}
