import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseRow } from '../../contract/case-api';
import { readStream } from '../stream-reader';
import {
  type Answer,
  call,
  killAll,
  login,
  onPostgres,
  type ServerProcess,
  type SharedDatabase,
  sharedDatabase,
  startProcess,
} from './processes';

/**
 * Three API processes (A, B, C) on one database, as behind one address: whatever one process
 * did, the others know, because nothing that matters lives in a process. On PostgreSQL (with
 * TEST_PG_URL) messages reach another process's stream through LISTEN/NOTIFY: the heartbeat is
 * set far beyond any wait here, so only the signal can bring them. On SQLite, where processes
 * hear only themselves, the stream's heartbeat re-read brings them (every second here).
 */

let database: SharedDatabase;
let a: ServerProcess;
let b: ServerProcess;
let c: ServerProcess;

beforeAll(async () => {
  database = await sharedDatabase(true);
  const env = { NOTIFY_HEARTBEAT_SECONDS: onPostgres ? '3600' : '1' };
  [a, b, c] = await Promise.all([1, 2, 3].map(() => startProcess(database.url, env)));
});
afterAll(async () => {
  await killAll();
  await database?.drop();
});

const OPERATIONS = '13800000002';
/** Case numbers of this run: MP, four digits of this process, four of a counter. */
const RUN = `MP${String(process.pid % 10_000).padStart(4, '0')}`;
let serial = 0;
const caseNo = () => `${RUN}${String(++serial).padStart(4, '0')}`;
const newCase = (no: string) => ({
  caseNo: no,
  title: '多进程借款合同纠纷',
  type: 'civil',
  debtorName: '李四',
  clientName: '深圳市某小额贷款有限公司',
  regionCode: '440305',
  amountFen: 100_000,
  entrustExpiresOn: '2027-06-30',
  court: '深圳市南山区人民法院',
  description: null,
});

async function createCase(on: ServerProcess, token: string): Promise<CaseRow> {
  const res = await call<CaseRow>(on.url, 'POST', '/api/cases', { token, body: newCase(caseNo()) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('several processes on one database', () => {
  it('serves a sign-in made on A on B and C, and a sign-out on B ends it everywhere', async () => {
    const token = await login(a.url, OPERATIONS);
    for (const p of [b, c]) {
      const me = await call<{ phone: string }>(p.url, 'GET', '/api/user/info', { token });
      expect(me.status).toBe(200);
    }
    expect((await call(b.url, 'POST', '/api/logout', { token })).status).toBe(200);
    expect((await call(a.url, 'GET', '/api/user/info', { token })).status).toBe(401);
    expect((await call(c.url, 'GET', '/api/user/info', { token })).status).toBe(401);
  });

  it('shows a case created on A on B', async () => {
    const token = await login(a.url, OPERATIONS);
    const created = await createCase(a, token);
    const seen = await call<CaseRow>(b.url, 'GET', `/api/cases/${created.id}`, { token });
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({
      id: created.id,
      caseNo: created.caseNo,
      version: created.version,
    });
  });

  it('lets exactly one of 20 simultaneous transitions of one case version win across the processes', async () => {
    const token = await login(a.url, OPERATIONS);
    const created = await createCase(a, token);
    const processes = [a, b, c];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(processes[i % 3].url, 'POST', `/api/cases/${created.id}/transitions`, {
          token,
          body: { event: 'APPROVE', version: created.version },
        }),
      ),
    );
    const statuses = answers.map((x) => x.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const after = await call<CaseRow>(c.url, 'GET', `/api/cases/${created.id}`, { token });
    expect(after.body.data).toMatchObject({ status: 'pending', version: created.version + 1 });
    expect(after.body.data.position).not.toBe('awaitingReview');
  });

  it('brings a message written through A to a stream held by B', async () => {
    const token = await login(a.url, OPERATIONS);
    const created = await createCase(a, token);
    const ticket = await call<{ ticket: string }>(b.url, 'POST', '/api/notifications/ticket', { token });
    expect(ticket.status).toBe(200);
    const stream = await openStream(b.url, ticket.body.data.ticket);
    try {
      // Once B's stream says it is ready it listens; then write through A.
      await stream.until(() => stream.ready);
      const approved = await call(a.url, 'POST', `/api/cases/${created.id}/transitions`, {
        token,
        body: { event: 'APPROVE', version: created.version },
      });
      expect(approved.status).toBe(200);
      // The approval tells the case's creator (the same operations account) on B's stream.
      await stream.until(() => stream.messages().some((m) => m.content.includes(created.caseNo)));
    } finally {
      stream.close();
    }
  });

  it('keeps serving and keeps every acknowledged write when C is killed (kill -9) in a write loop', async () => {
    const token = await login(a.url, OPERATIONS);
    const acknowledged: Array<{ id: number; caseNo: string }> = [];
    let killed = false;
    const perProcessAfterKill = new Map<ServerProcess, number>();
    const loop = async (p: ServerProcess) => {
      for (;;) {
        if (killed && p === c) return;
        if (killed && (perProcessAfterKill.get(p) ?? 0) >= 10) return;
        const no = caseNo();
        let res: Answer<CaseRow>;
        try {
          res = await call<CaseRow>(p.url, 'POST', '/api/cases', { token, body: newCase(no) });
        } catch {
          // C went away mid-request: not acknowledged, so nothing is promised about it.
          if (p === c && killed) return;
          throw new Error(`${p === a ? 'A' : 'B'} stopped answering`);
        }
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        acknowledged.push({ id: res.body.data.id, caseNo: no });
        if (killed) perProcessAfterKill.set(p, (perProcessAfterKill.get(p) ?? 0) + 1);
        if (!killed && acknowledged.length >= 15 && p === c) {
          // C dies with its next write in flight (sent, not answered).
          const next = call(c.url, 'POST', '/api/cases', { token, body: newCase(caseNo()) }).catch(
            () => null,
          );
          killed = true;
          await c.kill();
          await next;
          return;
        }
      }
    };
    await Promise.all([a, b, c].map(loop));
    expect(killed).toBe(true);
    expect(perProcessAfterKill.get(a)).toBe(10);
    expect(perProcessAfterKill.get(b)).toBe(10);
    // Every acknowledged write is there, read through a survivor and in the database itself.
    for (const { id, caseNo: no } of acknowledged) {
      const seen = await call<CaseRow>(b.url, 'GET', `/api/cases/${id}`, { token });
      expect(seen.status).toBe(200);
      expect(seen.body.data.caseNo).toBe(no);
    }
    const stored = await database.rows<{ case_no: string }>(
      `select case_no from cases where case_no like '${RUN}%'`,
    );
    const storedNos = new Set(stored.map((r) => r.case_no));
    for (const { caseNo: no } of acknowledged) expect(storedNos.has(no)).toBe(true);
    expect(await database.integrityProblems()).toEqual([]);
  });

  it('ends open streams and exits 0 on SIGTERM, while the others keep serving', async () => {
    const token = await login(b.url, OPERATIONS);
    const ticket = await call<{ ticket: string }>(b.url, 'POST', '/api/notifications/ticket', { token });
    const stream = await openStream(b.url, ticket.body.data.ticket);
    await stream.until(() => stream.ready);
    const code = await b.stop();
    await stream.until(() => stream.ended);
    expect(code).toBe(0);
    expect((await call(a.url, 'GET', '/api/user/info', { token })).status).toBe(200);
  });
});

/** A reader of one live message stream held by `base`. */
async function openStream(base: string, ticket: string) {
  const controller = new AbortController();
  const res = await fetch(
    `${base}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}&lang=en-US`,
    {
      signal: controller.signal,
    },
  );
  expect(res.status).toBe(200);
  return readStream(res, controller);
}
