/**
 * Bulk jobs as the API sees them: started (the selection fixed, one result row per case, the
 * start audited, then claimed and run by this process), read by their starter (a job whose
 * process is gone is failed on the way), and watched by every process (watchBulkJobs).
 */
import type { Kysely } from 'kysely';
import { can } from '../../../contract/access';
import type { BulkJob, BulkJobAction, BulkJobRequest } from '../../../contract/bulk-jobs';
import { type Language, type MessageKey, translate } from '../../../contract/messages';
import { recordAudit } from '../../audit/audit';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { fail } from '../../http/errors';
import type { Who } from '../transitions';
import { bulkAction } from './actions';
import { failDeadJobs, unclaimedJobs } from './owners';
import { bulkJobsSettled, claimAndRun } from './run';
import { selectedCases } from './selection';

/** Result rows per insert: a few thousand bound parameters, well under either database's limit. */
const INSERT_CHUNK = 500;

/** POST /cases/bulk-jobs: the job recorded with its cases, claimed and started here; answers its id. */
export async function startBulkJob(app: AppContext, who: Who, body: BulkJobRequest): Promise<number> {
  const action = bulkAction(body.action);
  if (!can(action.ability, who.caller.role)) throw fail.forbidden();
  const details = action.details(body);
  const ids = await selectedCases(app.db, who.viewer, body, app.config.bulkMaxCases);
  const now = app.clock.now();
  const id = await app.db.transaction().execute(async (trx) => {
    const job = await trx
      .insertInto('bulk_jobs')
      .values({
        action: body.action,
        started_by: who.caller.userId,
        role: who.caller.role,
        selection: JSON.stringify(body.caseIds ? { caseIds: ids } : { filter: body.filter }),
        parameters: JSON.stringify(details),
        status: 'queued',
        total: ids.length,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('bulk_job_results')
        .values(ids.slice(i, i + INSERT_CHUNK).map((caseId) => ({ job_id: job.id, case_id: caseId })))
        .execute();
    }
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: 'case.bulkJob',
        entity: 'bulk_job',
        entityId: job.id,
        summary: `bulk ${body.action} of ${ids.length} cases ${JSON.stringify(details)}`,
        params: { action: body.action, total: ids.length },
      },
    );
    return job.id;
  });
  await claimAndRun(app, id);
  return id;
}

function jobQuery(db: Kysely<Database>) {
  return db
    .selectFrom('bulk_jobs')
    .select([
      'id',
      'action',
      'status',
      'total',
      'done',
      'succeeded',
      'refused',
      'failure',
      'created_at',
      'finished_at',
      'started_by',
    ]);
}

type JobRow = Awaited<ReturnType<ReturnType<typeof jobQuery>['executeTakeFirstOrThrow']>>;

function toJob(row: JobRow, lang: Language): BulkJob {
  return {
    id: row.id,
    action: row.action as BulkJobAction,
    // A queued job waits for a process: to its reader it is running (ARCHITECTURE §8).
    status: row.status === 'queued' ? 'running' : (row.status as BulkJob['status']),
    total: row.total,
    done: row.done,
    succeeded: row.succeeded,
    refused: row.refused,
    failure: row.failure ? translate(lang, row.failure as MessageKey) : null,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/** The job's row for its starter, or 404 (another's job is answered like a missing one). */
export async function ownJob(db: Kysely<Database>, id: number, userId: number): Promise<JobRow> {
  const row = await jobQuery(db).where('id', '=', id).where('started_by', '=', userId).executeTakeFirst();
  if (!row) throw fail.notFound('bulk.notFound');
  return row;
}

/** GET /cases/bulk-jobs/:id: the job's counts; a running job whose process is gone is failed first. */
export async function bulkJobStatus(
  app: AppContext,
  id: number,
  userId: number,
  lang: Language,
): Promise<BulkJob> {
  let row = await ownJob(app.db, id, userId);
  if (row.status === 'running' && (await failDeadJobs(app.db, app.clock.now(), { id })) > 0)
    row = await ownJob(app.db, id, userId);
  return toJob(row, lang);
}

/** GET /cases/bulk-jobs/current: the caller's newest job still queued or running, so a reloaded page finds it. */
export async function currentBulkJob(
  app: AppContext,
  userId: number,
  lang: Language,
): Promise<{ job: BulkJob | null }> {
  const row = await jobQuery(app.db)
    .where('started_by', '=', userId)
    .where('status', 'in', ['queued', 'running'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return { job: null };
  return { job: await bulkJobStatus(app, row.id, userId, lang) };
}

/** How often every process looks for dead and unclaimed jobs. */
const WATCH_MS = 15_000;

/**
 * Every process, now and then: running jobs whose process is gone are failed (keeping what they
 * finished), and queued jobs that no process claimed (their starter's process died between the
 * insert and the claim) are claimed, by exactly one process, and run. Answers how to stop.
 */
export function watchBulkJobs(app: AppContext): () => Promise<void> {
  let looking: Promise<void> | null = null;
  const look = async () => {
    const failed = await failDeadJobs(app.db, app.clock.now());
    if (failed) app.log.warn({ failed }, 'bulk jobs whose process stopped marked failed');
    for (const id of await unclaimedJobs(app.db, app.clock.now())) await claimAndRun(app, id);
  };
  const run = () => {
    looking ??= look()
      .catch((err) => app.log.warn({ err }, 'bulk job watch failed'))
      .finally(() => {
        looking = null;
      });
  };
  run();
  const timer = setInterval(run, WATCH_MS);
  timer.unref();
  // Stopped: no next look; the jobs this process runs end at their next turn (stopBackgroundWork).
  return async () => {
    clearInterval(timer);
    await looking;
    await bulkJobsSettled();
  };
}
