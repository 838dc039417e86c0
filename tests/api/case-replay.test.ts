import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseReplayAnswer } from '../../contract/case-replay';
import { checkCases } from '../../server/cases/replay/check';
import { startServer, type TestServer } from './harness';

/**
 * Issue 21: every stored case's audit trail replays through the case machine (`npm run
 * check:cases`), the seed's demo data included, and the inspector's replay of one case.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const caseAt = (status: string, position: string | null = null) => {
  let q = server.app.db.selectFrom('cases').select(['id', 'case_no', 'version']).where('status', '=', status);
  q = position === null ? q : q.where('position', '=', position);
  return q.orderBy('id', 'desc').executeTakeFirstOrThrow();
};

describe('npm run check:cases', () => {
  it('replays every seeded case to its stored status and position', async () => {
    const mismatched: string[] = [];
    const result = await checkCases(server.app.db, {
      pageSize: 500,
      onMismatch: (m) => mismatched.push(m.caseNo),
    });
    expect(mismatched).toEqual([]);
    expect(result.replayed).toBe(await server.count('cases'));
    expect(result.mismatches).toBe(0);
  });

  it('reports a case whose status was changed without an audit entry, and only that one', async () => {
    const tampered = await caseAt('processing');
    await server.app.db
      .updateTable('cases')
      .set({ status: 'closed', close_result: 'mediated' })
      .where('id', '=', tampered.id)
      .execute();
    const mismatched: Array<{ caseNo: string; stored: string }> = [];
    const result = await checkCases(server.app.db, { onMismatch: (m) => mismatched.push(m) });
    expect(result.mismatches).toBe(1);
    expect(mismatched).toEqual([expect.objectContaining({ caseNo: tampered.case_no, stored: 'closed' })]);
    await server.app.db
      .updateTable('cases')
      .set({ status: 'processing', close_result: null })
      .where('id', '=', tampered.id)
      .execute();
  });

  it('still finds a case consistent after a transition made through the API', async () => {
    const c = await caseAt('pending', 'awaitingReview');
    const res = await server.call('POST', `/api/cases/${c.id}/transitions`, {
      token: await server.tokenFor('caseOperation'),
      body: { event: 'APPROVE', version: c.version },
    });
    expect(res.status).toBe(200);
    const mismatched: string[] = [];
    await checkCases(server.app.db, { onMismatch: (m) => mismatched.push(m.caseNo) });
    expect(mismatched).toEqual([]);
  });
});

describe('GET /api/dev/cases/:caseNo/history', () => {
  it("answers superAdmin a seeded case's steps, each with its event, actor, time and state", async () => {
    const c = await caseAt('closed');
    const res = await server.call<CaseReplayAnswer>('GET', `/api/dev/cases/${c.case_no}/history`, {
      token: await server.tokenFor('superAdmin'),
    });
    expect(res.status).toBe(200);
    const replay = res.body.data;
    expect(replay).toMatchObject({
      caseNo: c.case_no,
      start: 'pending.awaitingReview',
      stored: 'closed',
      final: 'closed',
      matches: true,
    });
    expect(replay.steps.length).toBeGreaterThanOrEqual(3);
    expect(replay.steps.at(-1)).toMatchObject({ type: 'CLOSE', to: 'closed', refused: false });
    for (const step of replay.steps) {
      expect(step.recordedTo).toBe(step.to);
      expect(Number.isNaN(Date.parse(step.at))).toBe(false);
      expect(step.actor.role).toBeTruthy();
    }
  });

  it('flags a case whose history does not lead to its stored state', async () => {
    const c = await caseAt('suspended');
    await server.app.db
      .updateTable('cases')
      .set({ status: 'processing', suspend_reason: null })
      .where('id', '=', c.id)
      .execute();
    const res = await server.call<CaseReplayAnswer>('GET', `/api/dev/cases/${c.case_no}/history`, {
      token: await server.tokenFor('superAdmin'),
    });
    expect(res.body.data).toMatchObject({ stored: 'processing', final: 'suspended', matches: false });
    await server.app.db
      .updateTable('cases')
      .set({ status: 'suspended', suspend_reason: '等待法院排期' })
      .where('id', '=', c.id)
      .execute();
  });

  it('is refused to a role without dev.tools, and to admin, who does not read every case', async () => {
    const c = await caseAt('closed');
    for (const role of ['caseOperation', 'admin', 'lawyer'] as const) {
      const res = await server.call('GET', `/api/dev/cases/${c.case_no}/history`, {
        token: await server.tokenFor(role),
      });
      expect(res.status, role).toBe(403);
    }
  });

  it('answers 404 for a case number nobody stored', async () => {
    const res = await server.call('GET', '/api/dev/cases/NOPE0000/history', {
      token: await server.tokenFor('superAdmin'),
    });
    expect(res.status).toBe(404);
  });
});
