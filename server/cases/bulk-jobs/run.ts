/**
 * Runs a claimed bulk job in this process: its cases a batch at a time (200 a transaction on
 * SQLite, 500 on PostgreSQL, or BULK_BATCH_CASES), each through its action as the starter
 * (actions.ts), the batch's outcomes and the job's counts committed with the cases they are
 * about, so the counts are always what is committed. Between batches the event loop is let go,
 * so the API answers others while a job of 10,000 cases runs. A job that is no longer running
 * under this process (failed by another as dead) stops at its next batch.
 */
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context';
import { dialectOf } from '../../db/dialect-of';
import { nextTurn, Stopping } from '../../db/next-turn';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { transact } from '../../notifications/bus';
import { forgetCaseCounts } from '../count-cache';
import { TRANSITION_COLUMNS, type Who } from '../transitions';
import { type BulkAction, type BulkDetails, bulkAction } from './actions';
import { BULK_HEARTBEAT_MS, beat, bulkOwner, claimJob } from './owners';
import { starterOf } from './starter';

/** Jobs running in this process (tests and the bench wait for them). */
const running = new Map<number, Promise<void>>();

export function bulkJobRunning(id: number): Promise<void> | undefined {
  return running.get(id);
}

/** Every job this process runs, settled (a stopping process waits for them before it closes its database). */
export async function bulkJobsSettled(): Promise<void> {
  await Promise.all(running.values());
}

/** Claims the job and, if this process won it, runs it in the background. */
export async function claimAndRun(app: AppContext, id: number): Promise<boolean> {
  if (!(await claimJob(app.db, id, app.clock.now()))) return false;
  const job = runJob(app, id)
    .catch((err) => app.log.error({ err, bulkJobId: id }, 'bulk job failed'))
    .finally(() => running.delete(id));
  running.set(id, job);
  return true;
}

/** A case's row of `bulk_job_results` as the batch leaves it. */
export type Outcome = { id: number; ok: 0 | 1; code: string | null; params: string | null };
type Pending = { id: number; case_id: number };

function outcomeOf(item: Pending, refusal: ApiError | null): Outcome {
  return refusal
    ? { id: item.id, ok: 0, code: refusal.messageKey, params: JSON.stringify(refusal.params) }
    : { id: item.id, ok: 1, code: null, params: null };
}

/**
 * One batch's cases: all at once when the action can (its refusals write nothing; within a
 * savepoint, so a batched write that fails, say a case changed meanwhile, leaves nothing and
 * the batch is done again case by case), else case by case.
 */
export async function runBatch(
  trx: Kysely<Database>,
  app: AppContext,
  action: BulkAction,
  who: Who,
  pending: readonly Pending[],
  details: BulkDetails,
): Promise<Outcome[]> {
  if (action.runBatch) {
    await sql`savepoint bulk_batch`.execute(trx);
    try {
      const done = await action.runBatch(
        trx,
        app,
        who,
        pending.map((p) => p.case_id),
        details,
      );
      await sql`release savepoint bulk_batch`.execute(trx);
      return done.map((o, i) => outcomeOf(pending[i], o.ok ? null : o.refusal));
    } catch (error) {
      app.log.info({ err: error }, 'bulk job: a batched write failed; the batch is done case by case');
      await sql`rollback to savepoint bulk_batch`.execute(trx);
      await sql`release savepoint bulk_batch`.execute(trx);
    }
  }
  const outcomes: Outcome[] = [];
  for (const item of pending) {
    // Each case within a savepoint: a case refused after its first write (a push record,
    // an audit row) leaves nothing of itself in the batch's commit.
    await sql`savepoint bulk_case`.execute(trx);
    try {
      await action.run(trx, app, who, item.case_id, details);
      await sql`release savepoint bulk_case`.execute(trx);
      outcomes.push(outcomeOf(item, null));
    } catch (error) {
      if (!(error instanceof ApiError) || error.httpStatus >= 500) throw error;
      await sql`rollback to savepoint bulk_case`.execute(trx);
      await sql`release savepoint bulk_case`.execute(trx);
      outcomes.push(outcomeOf(item, error));
    }
  }
  return outcomes;
}

/** The batch's outcomes, one UPDATE per distinct outcome (done, or refused for one reason). */
async function recordOutcomes(trx: Kysely<Database>, outcomes: readonly Outcome[]): Promise<void> {
  const groups = new Map<string, { outcome: Outcome; ids: number[] }>();
  for (const o of outcomes) {
    const key = JSON.stringify([o.ok, o.code, o.params]);
    const group = groups.get(key) ?? { outcome: o, ids: [] };
    group.ids.push(o.id);
    groups.set(key, group);
  }
  for (const { outcome, ids } of groups.values())
    await trx
      .updateTable('bulk_job_results')
      .set({ ok: outcome.ok, code: outcome.code, params: outcome.params })
      .where('id', 'in', ids)
      .execute();
}

async function runJob(app: AppContext, id: number): Promise<void> {
  const self = bulkOwner();
  const job = await app.db.selectFrom('bulk_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const action = bulkAction(job.action as Parameters<typeof bulkAction>[0]);
  const details = JSON.parse(job.parameters) as BulkDetails;
  const size = app.config.bulkBatchCases ?? (dialectOf(app.db) === 'postgres' ? 500 : 200);
  const heartbeat = setInterval(() => {
    beat(app.db, id, app.clock.now(), self).catch((err) =>
      app.log.warn({ err, bulkJobId: id }, 'bulk job heartbeat not recorded'),
    );
  }, BULK_HEARTBEAT_MS);
  heartbeat.unref();
  let failure: 'bulk.failed' | 'bulk.starterLost' | 'bulk.interrupted' | null = null;
  try {
    let after = 0;
    for (;;) {
      const who = await starterOf(app.db, job);
      if (!who) {
        failure = 'bulk.starterLost';
        break;
      }
      const pending = await app.db
        .selectFrom('bulk_job_results')
        .select(['id', 'case_id'])
        .where('job_id', '=', id)
        .where('id', '>', after)
        .where('ok', 'is', null)
        .orderBy('id')
        .limit(size)
        .execute();
      if (pending.length === 0) break;
      after = pending[pending.length - 1].id;
      const stillOurs = await transact(app.db, async (trx) => {
        const mine = await trx
          .updateTable('bulk_jobs')
          .set({ heartbeat_at: app.clock.now().toISOString() })
          .where('id', '=', id)
          .where('status', '=', 'running')
          .where('owner', '=', self)
          .executeTakeFirst();
        if (Number(mine.numUpdatedRows) !== 1) return false;
        const outcomes = await runBatch(trx, app, action, who, pending, details);
        await recordOutcomes(trx, outcomes);
        const succeeded = outcomes.filter((o) => o.ok === 1).length;
        await trx
          .updateTable('bulk_jobs')
          .set({
            done: sql`done + ${outcomes.length}`,
            succeeded: sql`succeeded + ${succeeded}`,
            refused: sql`refused + ${outcomes.length - succeeded}`,
          })
          .where('id', '=', id)
          .execute();
        return true;
      });
      forgetCaseCounts(app.db, { columns: TRANSITION_COLUMNS });
      if (!stillOurs) return;
      await nextTurn(app);
    }
  } catch (err) {
    if (err instanceof Stopping) {
      // The process stops: the job ends as one whose process stopped, with what it finished.
      app.log.info({ bulkJobId: id }, 'bulk job stopped with the process; what it committed stays');
      failure = 'bulk.interrupted';
    } else {
      app.log.error({ err, bulkJobId: id }, 'bulk job stopped on an error; what it committed stays');
      failure = 'bulk.failed';
    }
  } finally {
    clearInterval(heartbeat);
    await action
      .finish?.(app, details)
      .catch((err) =>
        app.log.warn({ err, bulkJobId: id }, 'bulk job: what it says once at the end was not said'),
      );
  }
  await app.db
    .updateTable('bulk_jobs')
    .set({ status: failure ? 'failed' : 'done', failure, finished_at: app.clock.now().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('owner', '=', self)
    .execute();
}
