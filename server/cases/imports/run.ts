import { rm } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { CASE_IMPORT_ROUTE, type CaseIntake, IMPORT_ERRORS_KEPT } from '../../../contract/case-intake';
import { recordAudit } from '../../audit/audit';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import type { Caller } from '../../http/route';
import { notify } from '../../notifications/notify';
import { forgetCaseCounts } from '../count-cache';
import { insertCases, storedCaseNos } from '../intake';
import { importTempDirFor, type ReceivedImport } from './receive';
import { checkRow, type Reason, rowTexts } from './row-check';
import { sheetRows } from './sheet-rows';

/** Rows judged, and in mode `valid` written, per transaction. */
const BATCH = 500;

/** A refused row of the first hundred, as stored in `case_imports.errors`. */
export type StoredError = { row: number } & Reason;

interface Refused {
  rowNo: number;
  texts: string[];
  reasons: Reason[];
}

interface Progress {
  processed: number;
  imported: number;
  invalid: number;
  errors: StoredError[];
}

/** Imports still running in this process (tests and the bench wait for them). */
const running = new Map<number, Promise<void>>();

export function importRunning(id: number): Promise<void> | undefined {
  return running.get(id);
}

/**
 * Records the job and starts it in the background; answers its id at once. The job owns the
 * temporary file from here on and removes it when it ends, whatever happens.
 */
export async function startImport(
  app: AppContext,
  who: { caller: Caller; requestId: string },
  file: ReceivedImport,
): Promise<number> {
  let id: number;
  try {
    const row = await app.db
      .insertInto('case_imports')
      .values({
        user_id: who.caller.userId,
        file_name: file.fileName,
        mode: file.mode,
        status: 'running',
        total: file.total,
        created_at: app.clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } catch (err) {
    await rm(file.path, { force: true });
    throw err;
  }
  const job = runImport(app, who, id, file).finally(() => running.delete(id));
  running.set(id, job);
  return id;
}

async function runImport(
  app: AppContext,
  who: { caller: Caller; requestId: string },
  id: number,
  file: ReceivedImport,
): Promise<void> {
  const progress: Progress = { processed: 0, imported: 0, invalid: 0, errors: [] };
  try {
    if (file.mode === 'valid') {
      await checkAll(app, { id, userId: who.caller.userId }, file, progress, true);
    } else {
      // Nothing is imported unless every row is valid: judge them all first, then write them
      // in one transaction (a duplicate that appears in between fails the whole import).
      await checkAll(app, { id, userId: who.caller.userId }, file, progress, false);
      if (progress.invalid === 0) await insertAll(app, who.caller.userId, file, progress);
    }
    await finish(app, who, id, file, progress, null);
  } catch (err) {
    app.log.error({ err, importId: id }, 'case import failed');
    await finish(app, who, id, file, progress, 'import.interrupted').catch((e) =>
      app.log.error({ err: e, importId: id }, 'could not record the failed import'),
    );
  } finally {
    await rm(file.path, { force: true });
    if (progress.imported > 0) forgetCaseCounts(app.db, { rows: 'inserted' });
  }
}

/**
 * One streaming pass over the rows: each judged by the form's schema, case numbers checked
 * against earlier rows and, a batch at a time, against stored cases. In mode `valid` each
 * batch's valid rows are written with the batch's refusals and counts, in one transaction.
 */
async function checkAll(
  app: AppContext,
  { id, userId }: { id: number; userId: number },
  file: ReceivedImport,
  progress: Progress,
  write: boolean,
): Promise<void> {
  const firstRowOf = new Map<string, number>();
  let valid: { rowNo: number; value: CaseIntake; texts: string[] }[] = [];
  let refused: Refused[] = [];

  const flush = async () => {
    const rows = valid.length + refused.length;
    const stored = await storedCaseNos(
      app.db,
      valid.map((v) => v.value.caseNo),
    );
    const fresh = valid.filter((v) => !stored.has(v.value.caseNo));
    for (const v of valid)
      if (stored.has(v.value.caseNo))
        refused.push({
          rowNo: v.rowNo,
          texts: v.texts,
          reasons: [{ field: 'caseNo', key: 'intake.caseNoTaken' }],
        });
    refused.sort((a, b) => a.rowNo - b.rowNo);
    const next: Progress = {
      processed: progress.processed + rows,
      imported: progress.imported + (write ? fresh.length : 0),
      invalid: progress.invalid + refused.length,
      errors: progress.errors,
    };
    for (const r of refused) {
      if (next.errors.length >= IMPORT_ERRORS_KEPT) break;
      for (const reason of r.reasons)
        if (next.errors.length < IMPORT_ERRORS_KEPT) next.errors.push({ row: r.rowNo, ...reason });
    }
    const now = app.clock.now();
    await app.db.transaction().execute(async (trx) => {
      if (write)
        await insertCases(
          trx,
          fresh.map((v) => v.value),
          userId,
          now,
        );
      if (refused.length > 0)
        await trx
          .insertInto('case_import_rows')
          .values(
            refused.map((r) => ({
              import_id: id,
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
        })
        .where('id', '=', id)
        .execute();
    });
    Object.assign(progress, next);
    valid = [];
    refused = [];
  };

  let header = true;
  for await (const row of sheetRows(file.path, file.kind)) {
    if (header) {
      header = false;
      continue;
    }
    const texts = rowTexts(row.cells, file.positions);
    const result = checkRow(row.cells, file.positions);
    if (!result.ok) refused.push({ rowNo: row.rowNo, texts, reasons: result.reasons });
    else {
      const first = firstRowOf.get(result.value.caseNo);
      if (first !== undefined)
        refused.push({
          rowNo: row.rowNo,
          texts,
          reasons: [{ field: 'caseNo', key: 'intake.caseNoRepeated', params: { row: first } }],
        });
      else {
        firstRowOf.set(result.value.caseNo, row.rowNo);
        valid.push({ rowNo: row.rowNo, value: result.value, texts });
      }
    }
    if (valid.length + refused.length >= BATCH) await flush();
  }
  await flush();
}

/** Mode `all`, every row valid: the second pass writes them all in one transaction. */
async function insertAll(app: AppContext, userId: number, file: ReceivedImport, progress: Progress) {
  const now = app.clock.now();
  let imported = 0;
  await app.db.transaction().execute(async (trx) => {
    let batch: CaseIntake[] = [];
    let header = true;
    for await (const row of sheetRows(file.path, file.kind)) {
      if (header) {
        header = false;
        continue;
      }
      const result = checkRow(row.cells, file.positions);
      if (!result.ok) throw new Error(`row ${row.rowNo} changed between the passes`);
      batch.push(result.value);
      if (batch.length >= BATCH) {
        imported += (await insertCases(trx, batch, userId, now)).length;
        batch = [];
      }
    }
    imported += (await insertCases(trx, batch, userId, now)).length;
  });
  progress.imported = imported;
}

async function finish(
  app: AppContext,
  who: { caller: Caller; requestId: string },
  id: number,
  file: ReceivedImport,
  progress: Progress,
  failure: 'import.interrupted' | null,
): Promise<void> {
  const now = app.clock.now();
  // A failed `all` import wrote nothing: its one transaction rolled back.
  const imported = failure && file.mode === 'all' ? 0 : progress.imported;
  const params = { fileName: file.fileName, imported, invalid: progress.invalid };
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('case_imports')
      .set({
        status: failure ? 'failed' : 'done',
        failure,
        imported,
        invalid: progress.invalid,
        errors: JSON.stringify(progress.errors),
        finished_at: now.toISOString(),
      })
      .where('id', '=', id)
      .execute();
    await notify(
      trx,
      [who.caller.userId],
      { kind: failure ? 'import.failed' : 'import.done', params, link: CASE_IMPORT_ROUTE, type: 'notice' },
      now,
    );
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: 'case.import',
        entity: 'case_import',
        entityId: id,
        summary: `import ${file.fileName}: ${imported} imported, ${progress.invalid} invalid${failure ? ', failed' : ''}`,
        params,
      },
    );
  });
}

/**
 * At start-up (one process per database): imports left running by a process that stopped are
 * failed, and their temporary files removed. Mode `all` wrote nothing (its one transaction
 * never committed); mode `valid` keeps the batches it committed, as its counts say.
 */
export async function failInterruptedImports(
  db: Kysely<Database>,
  databaseLocation: string,
  at: Date,
): Promise<number> {
  const result = await db
    .updateTable('case_imports')
    .set({ status: 'failed', failure: 'import.interrupted', finished_at: at.toISOString() })
    .where('status', '=', 'running')
    .executeTakeFirst();
  await rm(importTempDirFor(databaseLocation), { recursive: true, force: true });
  return Number(result.numUpdatedRows);
}
