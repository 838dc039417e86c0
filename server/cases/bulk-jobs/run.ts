/**
 * Runs a claimed bulk job in this process: its cases a batch at a time (200 a transaction on
 * SQLite, 500 on PostgreSQL, or BULK_BATCH_CASES), each through its action as the starter
 * (actions.ts), the batch's outcomes and the job's counts committed with the cases they are
 * about, so the counts are always what is committed. Between batches the event loop is let go,
 * so the API answers others while a job of 10,000 cases runs. A job that is no longer running
 * under this process (failed by another as dead) stops at its next batch.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { dialectOf } from '../../db/dialect-of';
import { ApiError } from '../../http/errors';
import { transact } from '../../notifications/bus';
import { forgetCaseCounts } from '../count-cache';
import { TRANSITION_COLUMNS } from '../transitions';
import { type BulkDetails, bulkAction } from './actions';
import { BULK_HEARTBEAT_MS, beat, bulkOwner, claimJob } from './owners';
import { starterOf } from './starter';

/** Jobs running in this process (tests and the bench wait for them). */
const running = new Map<number, Promise<void>>();

export function bulkJobRunning(id: number): Promise<void> | undefined {
  return running.get(id);
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

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type Outcome = { id: number; ok: 0 | 1; code: string | null; params: string | null };

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
  let failure: 'bulk.failed' | 'bulk.starterLost' | null = null;
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
        const outcomes: Outcome[] = [];
        for (const item of pending) {
          try {
            await action.run(trx, app, who, item.case_id, details);
            outcomes.push({ id: item.id, ok: 1, code: null, params: null });
          } catch (error) {
            if (!(error instanceof ApiError) || error.httpStatus >= 500) throw error;
            outcomes.push({
              id: item.id,
              ok: 0,
              code: error.messageKey,
              params: JSON.stringify(error.params),
            });
          }
        }
        for (const o of outcomes) {
          await trx
            .updateTable('bulk_job_results')
            .set({ ok: o.ok, code: o.code, params: o.params })
            .where('id', '=', o.id)
            .execute();
        }
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
      await nextTurn();
    }
  } catch (err) {
    app.log.error({ err, bulkJobId: id }, 'bulk job stopped on an error; what it committed stays');
    failure = 'bulk.failed';
  } finally {
    clearInterval(heartbeat);
  }
  await app.db
    .updateTable('bulk_jobs')
    .set({ status: failure ? 'failed' : 'done', failure, finished_at: app.clock.now().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('owner', '=', self)
    .execute();
}
