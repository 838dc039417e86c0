import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkJob } from '../../contract/bulk-jobs';
import type { CaseRow } from '../../contract/case-api';
import { MESSAGES } from '../../contract/messages';
import type { Paged } from '../../contract/paging';
import { BULK_STALE_MS, bulkOwner, claimJob, failDeadJobs } from '../../server/cases/bulk-jobs/owners';
import { bulkJobRunning } from '../../server/cases/bulk-jobs/run';
import { readConfig } from '../../server/config';
import { freshCase, smallPoolRegion, useCaseServer } from './case-fixtures';
import { startServer, type TestServer } from './harness';

let server: TestServer;
let demoFirmId: number;
beforeAll(async () => {
  server = await startServer();
  ({ demoFirmId } = await useCaseServer(server));
});
afterAll(() => server.close());

const zh = MESSAGES['zh-CN'];
type Role = Parameters<TestServer['tokenFor']>[0];

async function start(role: Role, body: Record<string, unknown>, lang = 'zh-CN') {
  return server.call<{ id: number }>('POST', '/api/cases/bulk-jobs', {
    token: await server.tokenFor(role),
    body,
    headers: { 'accept-language': lang },
  });
}

/** Starts a job and waits for this process to finish running it; answers its final status. */
async function finished(role: Role, body: Record<string, unknown>): Promise<BulkJob> {
  const res = await start(role, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await bulkJobRunning(res.body.data.id);
  const status = await server.call<BulkJob>('GET', `/api/cases/bulk-jobs/${res.body.data.id}`, {
    token: await server.tokenFor(role),
  });
  expect(status.status).toBe(200);
  return status.body.data;
}

async function resultsSheet(role: Role, id: number, lang = 'zh-CN') {
  const res = await fetch(`${server.url}/api/cases/bulk-jobs/${id}/results`, {
    headers: { authorization: `Bearer ${await server.tokenFor(role)}`, 'accept-language': lang },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(await res.arrayBuffer()).buffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('a bulk push by the case list’s filter', () => {
  it('takes exactly the cases the list shows, pushes each through the machine as its starter, audited as by hand', async () => {
    const { region } = await smallPoolRegion();
    const filter = { status: ['pending'], position: 'pool', region };
    const list = await server.call<Paged<CaseRow>>(
      'GET',
      `/api/cases?status=pending&position=pool&region=${region}&pageSize=100`,
      { token: await server.tokenFor('caseOperation') },
    );
    const shown = list.body.data.list.map((c) => c.id).sort((a, b) => a - b);
    expect(shown.length).toBeGreaterThan(2);
    const job = await finished('caseOperation', { action: 'push', filter, lawFirmId: demoFirmId });
    expect(job).toMatchObject({
      action: 'push',
      status: 'done',
      total: shown.length,
      done: shown.length,
      succeeded: shown.length,
      refused: 0,
      failure: null,
    });
    const taken = await server.app.db
      .selectFrom('bulk_job_results')
      .select(['case_id', 'ok'])
      .where('job_id', '=', job.id)
      .execute();
    expect(taken.map((r) => r.case_id).sort((a, b) => a - b)).toEqual(shown);
    const after = await server.app.db
      .selectFrom('cases')
      .select(['position', 'law_firm_id'])
      .where('id', 'in', shown)
      .execute();
    expect(after.every((c) => c.position === 'pushed' && c.law_firm_id === demoFirmId)).toBe(true);
    const audit = await server.app.db
      .selectFrom('audit_log')
      .select(['entity_id', 'actor_id', 'actor_role', 'request_id'])
      .where('action', '=', 'case.push')
      .where('request_id', '=', `bulk-job-${job.id}`)
      .execute();
    expect(audit).toHaveLength(shown.length);
    const starter = await server.userId('13800000002');
    expect(audit.every((a) => a.actor_id === starter && a.actor_role === 'caseOperation')).toBe(true);
    const pushes = await server.app.db
      .selectFrom('case_pushes')
      .select('case_id')
      .where('case_id', 'in', shown)
      .where('push_status', '=', 'pushed')
      .execute();
    expect(pushes).toHaveLength(shown.length);
  });
});

describe('each case’s outcome', () => {
  it('refuses a case in the wrong state and one that is not there, with their reasons, and does the rest', async () => {
    const pool = await freshCase({ status: 'pending', position: 'pool' });
    const review = await freshCase({ status: 'pending', position: 'awaitingReview' });
    const job = await finished('caseOperation', {
      action: 'push',
      caseIds: [pool.id, review.id, 99_999_999],
      lawFirmId: demoFirmId,
    });
    expect(job).toMatchObject({ status: 'done', total: 3, done: 3, succeeded: 1, refused: 2 });
    const rows = await resultsSheet('caseOperation', job.id);
    expect(rows[0]).toEqual(['案件编号', '案件 ID', '结果', '原因', '原因代码']);
    expect(rows.slice(1)).toEqual([
      [pool.case_no, pool.id, '已完成'],
      [
        review.case_no,
        review.id,
        '未执行',
        zh['case.transition.inState.awaitingReview'],
        'case.transition.inState.awaitingReview',
      ],
      [undefined, 99_999_999, '未执行', zh['case.notFound'], 'case.notFound'],
    ]);
    const english = await resultsSheet('caseOperation', job.id, 'en-US');
    expect(english[0]).toEqual(['Case no.', 'Case ID', 'Outcome', 'Reason', 'Reason code']);
    expect(english[2]?.[3]).toBe(MESSAGES['en-US']['case.transition.inState.awaitingReview']);
  });

  it('closes worked cases with the result given and refuses the closed one', async () => {
    const worked = await freshCase({ status: 'processing' });
    const closed = await freshCase({ status: 'closed' });
    const job = await finished('caseOperation', {
      action: 'close',
      caseIds: [worked.id, closed.id],
      result: 'mediated',
    });
    expect(job).toMatchObject({ succeeded: 1, refused: 1 });
    const row = await server.app.db
      .selectFrom('cases')
      .select(['status', 'close_result'])
      .where('id', '=', worked.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'closed', close_result: 'mediated' });
  });
});

describe('who may run a job, and on what', () => {
  it('refuses a firm’s contact person the cases of another firm, as cases not there', async () => {
    const ours = await freshCase({ status: 'pending', firm: 'demo', position: 'accepted' });
    const theirs = await freshCase({ status: 'pending', firm: 'other', position: 'accepted' });
    const lawyer = await server.app.db
      .selectFrom('lawyers')
      .select('id')
      .where('law_firm_id', '=', demoFirmId)
      .where('review_status', '=', 'passed')
      .where('suspended_at', 'is', null)
      .executeTakeFirstOrThrow();
    const job = await finished('lawfirmContactPerson', {
      action: 'assign',
      caseIds: [ours.id, theirs.id],
      lawyerId: lawyer.id,
    });
    expect(job).toMatchObject({ total: 2, succeeded: 1, refused: 1 });
    const results = await server.app.db
      .selectFrom('bulk_job_results')
      .select(['case_id', 'ok', 'code'])
      .where('job_id', '=', job.id)
      .orderBy('id')
      .execute();
    expect(results).toEqual([
      { case_id: ours.id, ok: 1, code: null },
      { case_id: theirs.id, ok: 0, code: 'case.notFound' },
    ]);
  });

  it('answers 403 to a role without the action’s ability, and hides another’s job', async () => {
    expect(
      (await start('lawfirmContactPerson', { action: 'push', caseIds: [1], lawFirmId: demoFirmId })).status,
    ).toBe(403);
    expect(
      (await start('bussinessOperation', { action: 'close', caseIds: [1], result: 'mediated' })).status,
    ).toBe(403);
    const pool = await freshCase({ status: 'pending', position: 'pool' });
    const job = await finished('caseOperation', {
      action: 'push',
      caseIds: [pool.id],
      lawFirmId: demoFirmId,
    });
    const other = await server.call('GET', `/api/cases/bulk-jobs/${job.id}`, {
      token: await server.tokenFor('superAdmin'),
    });
    expect(other.status).toBe(404);
    const file = await fetch(`${server.url}/api/cases/bulk-jobs/${job.id}/results`, {
      headers: { authorization: `Bearer ${await server.tokenFor('superAdmin')}` },
    });
    expect(file.status).toBe(404);
  });

  it('asks for the action’s details and for exactly one of filter and caseIds', async () => {
    expect((await start('caseOperation', { action: 'push', caseIds: [1] })).body.errors?.[0]?.path).toBe(
      'lawFirmId',
    );
    const both = await start('caseOperation', {
      action: 'close',
      caseIds: [1],
      filter: { status: ['processing'] },
      result: 'mediated',
    });
    expect(both.status).toBe(400);
    expect((await start('caseOperation', { action: 'close', result: 'mediated' })).status).toBe(400);
  });
});

describe('the cap', () => {
  it('is 10,000 cases by default, and a filter matching more is a clear 400 before any job', async () => {
    expect(readConfig({}).bulkMaxCases).toBe(10_000);
    const config = server.app.config as { bulkMaxCases: number };
    const before = await server.count('bulk_jobs');
    config.bulkMaxCases = 5;
    try {
      const res = await start('caseOperation', {
        action: 'close',
        filter: { status: ['processing'] },
        result: 'mediated',
      });
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0]?.path).toBe('filter');
      expect(res.body.msg).toMatch(/最多 5 条/);
      const ids = await start('caseOperation', {
        action: 'close',
        caseIds: [1, 2, 3, 4, 5, 6],
        result: 'mediated',
      });
      expect(ids.status).toBe(400);
    } finally {
      config.bulkMaxCases = 10_000;
    }
    expect(await server.count('bulk_jobs')).toBe(before);
  });
});

describe('a job across reloads and processes', () => {
  async function jobRow(owner: string | null, heartbeatAt: Date | null, status = 'running') {
    const userId = await server.userId('13800000002');
    const job = await server.app.db
      .insertInto('bulk_jobs')
      .values({
        action: 'push',
        started_by: userId,
        role: 'caseOperation',
        selection: '{"caseIds":[1,2]}',
        parameters: JSON.stringify({ lawFirmId: demoFirmId }),
        status,
        total: 2,
        done: 1,
        succeeded: 1,
        owner,
        heartbeat_at: heartbeatAt?.toISOString() ?? null,
        created_at: server.clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.app.db
      .insertInto('bulk_job_results')
      .values([
        { job_id: job.id, case_id: 1, ok: 1 },
        { job_id: job.id, case_id: 2, ok: null },
      ])
      .execute();
    return job.id;
  }
  const statusOf = async (id: number) =>
    (
      await server.call<BulkJob>('GET', `/api/cases/bulk-jobs/${id}`, {
        token: await server.tokenFor('caseOperation'),
      })
    ).body.data;

  it('is found again by its starter while it runs (a reloaded page)', async () => {
    const id = await jobRow(bulkOwner(), server.clock.now());
    const current = await server.call<{ job: BulkJob | null }>('GET', '/api/cases/bulk-jobs/current', {
      token: await server.tokenFor('caseOperation'),
    });
    expect(current.body.data.job).toMatchObject({ id, status: 'running', total: 2, done: 1 });
    const other = await server.call<{ job: BulkJob | null }>('GET', '/api/cases/bulk-jobs/current', {
      token: await server.tokenFor('superAdmin'),
    });
    expect(other.body.data.job).toBeNull();
    await server.app.db.updateTable('bulk_jobs').set({ status: 'done' }).where('id', '=', id).execute();
  });

  it('is failed, keeping what it finished, once its heartbeat is stale', async () => {
    const id = await jobRow('other-host 4242 aaaaaaaaaaaa', server.clock.now());
    expect(await statusOf(id)).toMatchObject({ status: 'running' });
    server.clock.advance(BULK_STALE_MS + 1000);
    expect(await statusOf(id)).toMatchObject({
      status: 'failed',
      done: 1,
      succeeded: 1,
      failure: zh['bulk.interrupted'],
    });
    const rows = await resultsSheet('caseOperation', id);
    expect(rows[2]?.[2]).toBe('未处理（任务中断）');
  });

  it('is failed at once when its owner was a process of this host that is gone', async () => {
    const [host] = bulkOwner().split(' ');
    const { spawnSync } = await import('node:child_process');
    const ended = spawnSync(process.execPath, ['-e', '0']).pid;
    const id = await jobRow(`${host} ${ended} dddddddddddd`, server.clock.now());
    expect(await failDeadJobs(server.app.db, server.clock.now())).toBe(1);
    expect(await statusOf(id)).toMatchObject({ status: 'failed', done: 1 });
  });

  it('is claimed by exactly one of several processes', async () => {
    const id = await jobRow(null, null, 'queued');
    const at = server.clock.now();
    const claims = await Promise.all(
      ['a 1 x', 'b 2 y', 'c 3 z'].map((who) => claimJob(server.app.db, id, at, who)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    await server.app.db.updateTable('bulk_jobs').set({ status: 'failed' }).where('id', '=', id).execute();
  });
});
