/**
 * The background job of an import: recorded, run in this process (passes.ts) while its
 * heartbeat says it still runs (owners.ts), and finished with its counts, a notice to its
 * author and an audit row; it removes its temporary file whatever happens.
 */
import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { CASE_IMPORT_ROUTE } from '../../../contract/case-intake';
import { recordAudit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { importPlacementOf, importPlacer } from '../../creditors/placement';
import type { Caller } from '../../http/route';
import { notify } from '../../notifications/notify';
import { forgetCaseCounts } from '../count-cache';
import { beat, IMPORT_HEARTBEAT_MS, importOwner } from './owners';
import { checkAll, type ImportJob, importAll, type Progress } from './passes';
import type { ReceivedImport } from './receive';

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
  let placement: Awaited<ReturnType<typeof importPlacementOf>>;
  try {
    placement = await importPlacementOf(app.db, file.placement, app.clock.now());
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
  const placer = importPlacer({ ...placement, importId: id, userId: who.caller.userId });
  const job = runImport(app, who, { id, userId: who.caller.userId, placer }, file).finally(() =>
    running.delete(id),
  );
  running.set(id, job);
  return id;
}

async function runImport(
  app: AppContext,
  who: { caller: Caller; requestId: string },
  job: ImportJob,
  file: ReceivedImport,
): Promise<void> {
  const { id } = job;
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
      await checkAll(app, job, file, progress, { write: true });
    } else {
      // Nothing is imported unless every row is valid: judged first, written after (passes.ts).
      await importAll(app, job, file, progress);
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

async function finish(
  app: AppContext,
  who: { caller: Caller; requestId: string },
  id: number,
  file: ReceivedImport,
  progress: Progress,
  failure: 'import.interrupted' | null,
): Promise<void> {
  const now = app.clock.now();
  // A failed `all` import deleted what it wrote (passes.ts), unless the database itself failed.
  const imported = progress.imported;
  const params = { fileName: file.fileName, imported, invalid: progress.invalid };
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('case_imports')
      .set({
        status: failure ? 'failed' : 'done',
        failure,
        // The rows read: the count before the job (countRows) also took a cell of blanks for a row.
        ...(failure ? {} : { total: progress.processed }),
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
