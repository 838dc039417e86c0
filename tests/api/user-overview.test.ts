import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserOverview } from '../../contract/user-center';
import { freshCase, stored, transition, useCaseServer } from './case-fixtures';
import { startServer, type TestServer } from './harness';

/** GET /api/user/overview answers with the caller's own activity, messages, cases and team only. */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

type Role = Parameters<TestServer['tokenFor']>[0];

async function overviewOf(role: Role, lang = 'zh-CN') {
  const res = await server.call<UserOverview>('GET', '/api/user/overview', {
    token: await server.tokenFor(role),
    headers: { 'accept-language': lang },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const lawyerOf = (userId: number) =>
  server.app.db
    .selectFrom('lawyers')
    .select(['id', 'law_firm_id'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();

describe('the user center', () => {
  it('shows a lawyer only their own activity, unread messages and the cases they handle', async () => {
    const me = await server.userId('13800000005');
    const data = await overviewOf('lawyer');
    // Signing in is the first activity, in the reader's language.
    expect(data.activity[0]).toMatchObject({ action: 'login', actionLabel: '登录' });
    const actors = await server.app.db
      .selectFrom('audit_log')
      .select('actor_id')
      .where(
        'id',
        'in',
        data.activity.map((a) => a.id),
      )
      .execute();
    expect(actors.every((a) => a.actor_id === me)).toBe(true);

    const owners = await server.app.db
      .selectFrom('messages')
      .select(['user_id', 'status'])
      .where('id', 'in', [0, ...data.unread.list.map((m) => m.id)])
      .execute();
    expect(owners.every((m) => m.user_id === me && m.status === 0)).toBe(true);

    const lawyer = await lawyerOf(me);
    const mine = await server.app.db
      .selectFrom('cases')
      .select(['id', 'lawyer_id', 'status'])
      .where('lawyer_id', '=', lawyer.id)
      .where('status', 'in', ['processing', 'suspended'])
      .execute();
    expect(data.cases.kind).toBe('handling');
    expect(data.cases.total).toBe(mine.length);
    expect(mine.length).toBeGreaterThan(0);
    const ids = new Set(mine.map((c) => c.id));
    expect(data.cases.list.every((c) => ids.has(c.id))).toBe(true);
    expect(data.cases.list[0].link).toBe(`/case/processing/${data.cases.list[0].id}`);
  });

  it('shows firm members their firm’s lawyers, other people’s phones masked', async () => {
    const me = await server.userId('13800000005');
    const lawyer = await lawyerOf(me);
    const { team } = await overviewOf('lawyer');
    expect(team?.lawFirmId).toBe(lawyer.law_firm_id);
    const firmLawyers = await server.app.db
      .selectFrom('lawyers as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select(['l.id', 'u.phone'])
      .where('l.law_firm_id', '=', lawyer.law_firm_id)
      .execute();
    expect(team?.lawyers.map((l) => l.id).sort()).toEqual(firmLawyers.map((l) => l.id).sort());
    expect(firmLawyers.length).toBeGreaterThan(1);
    for (const shown of team?.lawyers ?? []) {
      const real = firmLawyers.find((l) => l.id === shown.id)?.phone ?? '';
      // The lawyer reads only their own number in full.
      expect(shown.phone).toBe(shown.id === lawyer.id ? real : `${real.slice(0, 3)}****${real.slice(7)}`);
    }

    const contact = await overviewOf('lawfirmContactPerson');
    expect(contact.team?.lawFirmId).toBe(lawyer.law_firm_id);
    expect(contact.team?.lawyers.every((l) => /^\d{3}\*{4}\d{4}$/.test(l.phone))).toBe(true);
  });

  it('shows a firm contact only the firm’s pushed, accepted and worked cases', async () => {
    const data = await overviewOf('lawfirmContactPerson');
    const firm = (await lawyerOf(await server.userId('13800000005'))).law_firm_id;
    expect(data.cases.kind).toBe('firm');
    const rows = await server.app.db
      .selectFrom('cases')
      .select(['law_firm_id', 'status', 'position'])
      .where('id', 'in', [0, ...data.cases.list.map((c) => c.id)])
      .execute();
    expect(rows.length).toBe(data.cases.list.length);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.law_firm_id).toBe(firm);
      expect(
        ['processing', 'suspended'].includes(row.status) ||
          (row.status === 'pending' && ['pushed', 'accepted'].includes(row.position ?? '')),
      ).toBe(true);
    }
  });

  it('shows platform staff the cases they entered or pushed, and no team', async () => {
    const me = await server.userId('13800000002');
    const data = await overviewOf('caseOperation', 'en-US');
    expect(data.team).toBeNull();
    expect(data.cases.kind).toBe('recent');
    expect(data.activity[0]).toMatchObject({ action: 'login', actionLabel: 'Signed in' });
    const pushed = await server.app.db
      .selectFrom('case_pushes')
      .select('case_id')
      .where('operator_id', '=', me)
      .execute();
    const pushedIds = new Set(pushed.map((p) => p.case_id));
    const rows = await server.app.db
      .selectFrom('cases')
      .select(['id', 'created_by'])
      .where('id', 'in', [0, ...data.cases.list.map((c) => c.id)])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.created_by === me || pushedIds.has(r.id))).toBe(true);
    expect(data.cases.list.every((c) => c.link === `/list/case-detail/${c.id}`)).toBe(true);
  });

  it('names the case of each activity by number and title, and links to it while the reader may open it', async () => {
    const { demoFirmId } = await useCaseServer(server);
    const pooled = await freshCase({ status: 'pending', position: 'pool', firm: 'none' });
    const pushed = await transition('caseOperation', pooled.id, {
      event: 'PUSH',
      lawFirmId: demoFirmId,
      version: pooled.version,
    });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);

    const zh = await overviewOf('caseOperation');
    expect(zh.activity[0]).toMatchObject({
      action: 'case.push',
      actionLabel: '推送律所',
      case: {
        id: pooled.id,
        caseNo: pooled.case_no,
        title: pooled.title,
        link: `/list/case-detail/${pooled.id}`,
      },
    });
    // A sign-in is on no case.
    expect(zh.activity.find((a) => a.action === 'login')?.case).toBeNull();

    // The firm's contact declines: the case leaves the firm, so the contact's own activity
    // still names its number but no longer its title or a link.
    const declined = await transition('lawfirmContactPerson', pooled.id, {
      event: 'DECLINE',
      reason: '利益冲突',
      version: (await stored(pooled.id)).version,
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    const contact = await overviewOf('lawfirmContactPerson', 'en-US');
    expect(contact.activity[0].case).toEqual({
      id: pooled.id,
      caseNo: pooled.case_no,
      title: null,
      link: null,
    });
  });

  it('refuses a caller without a session', async () => {
    const res = await server.call('GET', '/api/user/overview');
    expect(res.status).toBe(401);
  });
});
