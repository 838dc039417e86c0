import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../contract/notifications';
import { lawFirmApplication } from './fixtures';
import { startServer, type TestServer } from './harness';

/**
 * Suspending or lifting the suspension of a firm or a lawyer tells the people concerned
 * (server/reviews/suspension-notices.ts): stored as kinds and parameters, read in each reader's
 * language.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const ops = () => server.tokenFor('bussinessOperation');

/** The notices of one kind stored for a user, with their parameters. */
async function noticesOf(userId: number, kind: string) {
  const rows = await server.app.db
    .selectFrom('messages')
    .select(['params', 'link', 'type'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .execute();
  return rows.map((r) => ({ ...r, params: JSON.parse(r.params ?? '{}') as Record<string, unknown> }));
}

async function demoFirm() {
  const contact = await server.userId('13800000004');
  const firmId = (
    await server.app.db
      .selectFrom('users')
      .select('law_firm_id')
      .where('id', '=', contact)
      .executeTakeFirstOrThrow()
  ).law_firm_id as number;
  const lawyers = await server.app.db
    .selectFrom('lawyers as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .where('l.law_firm_id', '=', firmId)
    .where('u.enabled', '=', 1)
    .select(['l.id', 'l.user_id', 'l.version', 'u.name'])
    .execute();
  const firm = await server.app.db
    .selectFrom('law_firms')
    .select(['name', 'version'])
    .where('id', '=', firmId)
    .executeTakeFirstOrThrow();
  return { contact, firmId, lawyers, ...firm };
}

const suspend = async (path: string, body: unknown) => server.call('PUT', path, { token: await ops(), body });

describe('a firm suspended and resumed', () => {
  it('tells its contacts, its lawyers (who keep their cases) and case operations how many cases went back to the pool', async () => {
    const { contact, firmId, lawyers, name, version } = await demoFirm();
    expect(lawyers.length).toBeGreaterThan(0);
    const held = await server.app.db
      .selectFrom('cases')
      .select('id')
      .where('law_firm_id', '=', firmId)
      .where('lawyer_id', 'is', null)
      .where('position', 'in', ['pushed', 'accepted'])
      .execute();
    expect(held.length).toBeGreaterThan(0);
    const caseOps = await server.userId('13800000002');

    const res = await suspend(`/api/lawfirms/${firmId}/suspension`, {
      suspended: true,
      reason: '合作暂停',
      version,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    expect(await noticesOf(contact, 'law_firm.suspended')).toEqual([
      {
        params: expect.objectContaining({ name, reason: '合作暂停' }),
        link: '/form/accountfirm',
        type: 'notice',
      },
    ]);
    for (const lawyer of lawyers)
      expect(await noticesOf(lawyer.user_id, 'law_firm.suspendedLawyer')).toHaveLength(1);
    // Lawyers are not told as contacts, nor contacts as lawyers.
    expect(await noticesOf(contact, 'law_firm.suspendedLawyer')).toHaveLength(0);
    const released = await noticesOf(caseOps, 'law_firm.casesReleased');
    expect(released).toHaveLength(1);
    expect(released[0].params).toMatchObject({ name, count: held.length });

    // Case operations read it in their language.
    const token = await server.tokenFor('caseOperation');
    const read = async (lang: string) =>
      (
        await server.call<{ list: Message[] }>('GET', '/api/message/list?type=notice&limit=100', {
          token,
          headers: { 'accept-language': lang },
        })
      ).body.data.list;
    const zh = (await read('zh-CN')).find((m) => m.content.includes(name) && m.content.includes('案件池'));
    expect(zh?.title).toBe('暂停律所的案件已退回案件池');
    expect(zh?.content).toContain(`其 ${held.length} 件尚未分配律师的案件`);
    const en = (await read('en-US')).find((m) => m.content.includes(name) && m.content.includes('pool'));
    expect(en?.title).toBe("A suspended firm's cases are back in the pool");
    expect(en?.content).toContain(`Its ${held.length} case(s) without a lawyer`);
    expect(en?.content).not.toMatch(/[。：，]/);
    // The lawyer's notice says they keep their cases.
    const lawyerToken = await server.sessionFor('lawyer');
    const lawyerList = (
      await server.call<{ list: Message[] }>('GET', '/api/message/list?type=notice&limit=100', {
        token: lawyerToken,
      })
    ).body.data.list;
    expect(lawyerList.find((m) => m.title === '所在律所已被暂停合作')?.content).toContain(
      '您手中的案件保持不变',
    );

    const lift = await suspend(`/api/lawfirms/${firmId}/suspension`, {
      suspended: false,
      version: version + 1,
    });
    expect(lift.status).toBe(200);
    expect(await noticesOf(contact, 'law_firm.resumed')).toHaveLength(1);
    for (const lawyer of lawyers)
      expect(await noticesOf(lawyer.user_id, 'law_firm.resumedLawyer')).toHaveLength(1);
    expect(await noticesOf(caseOps, 'law_firm.resumedOperations')).toHaveLength(1);
  });

  it('does not tell case operations of cases back in the pool when none went back', async () => {
    const { firmId, version } = await demoFirm();
    const caseOps = await server.userId('13800000002');
    const before = (await noticesOf(caseOps, 'law_firm.casesReleased')).length;
    // The first test sent this firm's unassigned cases back to the pool: none are left.
    const res = await suspend(`/api/lawfirms/${firmId}/suspension`, {
      suspended: true,
      reason: '复查',
      version,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await noticesOf(caseOps, 'law_firm.casesReleased')).toHaveLength(before);
    await suspend(`/api/lawfirms/${firmId}/suspension`, { suspended: false, version: version + 1 });
  });

  it('a refused suspension tells nobody', async () => {
    const { contact, firmId, version } = await demoFirm();
    const before = (await noticesOf(contact, 'law_firm.suspended')).length;
    const stale = await suspend(`/api/lawfirms/${firmId}/suspension`, {
      suspended: true,
      reason: '违规',
      version: version + 5,
    });
    expect(stale.status).toBe(409);
    expect(await noticesOf(contact, 'law_firm.suspended')).toHaveLength(before);
  });
});

describe('a lawyer suspended and resumed', () => {
  it("tells the lawyer and the firm's contact persons, in each reader's language", async () => {
    const { contact, lawyers } = await demoFirm();
    const me = await server.userId('13800000005');
    const lawyer = lawyers.find((l) => l.user_id === me);
    if (!lawyer) throw new Error('the demo lawyer is not with the demo firm');
    const res = await suspend(`/api/lawyers/${lawyer.id}/suspension`, {
      suspended: true,
      reason: 'Complaint under review.',
      version: lawyer.version,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const userId of [me, contact])
      expect(await noticesOf(userId, 'lawyer.suspended')).toEqual([
        expect.objectContaining({ params: expect.objectContaining({ name: lawyer.name }) }),
      ]);
    // Other lawyers of the firm are not told.
    const other = lawyers.find((l) => l.user_id !== me);
    if (other) expect(await noticesOf(other.user_id, 'lawyer.suspended')).toHaveLength(0);

    const contactToken = await server.sessionFor('lawfirmContactPerson');
    const en = (
      await server.call<{ list: Message[] }>('GET', '/api/message/list?type=notice&limit=100', {
        token: contactToken,
        headers: { 'accept-language': 'en-US' },
      })
    ).body.data.list.find((m) => m.title === 'Lawyer suspended');
    expect(en?.content).toBe(
      `Lawyer ${lawyer.name}'s account is suspended: Complaint under review. While suspended the lawyer cannot sign in; the cases in the lawyer's hands stay until operations reassign them.`,
    );

    const lift = await suspend(`/api/lawyers/${lawyer.id}/suspension`, {
      suspended: false,
      version: lawyer.version + 1,
    });
    expect(lift.status).toBe(200);
    for (const userId of [me, contact]) expect(await noticesOf(userId, 'lawyer.resumed')).toHaveLength(1);
  });
});

describe('a firm that registered itself', () => {
  it('has its contact person found by role: told of the pass, signed out and told of a suspension', async () => {
    const application = await lawFirmApplication(server, 9301);
    const res = await server.call<{ userId: number }>('POST', '/api/register/lawfirm', { body: application });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const contact = res.body.data.userId;
    const roles = await server.app.db
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', contact)
      .execute();
    expect(roles.map((r) => r.role)).toEqual(['lawfirmContactPerson']);
    const firmId = (
      await server.app.db
        .selectFrom('users')
        .select('law_firm_id')
        .where('id', '=', contact)
        .executeTakeFirstOrThrow()
    ).law_firm_id as number;

    const pass = await server.call('PUT', `/api/lawfirms/${firmId}/review`, {
      token: await ops(),
      body: { status: 'passed', version: 1 },
    });
    expect(pass.status).toBe(200);
    expect(await noticesOf(contact, 'law_firm.passed')).toHaveLength(1);
    const login = await server.call<{ token: string }>('POST', '/api/login', {
      body: { phone: application.phone, password: application.password },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);

    const suspended = await suspend(`/api/lawfirms/${firmId}/suspension`, {
      suspended: true,
      reason: '资质复查',
      version: 2,
    });
    expect(suspended.status).toBe(200);
    expect(await noticesOf(contact, 'law_firm.suspended')).toHaveLength(1);
    expect(
      (await server.call('GET', '/api/user/certification', { token: login.body.data.token })).status,
    ).toBe(401);
  });
});
