import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkJob } from '../../contract/bulk-jobs';
import {
  call,
  killAll,
  login,
  type ServerProcess,
  type SharedDatabase,
  sharedDatabase,
  startProcess,
} from './processes';

/**
 * A bulk job whose process is killed (kill -9) while it runs: another process on the same
 * database marks it failed with what it finished, and what it finished is exactly what is
 * committed (each case done is closed and audited once; the others are untouched).
 */

let database: SharedDatabase;
beforeAll(async () => {
  database = await sharedDatabase(true);
});
afterAll(async () => {
  await killAll();
  await database?.drop();
});

const statusOf = async (url: string, token: string, id: number) =>
  (await call<BulkJob>(url, 'GET', `/api/cases/bulk-jobs/${id}`, { token })).body.data;

/**
 * Starts a job closing cases 1-3000 with `result` on a process that commits one case a time,
 * and waits until it has done five (it is surely still running then): answers the job's id.
 */
async function closeJobUnderWay(a: ServerProcess, token: string, result: string): Promise<number> {
  const caseIds = Array.from({ length: 3000 }, (_, i) => i + 1);
  const started = await call<{ id: number }>(a.url, 'POST', '/api/cases/bulk-jobs', {
    token,
    body: { action: 'close', caseIds, result },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const id = started.body.data.id;
  const waitUntil = Date.now() + 120_000;
  for (;;) {
    const job = await statusOf(a.url, token, id);
    expect(job.status, a.output()).toBe('running');
    if (job.done >= 5) return id;
    if (Date.now() > waitUntil) throw new Error(`job never got going: ${JSON.stringify(job)}\n${a.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a bulk job cut short by kill -9', () => {
  it('is failed by the next process, keeping every case it committed and nothing else', async () => {
    // One case a commit, so the job is surely still running when its process dies.
    const a = await startProcess(database.url, { BULK_BATCH_CASES: '1' });
    const token = await login(a.url, '13800000002');
    const id = await closeJobUnderWay(a, token, 'withdrawn');
    await a.kill();
    const [left] = await database.rows<{ status: string }>(`select status from bulk_jobs where id = ${id}`);
    expect(left.status).toBe('running');

    const b = await startProcess(database.url);
    const job = await statusOf(b.url, token, id);
    expect(job.status).toBe('failed');
    expect(job.failure).toMatch(/中断/);
    expect(job.done).toBeGreaterThanOrEqual(5);
    expect(job.done).toBeLessThan(3000);
    const [counted] = await database.rows<{ done: number; ok: number }>(
      `select count(*) as done, sum(case when ok = 1 then 1 else 0 end) as ok
       from bulk_job_results where job_id = ${id} and ok is not null`,
    );
    expect(Number(counted.done)).toBe(job.done);
    expect(Number(counted.ok)).toBe(job.succeeded);
    const [audited] = await database.rows<{ n: number }>(
      `select count(*) as n from audit_log where action = 'case.close' and request_id = 'bulk-job-${id}'`,
    );
    expect(Number(audited.n)).toBe(job.succeeded);
    const [closedByJob] = await database.rows<{ n: number }>(
      `select count(*) as n from cases c join bulk_job_results r on r.case_id = c.id
       where r.job_id = ${id} and r.ok = 1 and c.status = 'closed' and c.close_result = 'withdrawn'`,
    );
    expect(Number(closedByJob.n)).toBe(job.succeeded);
    expect(await database.integrityProblems()).toEqual([]);
    expect(await b.stop()).toBe(0);
    // Two server processes start on a loaded machine: the ceiling only bounds a hung run.
  }, 300_000);
});

describe('a bulk job when its process stops gracefully (SIGTERM)', () => {
  it('ends as interrupted with what it committed, and the process closes its database after it', async () => {
    const a = await startProcess(database.url, { BULK_BATCH_CASES: '1' });
    const token = await login(a.url, '13800000002');
    const id = await closeJobUnderWay(a, token, 'failed');
    // The job lets go at its next turn, writes its end, and only then is the database closed:
    // exit 0, and no statement ran on a closed database.
    expect(await a.stop(), a.output()).toBe(0);
    expect(a.output()).not.toMatch(/destroyed|closed database|not open/i);
    const [left] = await database.rows<{ status: string; failure: string; done: number; succeeded: number }>(
      `select status, failure, done, succeeded from bulk_jobs where id = ${id}`,
    );
    expect(left).toMatchObject({ status: 'failed', failure: 'bulk.interrupted' });
    expect(Number(left.done)).toBeGreaterThanOrEqual(5);
    expect(Number(left.done)).toBeLessThan(3000);
    const [counted] = await database.rows<{ done: number }>(
      `select count(*) as done from bulk_job_results where job_id = ${id} and ok is not null`,
    );
    expect(Number(counted.done)).toBe(Number(left.done));
    expect(await database.integrityProblems()).toEqual([]);
  }, 300_000);
});
