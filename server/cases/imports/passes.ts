/**
 * The passes of an import job over its rows: each row judged by the form's schema on a thread of
 * its own (judging.ts) and case numbers checked against earlier rows and stored cases, a batch
 * at a time; mode `valid` writes each batch as it goes, mode `all` spills the valid rows to a
 * file and writes them, a batch per transaction, once every row passed. run.ts drives them.
 */
import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { IMPORT_ERRORS_KEPT, IMPORT_PARTY_SHEET } from '../../../contract/case-intake';
import type { AppContext } from '../../context';
import type { ImportPlacer, Placement } from '../../creditors/placement';
import { uniqueViolation } from '../../db/unique-violation';
import { insertCases, storedCaseNos } from '../intake';
import { piiHasher } from '../parties/pii-hash';
import { textsOfCase } from './judged-rows';
import { judgedRowsOffThread, type ThreadRow } from './judging';
import type { Reason } from './reasons';
import type { ReceivedImport } from './receive';
import type { ImportedCase } from './row-check';
import { sheetLimitsFor } from './sheet-rows';
import { ROWS_PER_MESSAGE } from './thread-judge';

/**
 * Rows judged, and in mode `valid` written, per transaction. Each commit writes every index page
 * the batch touched to the log (`cases` alone has 31 indexes) and syncs it: at 1,000 rows an
 * import of 100,000 spent a third of its writing in commits; 2,500 rows hold SQLite's write lock
 * for about a quarter of a second at a time, which a form's save waits for at most.
 */
const BATCH = 2500;

/** A refused row of the first hundred, as stored in `case_imports.errors` (`sheet` since migration 0028). */
export type StoredError = { sheet?: string; row: number } & Reason;

interface Refused {
  sheet: string;
  rowNo: number;
  texts: () => string[];
  reasons: Reason[];
}

/** The job: its id, its author, and where its cases go (server/creditors/placement.ts). */
export interface ImportJob {
  id: number;
  userId: number;
  placer: ImportPlacer;
}

/** The cases with their creditor and batch, the 委托方 shown as the creditor's record names it. */
const placedCases = <T extends ImportedCase>(cases: readonly T[], placed: readonly Placement[]) =>
  cases.map((c, i) => ({
    ...c,
    clientName: placed[i].clientName,
    creditorId: placed[i].creditorId,
    batchId: placed[i].batchId,
  }));

export interface Progress {
  processed: number;
  imported: number;
  invalid: number;
  errors: StoredError[];
}

/**
 * One streaming pass over the rows (judged-rows.ts on the judging thread: the parties' sheet,
 * then the cases, each judged by the form's schemas, case numbers checked against earlier rows)
 * and, a batch at a time, case numbers against stored cases. With `write` (mode `valid`) each
 * batch's valid rows are written, with their parties, together with the batch's refusals and
 * counts, in one transaction; with `spill` (mode `all`) they go to the spill file while no row
 * has been refused. `processed` counts the main sheet's rows; `invalid` the refused rows of
 * either sheet.
 */
export async function checkAll(
  app: AppContext,
  { id, userId, placer }: ImportJob,
  file: ReceivedImport,
  progress: Progress,
  { write, spill }: { write: boolean; spill?: Spill },
): Promise<void> {
  const hash = await piiHasher(app.db);
  let valid: Extract<ThreadRow, { ok: true }>[] = [];
  let refused: Refused[] = [];
  let rows = 0;

  const flush = async () => {
    const now = app.clock.now();
    let fresh: typeof valid = [];
    let next = progress;
    // The numbers are judged against stored cases inside the writing transaction, so a case
    // stored since the judging thread asked is refused here, not by the unique index.
    await app.db.transaction().execute(async (trx) => {
      const stored = await storedCaseNos(
        trx,
        valid.map((v) => v.value.caseNo),
      );
      const all = [...refused];
      // An import for one creditor refuses a row whose 委托方 names another.
      for (const v of valid)
        if (!stored.has(v.value.caseNo) && placer.refuses(v.value.clientName))
          all.push({
            sheet: v.sheet,
            rowNo: v.rowNo,
            texts: v.texts ?? (() => textsOfCase(v.value)),
            reasons: [{ field: 'clientName', key: 'import.creditorMismatch' }],
          });
      fresh = valid.filter((v) => !stored.has(v.value.caseNo) && !placer.refuses(v.value.clientName));
      for (const v of valid)
        if (stored.has(v.value.caseNo))
          all.push({
            sheet: v.sheet,
            rowNo: v.rowNo,
            texts: v.texts ?? (() => textsOfCase(v.value)),
            reasons: [{ field: 'caseNo', key: 'intake.caseNoTaken' }],
          });
      // The parties' sheet is read first: its refusals first, then each sheet's in row order.
      const sheetOrder = (r: Refused) => (r.sheet === IMPORT_PARTY_SHEET && file.partyPositions ? 0 : 1);
      all.sort((a, b) => sheetOrder(a) - sheetOrder(b) || a.rowNo - b.rowNo);
      next = {
        processed: progress.processed + rows,
        imported: progress.imported + (write ? fresh.length : 0),
        invalid: progress.invalid + all.length,
        errors: [...progress.errors],
      };
      for (const r of all) {
        if (next.errors.length >= IMPORT_ERRORS_KEPT) break;
        for (const reason of r.reasons)
          if (next.errors.length < IMPORT_ERRORS_KEPT)
            next.errors.push({ sheet: r.sheet, row: r.rowNo, ...reason });
      }
      if (write) {
        const values = fresh.map((v) => v.value);
        const placed = await placer.place(
          trx,
          values.map((v) => v.clientName),
          now,
        );
        await insertCases(trx, placedCases(values, placed), userId, now, hash);
      }
      if (all.length > 0)
        await trx
          .insertInto('case_import_rows')
          .values(
            all.map((r) => ({
              import_id: id,
              sheet: r.sheet,
              row_no: r.rowNo,
              cells: JSON.stringify(r.texts()),
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
    // Mode `all`: written in the second pass, and only while no row has been refused.
    if (spill && next.invalid === 0)
      await spill.write(fresh.map((v) => ({ sheet: v.sheet, rowNo: v.rowNo, value: v.value })));
    Object.assign(progress, next);
    valid = [];
    refused = [];
    rows = 0;
  };

  for await (const row of judgedRowsOffThread(
    app.db,
    file,
    sheetLimitsFor(app.config),
    app.config.importMaxRows,
    Math.ceil(BATCH / ROWS_PER_MESSAGE) + 1,
  )) {
    if (row.sheet !== IMPORT_PARTY_SHEET || !file.partyPositions) rows++;
    if (row.ok) valid.push(row);
    else refused.push(row);
    if (valid.length + refused.length >= BATCH) await flush();
  }
  await flush();
}

/** A case number of a mode `all` import's valid rows was taken after they were judged. */
class NumberTaken extends Error {}

/**
 * Mode `all`: nothing is written unless every row is valid. The first pass judges every row
 * (case numbers against stored cases too) and writes the valid ones to a spill file beside the
 * upload (JSON lines), writing nothing to the database but the refusals. When there were none,
 * the second pass writes the spilled cases a batch per transaction, as mode `valid` does, so
 * other writers wait for one batch at a time, never for the whole file (on SQLite a single
 * transaction held every other write of the server for as long as the import ran). A case
 * number someone stored between the two passes (another import, the form) is met in the second:
 * what this import wrote is deleted again and every row whose number is taken is named, as a
 * judgment a moment later would have. A process stopped during the second pass leaves the
 * batches it committed, which its counts say (`imported`); importing the same file again in
 * mode `valid` adds the rest.
 */
export async function importAll(
  app: AppContext,
  job: ImportJob,
  file: ReceivedImport,
  progress: Progress,
): Promise<void> {
  const spill = await openSpill(`${file.path}.valid.jsonl`);
  try {
    await checkAll(app, job, file, progress, { write: false, spill });
    await spill.close();
    if (progress.invalid > 0) return;
    const written: number[] = [];
    try {
      await writeSpilled(app, job, spill.path, written);
      progress.imported = written.length;
    } catch (err) {
      await removeCases(app, job, written);
      if (!(err instanceof NumberTaken) && !uniqueViolation(err)?.includes('cases.case_no')) throw err;
      await refuseTaken(app, job, spill.path, progress);
    }
  } finally {
    await spill.close();
    await rm(spill.path, { force: true });
  }
}

/** A spilled row: where it was in the file, and the case. */
interface Spilled {
  sheet: string;
  rowNo: number;
  value: ImportedCase;
}

interface Spill {
  path: string;
  write(rows: Spilled[]): Promise<void>;
  close(): Promise<void>;
}

async function openSpill(path: string): Promise<Spill> {
  const handle = await open(path, 'wx');
  let closed = false;
  return {
    path,
    async write(rows) {
      if (rows.length > 0) await handle.write(`${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await handle.close();
    },
  };
}

async function* spilledBatches(path: string): AsyncGenerator<Spilled[]> {
  const lines = createInterface({
    input: createReadStream(path, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let batch: Spilled[] = [];
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(JSON.parse(line) as Spilled);
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** The second pass: the spilled cases, a batch per transaction with the count of those written. */
async function writeSpilled(app: AppContext, job: ImportJob, path: string, written: number[]): Promise<void> {
  const now = app.clock.now();
  const hash = await piiHasher(app.db);
  for await (const batch of spilledBatches(path)) {
    await app.db.transaction().execute(async (trx) => {
      const cases = batch.map((b) => b.value);
      if (
        (
          await storedCaseNos(
            trx,
            cases.map((c) => c.caseNo),
          )
        ).size > 0
      )
        throw new NumberTaken();
      const placed = await job.placer.place(
        trx,
        cases.map((c) => c.clientName),
        now,
      );
      const ids = await insertCases(trx, placedCases(cases, placed), job.userId, now, hash);
      await trx
        .updateTable('case_imports')
        .set({ imported: written.length + ids.length, heartbeat_at: app.clock.now().toISOString() })
        .where('id', '=', job.id)
        .execute();
      written.push(...ids);
    });
  }
}

/** What a mode `all` import wrote before it had to stop, deleted again (their parties, terms and phones go with them). */
async function removeCases(app: AppContext, job: { id: number }, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += BATCH)
    await app.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('cases')
        .where('id', 'in', ids.slice(i, i + BATCH))
        .execute();
      await trx.updateTable('case_imports').set({ imported: 0 }).where('id', '=', job.id).execute();
    });
  ids.length = 0;
}

/** Every spilled row whose case number is stored by now, refused as taken; nothing imported. */
async function refuseTaken(
  app: AppContext,
  job: { id: number },
  path: string,
  progress: Progress,
): Promise<void> {
  progress.imported = 0;
  for await (const batch of spilledBatches(path)) {
    const stored = await storedCaseNos(
      app.db,
      batch.map((b) => b.value.caseNo),
    );
    const taken = batch.filter((b) => stored.has(b.value.caseNo));
    if (taken.length === 0) continue;
    for (const t of taken)
      if (progress.errors.length < IMPORT_ERRORS_KEPT)
        progress.errors.push({ sheet: t.sheet, row: t.rowNo, field: 'caseNo', key: 'intake.caseNoTaken' });
    progress.invalid += taken.length;
    await app.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('case_import_rows')
        .values(
          taken.map((t) => ({
            import_id: job.id,
            sheet: t.sheet,
            row_no: t.rowNo,
            cells: JSON.stringify(textsOfCase(t.value)),
            reasons: JSON.stringify([{ field: 'caseNo', key: 'intake.caseNoTaken' }]),
          })),
        )
        .execute();
      await trx
        .updateTable('case_imports')
        .set({ imported: 0, invalid: progress.invalid, errors: JSON.stringify(progress.errors) })
        .where('id', '=', job.id)
        .execute();
    });
  }
}
