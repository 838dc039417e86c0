import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseRow } from '../../contract/case-api';
import type { Paged } from '../../contract/paging';
import {
  caseAudit,
  expectRefusal,
  freshCase,
  type Role,
  stored,
  transition,
  useCaseServer,
} from './case-fixtures';
import { auditRows } from './fixtures';
import { startServer, type TestServer } from './harness';

/**
 * Case writes: edits under optimistic locking, the transitions the machine accepts (also a
 * firm assigning its own cases) and simultaneous ones. Refusals: case-transition-refusals.test.ts.
 */
let server: TestServer;
let demoLawyerId: number;
let demoFirmId: number;
beforeAll(async () => {
  server = await startServer();
  ({ demoLawyerId, demoFirmId } = await useCaseServer(server));
});
afterAll(() => server.close());

describe('PUT /api/cases/:id (optimistic locking)', () => {
  it('saves the fields sent, bumps the version and records who did it', async () => {
    const before = await freshCase({ status: 'processing' });
    const res = await server.call<CaseRow>('PUT', `/api/cases/${before.id}`, {
      token: await server.tokenFor('caseOperation'),
      body: {
        version: before.version,
        title: '改过的案件名称',
        regionCode: '110100',
        courtSessionAt: '2030-01-02T09:30:00+08:00',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      title: '改过的案件名称',
      version: before.version + 1,
    });
    const after = await stored(before.id);
    expect(after).toMatchObject({
      title: '改过的案件名称',
      region_code: '110100',
      court_session_at: '2030-01-02T01:30:00.000Z',
      debtor_name: before.debtor_name,
      version: before.version + 1,
    });
    const [audit] = await auditRows(server, 'case.edit', before.id);
    // The claim is the ledger's: tests/api/ledger.test.ts edits it (before approval only).
    expect(audit.summary).toBe('edited title, regionCode, courtSessionAt');
  });

  it('answers a stale version 409 and overwrites nothing', async () => {
    const before = await freshCase({ status: 'processing' });
    const token = await server.tokenFor('caseOperation');
    const first = await server.call('PUT', `/api/cases/${before.id}`, {
      token,
      body: { version: before.version, debtorName: '第一位编辑' },
    });
    expect(first.status).toBe(200);
    const saved = await stored(before.id);
    const stale = await server.call('PUT', `/api/cases/${before.id}`, {
      token,
      body: { version: before.version, debtorName: '第二位编辑', amountFen: 1 },
    });
    expectRefusal(stale, 'case.staleVersion');
    // It says what the case is now and who changed it, so the form can reload and say so.
    expect((stale.body as { data?: unknown }).data).toMatchObject({
      version: before.version + 1,
      savedBy: { name: expect.any(String) },
      savedAt: expect.any(String),
    });
    expect(await stored(before.id)).toEqual(saved);
    expect(await auditRows(server, 'case.edit', before.id)).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous edits of the same version win', async () => {
    const before = await freshCase({ status: 'suspended' });
    const token = await server.tokenFor('caseOperation');
    const answers = await Promise.all(
      ['甲', '乙'].map((name) =>
        server.call('PUT', `/api/cases/${before.id}`, {
          token,
          body: { version: before.version, clientName: name },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await stored(before.id)).version).toBe(before.version + 1);
  });

  it('refuses an unknown region (400) and other roles (403)', async () => {
    const before = await freshCase({ status: 'processing' });
    const bad = await server.call('PUT', `/api/cases/${before.id}`, {
      token: await server.tokenFor('caseOperation'),
      body: { version: before.version, regionCode: '990100' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0].path).toBe('regionCode');
    for (const role of ['lawyer', 'bussinessOperation', 'lawfirmContactPerson'] as const) {
      const res = await server.call('PUT', `/api/cases/${before.id}`, {
        token: await server.tokenFor(role),
        body: { version: before.version, title: '不该保存的名称' },
      });
      expect(res.status, role).toBe(403);
    }
    expect((await stored(before.id)).version).toBe(before.version);
  });
});

describe('POST /api/cases/:id/transitions: accepted events', () => {
  it('lets a lawyer take a pool case: processing, theirs, a push accepted, in their own list', async () => {
    const before = await freshCase({ status: 'pending', firm: 'none' });
    const res = await transition('lawyer', before.id, { event: 'TAKE', version: before.version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'processing',
      lawyerId: demoLawyerId,
      lawFirmId: demoFirmId,
      version: before.version + 1,
    });
    expect(res.body.data.allowedEvents).toEqual(['RELEASE', 'SUSPEND', 'CLOSE']);
    expect((await stored(before.id)).stage).toBe('mediation');
    const pushes = await server.app.db
      .selectFrom('case_pushes')
      .selectAll()
      .where('case_id', '=', before.id)
      .execute();
    expect(pushes.map((p) => [p.law_firm_id, p.push_status])).toEqual([[demoFirmId, 'accepted']]);
    const [audit] = await auditRows(server, 'case.take', before.id);
    expect(audit.summary).toContain('TAKE: pending.pool -> processing');
    const mine = await server.call<Paged<CaseRow>>('GET', `/api/cases?mine=true&caseNo=${before.case_no}`, {
      token: await server.tokenFor('lawyer'),
    });
    expect(mine.body.data.list.map((c) => c.id)).toEqual([before.id]);
  });

  it("pushes a case to a firm (still pending, the push waits) and the firm's lawyer takes it", async () => {
    const before = await freshCase({ status: 'pending', firm: 'none' });
    const pushed = await transition('caseOperation', before.id, {
      event: 'PUSH',
      version: before.version,
      lawFirmId: demoFirmId,
    });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
    expect(pushed.body.data).toMatchObject({
      status: 'pending',
      position: 'pushed',
      lawyerId: null,
      lawFirmId: demoFirmId,
    });
    const firmView = await server.call('GET', `/api/cases/${before.id}`, {
      token: await server.tokenFor('lawfirmContactPerson'),
    });
    expect(firmView.status).toBe(200);
    const taken = await transition('lawyer', before.id, { event: 'TAKE', version: pushed.body.data.version });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const pushes = await server.app.db
      .selectFrom('case_pushes')
      .selectAll()
      .where('case_id', '=', before.id)
      .execute();
    expect(pushes.map((p) => [p.law_firm_id, p.push_status])).toEqual([[demoFirmId, 'accepted']]);
  });

  it('assigns a lawyer with the lawyer’s firm, and refuses a lawyer that does not exist', async () => {
    const before = await freshCase({ status: 'pending', firm: 'none' });
    const unknown = await transition('caseOperation', before.id, {
      event: 'ASSIGN',
      version: before.version,
      lawyerId: 999999,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0].path).toBe('lawyerId');
    const res = await transition('caseOperation', before.id, {
      event: 'ASSIGN',
      version: before.version,
      lawyerId: demoLawyerId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'processing',
      lawyerId: demoLawyerId,
      lawFirmId: demoFirmId,
    });
    expect(res.body.data.lawyerName).toBe('李明哲');
  });

  it('suspends with a reason, resumes, closes with a result and lets only superAdmin reopen', async () => {
    const before = await freshCase({ status: 'processing', lawyer: 'demo' });
    let version = before.version;
    const step = async (role: Role, body: Record<string, unknown>) => {
      const res = await transition(role, before.id, { ...body, version });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      version = res.body.data.version;
      return res.body.data;
    };
    expect(await step('lawyer', { event: 'SUSPEND', reason: '  等待法院排期  ' })).toMatchObject({
      status: 'suspended',
      suspendReason: '等待法院排期',
    });
    expect(await step('caseOperation', { event: 'RESUME' })).toMatchObject({
      status: 'processing',
      suspendReason: null,
    });
    const closed = await step('lawyer', { event: 'CLOSE', result: 'mediated' });
    expect(closed).toMatchObject({ status: 'closed', closeResult: 'mediated', stage: 'archived' });
    expect(closed.allowedEvents).toEqual([]);
    expectRefusal(
      await transition('caseOperation', before.id, { event: 'REOPEN', version }),
      'case.transition.notPermitted',
    );
    expect(await step('superAdmin', { event: 'REOPEN' })).toMatchObject({
      status: 'processing',
      closeResult: null,
    });
    expect(version).toBe(before.version + 4);
    const actions = (await caseAudit(before.id)).map((a) => a.action);
    expect(actions).toEqual(['case.suspend', 'case.resume', 'case.close', 'case.reopen']);
  });

  it('lets the handling lawyer release a case back to the pool', async () => {
    const before = await freshCase({ status: 'processing', lawyer: 'demo' });
    const res = await transition('lawyer', before.id, { event: 'RELEASE', version: before.version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'pending',
      lawyerId: null,
      lawFirmId: null,
      stage: 'intake',
    });
    expect(res.body.data.allowedEvents).toEqual(['TAKE']);
  });
});

describe('POST /api/cases/:id/transitions: a firm assigns its own cases to its own lawyers (cases.assign, scope firm)', () => {
  const passedLawyer = (firm: 'demo' | 'other') =>
    server.app.db
      .selectFrom('lawyers')
      .select(['id', 'law_firm_id'])
      .where('review_status', '=', 'passed')
      .where('law_firm_id', firm === 'demo' ? '=' : '!=', demoFirmId)
      .orderBy('id')
      .executeTakeFirstOrThrow();

  it("assigns a case pushed to the contact person's firm to one of the firm's lawyers", async () => {
    const before = await freshCase({ status: 'pending', lawyer: 'none', firm: 'demo' });
    const lawyer = await passedLawyer('demo');
    const res = await transition('lawfirmContactPerson', before.id, {
      event: 'ASSIGN',
      lawyerId: lawyer.id,
      version: before.version,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'processing', lawyerId: lawyer.id, lawFirmId: demoFirmId });
  });

  it('refuses a lawyer of another firm, and changes nothing', async () => {
    const before = await freshCase({ status: 'pending', lawyer: 'none', firm: 'demo' });
    const lawyer = await passedLawyer('other');
    expectRefusal(
      await transition('lawfirmContactPerson', before.id, {
        event: 'ASSIGN',
        lawyerId: lawyer.id,
        version: before.version,
      }),
      'case.transition.notYourFirm',
    );
    expect(await stored(before.id)).toEqual(before);
  });

  it("does not even see another firm's case (404)", async () => {
    const before = await freshCase({ status: 'pending', lawyer: 'none', firm: 'other' });
    const lawyer = await passedLawyer('demo');
    const res = await transition('lawfirmContactPerson', before.id, {
      event: 'ASSIGN',
      lawyerId: lawyer.id,
      version: before.version,
    });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/cases/:id/transitions: simultaneous transitions', () => {
  it('lets exactly one of a take and an assignment of the same version win', async () => {
    const before = await freshCase({ status: 'pending', firm: 'none' });
    const answers = await Promise.all([
      transition('lawyer', before.id, { event: 'TAKE', version: before.version }),
      transition('caseOperation', before.id, {
        event: 'ASSIGN',
        version: before.version,
        lawyerId: demoLawyerId,
      }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const after = await stored(before.id);
    expect(after.version).toBe(before.version + 1);
    expect(after.status).toBe('processing');
    const audit = await caseAudit(before.id);
    expect(audit).toHaveLength(1);
  });

  it('lets exactly one of five simultaneous takes win', async () => {
    const before = await freshCase({ status: 'pending', firm: 'none' });
    const tokens = await Promise.all(Array.from({ length: 5 }, () => server.sessionFor('lawyer')));
    const answers = await Promise.all(
      tokens.map((token) =>
        server.call('POST', `/api/cases/${before.id}/transitions`, {
          token,
          body: { event: 'TAKE', version: before.version },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
    const pushes = await server.app.db
      .selectFrom('case_pushes')
      .select('id')
      .where('case_id', '=', before.id)
      .execute();
    expect(pushes).toHaveLength(1);
  });
});
