import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BulkAction, bulkAction } from '../../server/cases/bulk-jobs/actions';
import { bulkJobRunning, runBatch } from '../../server/cases/bulk-jobs/run';
import { starterOf } from '../../server/cases/bulk-jobs/starter';
import { transitionEach } from '../../server/cases/transitions';
import { visibleCases } from '../../server/cases/visible-case';
import { transact } from '../../server/notifications/bus';
import { freshCase, useCaseServer } from './case-fixtures';
import { startServer, type TestServer } from './harness';

/** Bulk jobs a batch at a time: batches of two here, so a handful of cases is several batches. */
let server: TestServer;
let demoFirmId: number;
beforeAll(async () => {
  server = await startServer({ BULK_BATCH_CASES: '2' });
  ({ demoFirmId } = await useCaseServer(server));
});
afterAll(() => server.close());

const operator = async () => {
  const who = await starterOf(server.app.db, {
    id: 0,
    started_by: await server.userId('13800000002'),
    role: 'caseOperation',
  });
  if (!who) throw new Error('case operations account missing');
  return who;
};

const pushesOf = (caseId: number) =>
  server.app.db.selectFrom('case_pushes').select('push_status').where('case_id', '=', caseId).execute();
const pushAuditsOf = (caseId: number) =>
  server.app.db
    .selectFrom('audit_log')
    .select('request_id')
    .where('entity', '=', 'case')
    .where('entity_id', '=', String(caseId))
    .where('action', '=', 'case.push')
    .execute();

describe('a job of several batches', () => {
  it('pushes and refuses across batches, each case once, with its reason', async () => {
    const pooled = [
      await freshCase({ status: 'pending', position: 'pool' }),
      await freshCase({ status: 'pending', position: 'pool' }),
      await freshCase({ status: 'pending', position: 'pool' }),
    ];
    const review = await freshCase({ status: 'pending', position: 'awaitingReview' });
    const ids = [pooled[0].id, review.id, pooled[1].id, 99_999_998, pooled[2].id];
    const res = await server.call<{ id: number }>('POST', '/api/cases/bulk-jobs', {
      token: await server.tokenFor('caseOperation'),
      body: { action: 'push', caseIds: ids, lawFirmId: demoFirmId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await bulkJobRunning(res.body.data.id);
    const results = await server.app.db
      .selectFrom('bulk_job_results')
      .select(['case_id', 'ok', 'code'])
      .where('job_id', '=', res.body.data.id)
      .orderBy('id')
      .execute();
    expect(results).toEqual([
      { case_id: pooled[0].id, ok: 1, code: null },
      { case_id: review.id, ok: 0, code: 'case.transition.inState.awaitingReview' },
      { case_id: pooled[1].id, ok: 1, code: null },
      { case_id: 99_999_998, ok: 0, code: 'case.notFound' },
      { case_id: pooled[2].id, ok: 1, code: null },
    ]);
    for (const c of pooled) {
      expect(await pushesOf(c.id)).toEqual([{ push_status: 'pushed' }]);
      expect(await pushAuditsOf(c.id)).toEqual([{ request_id: `bulk-job-${res.body.data.id}` }]);
    }
    expect(await pushAuditsOf(review.id)).toEqual([]);
  });
});

describe('a batched write that fails', () => {
  it('is done again case by case, keeping nothing of the failed attempt', async () => {
    const a = await freshCase({ status: 'pending', position: 'pool' });
    const b = await freshCase({ status: 'pending', position: 'pool' });
    const push = bulkAction('push');
    const batched = push.runBatch;
    if (!batched) throw new Error('push is expected to run a batch at once');
    // The whole batch written, then a failure: the retry must start from the cases as they were.
    const failing: BulkAction = {
      ...push,
      async runBatch(trx, app, who, caseIds, details) {
        await batched(trx, app, who, caseIds, details);
        throw new Error('the batched write failed');
      },
    };
    const who = await operator();
    const outcomes = await transact(server.app.db, (trx) =>
      runBatch(
        trx,
        server.app,
        failing,
        who,
        [
          { id: -1, case_id: a.id },
          { id: -2, case_id: b.id },
        ],
        { lawFirmId: demoFirmId },
      ),
    );
    expect(outcomes).toEqual([
      { id: -1, ok: 1, code: null, params: null },
      { id: -2, ok: 1, code: null, params: null },
    ]);
    for (const c of [a, b]) {
      expect(await pushesOf(c.id)).toEqual([{ push_status: 'pushed' }]);
      expect(await pushAuditsOf(c.id)).toHaveLength(1);
    }
  });

  it('is a case changed since the batch read it: the version guard refuses the whole write', async () => {
    const a = await freshCase({ status: 'pending', position: 'pool' });
    const b = await freshCase({ status: 'pending', position: 'pool' });
    const who = await operator();
    const attempt = transact(server.app.db, async (trx) => {
      const read = await visibleCases(trx, who.viewer, [a.id, b.id]);
      await trx
        .updateTable('cases')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('id', '=', b.id)
        .execute();
      await transitionEach(trx, server.app, who, [...read.values()], {
        event: 'PUSH',
        lawFirmId: demoFirmId,
      });
    });
    await expect(attempt).rejects.toMatchObject({ messageKey: 'case.staleVersion' });
    expect(await pushesOf(a.id)).toEqual([]);
  });
});
