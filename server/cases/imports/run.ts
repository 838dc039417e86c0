import { randomBytes } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, join } from 'node:path';
import type { Kysely } from 'kysely';
import { CASE_IMPORT_ROUTE, type CaseIntake, IMPORT_ERRORS_KEPT } from '../../../contract/case-intake';
import { recordAudit } from '../../audit/audit';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { uniqueViolation } from '../../db/unique-violation';
import type { Caller } from '../../http/route';
import { notify } from '../../notifications/notify';
import { forgetCaseCounts } from '../count-cache';
import { insertCases, storedCaseNos } from '../intake';
import { importTempDirFor, type ReceivedImport } from './receive';
import { checkRow, type Reason, rowTexts } from './row-check';
import { sheetLimitsFor, sheetRows } from './sheet-rows';

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

/** How often a running import tells the database it still runs (`heartbeat_at`). */
export const IMPORT_HEARTBEAT_MS = 30_000;

/**
 * A running import whose heartbeat is older than this is taken for dead by a process starting.
 * Far longer than the heartbeat, and than a write that keeps it waiting: on SQLite the
 * heartbeat waits for the one connection while mode `all` writes every row in one transaction.
 */
export const IMPORT_STALE_MS = 10 * 60_000;

/** This process's own, so a later process with the same pid (pid 1 in a container) is another. */
const BOOT_ID = randomBytes(6).toString('hex');

/** Who runs an import: host, pid and boot id, space-separated (`case_imports.owner`). */
export function importOwner(): string {
  return `${hostname()} ${process.pid} ${BOOT_ID}`;
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
        owner: importOwner(),
        heartbeat_at: app.clock.now().toISOString(),
        temp_file: basename(file.path),
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
  // While it runs, the job says so now and then: a process starting elsewhere leaves it be.
  const heartbeat = setInterval(() => {
    beat(app.db, id, app.clock.now()).catch((err) =>
      app.log.warn({ err, importId: id }, 'import heartbeat not recorded'),
    );
  }, IMPORT_HEARTBEAT_MS);
  heartbeat.unref();
  try {
    if (file.mode === 'valid') {
      await checkAll(app, { id, userId: who.caller.userId }, file, progress, true);
    } else {
      // Nothing is imported unless every row is valid: judge them all first, then write them
      // in one transaction (a duplicate that appears in between fails the whole import).
      const { takenLate } = await checkAll(app, { id, userId: who.caller.userId }, file, progress, false);
      if (takenLate) await judgeAgain(app, { id, userId: who.caller.userId }, file, progress);
      if (progress.invalid === 0) await insertAllOrNameTaken(app, who.caller.userId, id, file, progress);
    }
    await finish(app, who, id, file, progress, null);
  } catch (err) {
    app.log.error({ err, importId: id }, 'case import failed');
    await finish(app, who, id, file, progress, 'import.interrupted').catch((e) =>
      app.log.error({ err: e, importId: id }, 'could not record the failed import'),
    );
  } finally {
    clearInterval(heartbeat);
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
): Promise<{ takenLate: boolean }> {
  const firstRowOf = new Map<string, number>();
  // Rows passed as new by one batch, then stored numbers met by a later one: another import
  // may have stored the earlier batches' numbers in between too.
  let passedFresh = false;
  let takenLate = false;
  let valid: { rowNo: number; value: CaseIntake; texts: string[] }[] = [];
  let refused: Refused[] = [];

  const flush = async () => {
    const rows = valid.length + refused.length;
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
          heartbeat_at: now.toISOString(),
        })
        .where('id', '=', id)
        .execute();
    });
    Object.assign(progress, next);
    valid = [];
    refused = [];
  };

  let header = true;
  for await (const row of sheetRows(file.path, file.kind, sheetLimitsFor(app.config))) {
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
  return { takenLate };
}

/**
 * Mode `all`, every row valid: writes them all, unless some of their case numbers were stored
 * after the first pass judged them (another import or a form, at the same time; on PostgreSQL
 * the unique index makes this transaction wait for the other and then refuses it). Then nothing
 * is written and the rows are judged again, so the import names its duplicates as it would
 * have a moment later.
 */
async function insertAllOrNameTaken(
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
async function judgeAgain(
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
  let imported = 0;
  await app.db.transaction().execute(async (trx) => {
    let batch: CaseIntake[] = [];
    let header = true;
    for await (const row of sheetRows(file.path, file.kind, sheetLimitsFor(app.config))) {
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

/** A running import's heartbeat. */
export async function beat(db: Kysely<Database>, id: number, at: Date): Promise<void> {
  await db
    .updateTable('case_imports')
    .set({ heartbeat_at: at.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/**
 * Whether an import's owner is known to be gone: an earlier process on this host (another boot
 * id) whose pid no longer runs, or that had this very pid (a restarted container's pid 1).
 * Owners on other hosts cannot be asked: their heartbeat tells.
 */
function ownerGone(owner: string | null, self: string): boolean {
  if (!owner || owner === self) return false;
  const [host, pid, boot] = owner.split(' ');
  const [selfHost, selfPid, selfBoot] = self.split(' ');
  if (host !== selfHost || boot === selfBoot) return false;
  if (pid === selfPid) return true;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (err) {
    // EPERM: the pid runs, as another user's process.
    return (err as { code?: string }).code !== 'EPERM';
  }
}

/**
 * At start-up: imports left running by a process that stopped are failed, and their temporary
 * files removed. Several processes and hosts share the database, so an import another process
 * still runs must survive: only those whose heartbeat is older than IMPORT_STALE_MS (or that
 * have none, from before migration 0018) or whose owner was an earlier process on this host
 * that is gone are failed. Mode `all` wrote nothing (its one transaction never committed); mode
 * `valid` keeps the batches it committed, as its counts say. This host's `import-tmp` keeps the
 * files of imports still running and of uploads too recent to be abandoned.
 */
export async function failInterruptedImports(
  db: Kysely<Database>,
  filesDir: string,
  at: Date,
  self: string = importOwner(),
): Promise<number> {
  const staleBefore = new Date(at.getTime() - IMPORT_STALE_MS).toISOString();
  const running = await db
    .selectFrom('case_imports')
    .select(['id', 'owner', 'heartbeat_at', 'temp_file'])
    .where('status', '=', 'running')
    .execute();
  const dead = running.filter(
    (r) => r.heartbeat_at === null || r.heartbeat_at < staleBefore || ownerGone(r.owner, self),
  );
  let failed = 0;
  if (dead.length > 0) {
    const result = await db
      .updateTable('case_imports')
      .set({ status: 'failed', failure: 'import.interrupted', finished_at: at.toISOString() })
      .where(
        'id',
        'in',
        dead.map((r) => r.id),
      )
      .where('status', '=', 'running')
      .executeTakeFirst();
    failed = Number(result.numUpdatedRows);
  }
  const deadIds = new Set(dead.map((r) => r.id));
  await removeAbandonedFiles(importTempDirFor(filesDir), {
    kept: new Set(running.filter((r) => !deadIds.has(r.id)).map((r) => r.temp_file)),
    failed: new Set(dead.map((r) => r.temp_file)),
    before: at.getTime() - IMPORT_STALE_MS,
  });
  return failed;
}

/**
 * In this host's `import-tmp`: the files of the imports just failed go, and so do files no
 * import names that nothing has touched since `before` (epoch ms: an upload whose process
 * died before its job existed). A running import's file, or an upload in progress, stays.
 */
async function removeAbandonedFiles(
  dir: string,
  files: { kept: Set<string | null>; failed: Set<string | null>; before: number },
) {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (files.kept.has(name)) continue;
    const path = join(dir, name);
    if (files.failed.has(name)) {
      await rm(path, { force: true });
      continue;
    }
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < files.before) await rm(path, { force: true, recursive: true });
  }
}
