import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LawFirmRow, LawyerRow } from '../../contract/firm-api';
import { MESSAGES } from '../../contract/messages';
import type { Paged } from '../../contract/paging';
import type { StaleData } from '../../contract/reviews';
import { createSession } from '../../server/auth/sessions';
import { auditRows, lawFirmApplication, lawyerApplication } from './fixtures';
import { startServer, type TestServer } from './harness';

/**
 * The one review decision (server/reviews/decision.ts) for firms and lawyers: taken on the version
 * read, only of an application under review; a rejection or a suspension ends the applicant's
 * sessions; a suspended firm gets no pushes and its unassigned cases go back to the pool.
 */

let server: TestServer;
let serial = 9100;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const ops = () => server.tokenFor('bussinessOperation');
const msg = (key: keyof (typeof MESSAGES)['zh-CN']) => MESSAGES['zh-CN'][key];

async function registeredFirm() {
  const application = await lawFirmApplication(server, serial++);
  const res = await server.call<{ userId: number }>('POST', '/api/register/lawfirm', { body: application });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const user = await server.app.db
    .selectFrom('users')
    .select(['id', 'law_firm_id'])
    .where('id', '=', res.body.data.userId)
    .executeTakeFirstOrThrow();
  // The contact cannot sign in while under review; a session made behind the API stands for one
  // opened before (a firm that passed and is reviewed again, or a session that outlived a pass).
  const { token } = await createSession(server.app, user.id, 'lawfirmContactPerson', {
    ip: null,
    userAgent: 'test',
  });
  return { firmId: user.law_firm_id as number, token };
}

const firmRow = async (id: number) =>
  (
    await server.call<Paged<LawFirmRow>>(
      'GET',
      '/api/lawfirms?pageSize=100&reviewStatus=auditing,passed,rejected,suspended',
      {
        token: await ops(),
      },
    )
  ).body.data.list.find((f) => f.id === id);

const storedFirm = (id: number) =>
  server.app.db.selectFrom('law_firms').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const reviewFirm = async (id: number, body: unknown, token?: string) =>
  server.call<{ version: number }>('PUT', `/api/lawfirms/${id}/review`, {
    token: token ?? (await ops()),
    body,
  });

const signedIn = async (token: string) =>
  (await server.call('GET', '/api/user/certification', { token })).status;

describe('PUT /api/lawfirms/:id/review on the version read', () => {
  it('serves version 1 on a new firm, and refuses a decision without one (400 at version)', async () => {
    const { firmId } = await registeredFirm();
    expect((await firmRow(firmId))?.version).toBe(1);
    const res = await reviewFirm(firmId, { status: 'passed' });
    expect(res.status).toBe(400);
    expect((res.body.errors ?? []).map((e) => e.path)).toEqual(['version']);
    expect((await storedFirm(firmId)).review_status).toBe('auditing');
  });

  it('answers a second reviewer on the old version 409 with the version, who saved it and when', async () => {
    const { firmId } = await registeredFirm();
    const first = await reviewFirm(firmId, { status: 'passed', version: 1 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.version).toBe(2);
    const second = await reviewFirm(
      firmId,
      { status: 'rejected', reason: '资料不全', version: 1 },
      await server.tokenFor('superAdmin'),
    );
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe(msg('review.changed'));
    const data = second.body.data as unknown as StaleData;
    expect(data.version).toBe(2);
    expect(data.savedBy?.id).toBe(await server.userId('13800000003'));
    expect(data.savedAt).toEqual(expect.any(String));
    expect((await storedFirm(firmId)).review_status).toBe('passed');
  });

  it('decides only an application under review: a passed firm is not rejected on its current version', async () => {
    const { firmId } = await registeredFirm();
    await reviewFirm(firmId, { status: 'passed', version: 1 });
    const res = await reviewFirm(firmId, { status: 'rejected', reason: '重新审核', version: 2 });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(msg('review.notUnderReview'));
    expect((await storedFirm(firmId)).review_status).toBe('passed');
  });

  it("a rejection ends the firm contact's sessions: the old token is answered 401", async () => {
    const { firmId, token } = await registeredFirm();
    expect(await signedIn(token)).toBe(200);
    const res = await reviewFirm(firmId, { status: 'rejected', reason: '营业执照模糊', version: 1 });
    expect(res.status).toBe(200);
    expect(await signedIn(token)).toBe(401);
    expect((await server.call('GET', '/api/cases', { token })).status).toBe(401);
    expect(await auditRows(server, 'lawfirm.review.rejected', firmId)).toHaveLength(1);
  });
});

describe('PUT /api/lawyers/:id/review on the version read', () => {
  async function registeredLawyer() {
    const demoFirm = (
      await server.app.db
        .selectFrom('users')
        .select('law_firm_id')
        .where('phone', '=', '13800000004')
        .executeTakeFirstOrThrow()
    ).law_firm_id as number;
    const res = await server.call<{ userId: number }>('POST', '/api/register/lawyer', {
      body: await lawyerApplication(server, demoFirm),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const lawyer = await server.app.db
      .selectFrom('lawyers')
      .select('id')
      .where('user_id', '=', res.body.data.userId)
      .executeTakeFirstOrThrow();
    const { token } = await createSession(server.app, res.body.data.userId, 'lawyer', {
      ip: null,
      userAgent: 'test',
    });
    return { lawyerId: lawyer.id, token };
  }
  const reviewLawyer = async (
    id: number,
    body: unknown,
    role: 'lawfirmContactPerson' | 'bussinessOperation',
  ) =>
    server.call<{ version: number }>('PUT', `/api/lawyers/${id}/review`, {
      token: await server.tokenFor(role),
      body,
    });

  it('serves the version on the list and refuses a stale decision with 409 and the stored figures', async () => {
    const { lawyerId } = await registeredLawyer();
    const row = (
      await server.call<Paged<LawyerRow>>('GET', '/api/lawyers?pageSize=100&reviewStatus=auditing', {
        token: await server.tokenFor('lawfirmContactPerson'),
      })
    ).body.data.list.find((l) => l.id === lawyerId);
    expect(row?.version).toBe(1);
    expect((await reviewLawyer(lawyerId, { status: 'passed' }, 'lawfirmContactPerson')).status).toBe(400);
    expect(
      (await reviewLawyer(lawyerId, { status: 'passed', version: 1 }, 'lawfirmContactPerson')).status,
    ).toBe(200);
    const stale = await reviewLawyer(
      lawyerId,
      { status: 'rejected', reason: '证件过期', version: 1 },
      'bussinessOperation',
    );
    expect(stale.status).toBe(409);
    expect((stale.body.data as unknown as StaleData).version).toBe(2);
    expect((stale.body.data as unknown as StaleData).savedBy?.id).toBe(await server.userId('13800000004'));
  });

  it("a rejection ends the lawyer's sessions", async () => {
    const { lawyerId, token } = await registeredLawyer();
    expect(await signedIn(token)).toBe(200);
    const res = await reviewLawyer(
      lawyerId,
      { status: 'rejected', reason: '执业证号不符', version: 1 },
      'bussinessOperation',
    );
    expect(res.status).toBe(200);
    expect(await signedIn(token)).toBe(401);
  });

  it('suspends a lawyer who passed (signed out, cannot sign in, cases in hand stay) and lifts it', async () => {
    const { lawyerId, token } = await registeredLawyer();
    await reviewLawyer(lawyerId, { status: 'passed', version: 1 }, 'bussinessOperation');
    const suspend = await server.call<{ version: number; suspendedAt: string }>(
      'PUT',
      `/api/lawyers/${lawyerId}/suspension`,
      { token: await ops(), body: { suspended: true, reason: '投诉核查中', version: 2 } },
    );
    expect(suspend.status, JSON.stringify(suspend.body)).toBe(200);
    expect(suspend.body.data.suspendedAt).toEqual(expect.any(String));
    expect(await signedIn(token)).toBe(401);
    expect(await auditRows(server, 'lawyer.suspend', lawyerId)).toHaveLength(1);
    const lift = await server.call('PUT', `/api/lawyers/${lawyerId}/suspension`, {
      token: await ops(),
      body: { suspended: false, version: 3 },
    });
    expect(lift.status).toBe(200);
    expect(await auditRows(server, 'lawyer.resume', lawyerId)).toHaveLength(1);
  });
});

describe('PUT /api/lawfirms/:id/suspension (the demo firm)', () => {
  it('needs a reason, refuses a firm under review, and answers a stale version 409', async () => {
    const { firmId } = await registeredFirm();
    const noReason = await server.call('PUT', `/api/lawfirms/${firmId}/suspension`, {
      token: await ops(),
      body: { suspended: true, version: 1 },
    });
    expect(noReason.status).toBe(400);
    expect((noReason.body.errors ?? []).map((e) => e.path)).toEqual(['reason']);
    const underReview = await server.call('PUT', `/api/lawfirms/${firmId}/suspension`, {
      token: await ops(),
      body: { suspended: true, reason: '违规', version: 1 },
    });
    expect(underReview.status).toBe(409);
    expect(underReview.body.msg).toBe(msg('review.notSuspendable'));
  });

  it('signs the contact out, returns unassigned cases to the pool, keeps lawyers\u2019 cases, refuses pushes; lifting lets them back', async () => {
    const contactToken = await server.sessionFor('lawfirmContactPerson');
    const firmId = (
      await server.app.db
        .selectFrom('users')
        .select('law_firm_id')
        .where('phone', '=', '13800000004')
        .executeTakeFirstOrThrow()
    ).law_firm_id as number;
    const held = await server.app.db
      .selectFrom('cases')
      .select(['id', 'position', 'version'])
      .where('law_firm_id', '=', firmId)
      .where('lawyer_id', 'is', null)
      .where('position', 'in', ['pushed', 'accepted'])
      .execute();
    const inHand = await server.app.db
      .selectFrom('cases')
      .select(['id', 'status', 'lawyer_id'])
      .where('law_firm_id', '=', firmId)
      .where('lawyer_id', 'is not', null)
      .execute();
    expect(held.length).toBeGreaterThan(0);
    expect(inHand.length).toBeGreaterThan(0);

    const firm = await storedFirm(firmId);
    const stale = await server.call('PUT', `/api/lawfirms/${firmId}/suspension`, {
      token: await ops(),
      body: { suspended: true, reason: '合作暂停', version: firm.version + 1 },
    });
    expect(stale.status).toBe(409);
    const res = await server.call('PUT', `/api/lawfirms/${firmId}/suspension`, {
      token: await ops(),
      body: { suspended: true, reason: '合作暂停', version: firm.version },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await signedIn(contactToken)).toBe(401);
    const login = await server.call('POST', '/api/login', {
      body: { phone: '13800000004', password: 'Demo@2026' },
    });
    expect(login.status).toBe(403);
    expect(login.body.msg).toBe(msg('auth.accountSuspended').replace('{{reason}}', '合作暂停'));

    for (const c of held) {
      const now = await server.app.db
        .selectFrom('cases')
        .select(['position', 'law_firm_id'])
        .where('id', '=', c.id)
        .executeTakeFirstOrThrow();
      expect(now).toEqual({ position: 'pool', law_firm_id: null });
      const audit = await server.app.db
        .selectFrom('audit_log')
        .select(['actor_role'])
        .where('entity', '=', 'case')
        .where('entity_id', '=', String(c.id))
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit.actor_role).toBe('system');
    }
    for (const c of inHand) {
      const now = await server.app.db
        .selectFrom('cases')
        .select(['status', 'lawyer_id'])
        .where('id', '=', c.id)
        .executeTakeFirstOrThrow();
      expect(now).toEqual({ status: c.status, lawyer_id: c.lawyer_id });
    }

    const options = await server.call<Paged<{ id: number }>>('GET', '/api/lawfirms/options', {
      token: await server.tokenFor('caseOperation'),
    });
    expect(options.body.data.list.some((f) => f.id === firmId)).toBe(false);
    const poolCase = held[0];
    const version = (
      await server.app.db
        .selectFrom('cases')
        .select('version')
        .where('id', '=', poolCase.id)
        .executeTakeFirstOrThrow()
    ).version;
    const push = await server.call('POST', `/api/cases/${poolCase.id}/transitions`, {
      token: await server.tokenFor('caseOperation'),
      body: { event: 'PUSH', lawFirmId: firmId, version },
    });
    expect(push.status).toBe(400);
    expect(push.body.msg).toBe(msg('lawfirm.suspended'));

    const row = await firmRow(firmId);
    expect(row).toMatchObject({
      standing: 'suspended',
      suspendReason: '合作暂停',
      version: firm.version + 1,
    });
    const lift = await server.call('PUT', `/api/lawfirms/${firmId}/suspension`, {
      token: await ops(),
      body: { suspended: false, version: firm.version + 1 },
    });
    expect(lift.status).toBe(200);
    const back = await server.call('POST', '/api/login', {
      body: { phone: '13800000004', password: 'Demo@2026' },
    });
    expect(back.status).toBe(200);
    expect(await auditRows(server, 'lawfirm.suspend', firmId)).toHaveLength(1);
    expect(await auditRows(server, 'lawfirm.resume', firmId)).toHaveLength(1);
  });
});
