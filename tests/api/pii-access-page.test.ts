import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '../../contract/menu';
import type { PiiAccessRow } from '../../contract/parties';
import { routesBreadthFirst } from '../../contract/routes';
import { businessToday, demoLawyersProcessingCase } from './fixtures';
import { startServer, type TestServer } from './harness';

// 个人信息访问记录: the reveals as those who watch compliance see them, filtered, paged, exported.
let server: TestServer;
let caseId: number;
let caseNo: string;
let party: { id: number; phoneId: number; number: string };
beforeAll(async () => {
  server = await startServer();
  const c = await demoLawyersProcessingCase(server);
  caseId = c.id;
  caseNo = (
    await server.app.db
      .selectFrom('cases')
      .select('case_no')
      .where('id', '=', caseId)
      .executeTakeFirstOrThrow()
  ).case_no;
  party = await server.app.db
    .selectFrom('case_parties as p')
    .innerJoin('party_phones as ph', 'ph.party_id', 'p.id')
    .select(['p.id', 'ph.id as phoneId', 'ph.number'])
    .where('p.case_id', '=', caseId)
    .executeTakeFirstOrThrow();
  const token = await server.tokenFor('lawyer');
  for (const reason of ['contact', 'verifyIdentity', 'litigation']) {
    const res = await server.call('POST', `/api/cases/${caseId}/parties/${party.id}/reveal`, {
      token,
      body: { field: 'phone', phoneId: party.phoneId, reason },
    });
    expect(res.status).toBe(200);
  }
});
afterAll(() => server.close());

type Role = Parameters<TestServer['tokenFor']>[0];
const get = async <T>(role: Role, path: string) =>
  server.call<T>('GET', path, { token: await server.tokenFor(role) });

describe('个人信息访问记录', () => {
  it('is in the menu of superAdmin, admin and business operations only', async () => {
    for (const role of ['superAdmin', 'admin', 'bussinessOperation', 'lawyer', 'caseOperation'] as const) {
      const menu = await get<MenuNode[]>(role, '/api/user/menu');
      const route = routesBreadthFirst(menu.body.data).find((r) => r.page === 'pii-access');
      const watches = role === 'superAdmin' || role === 'admin' || role === 'bussinessOperation';
      expect(Boolean(route), role).toBe(watches);
    }
    expect((await get('admin', '/api/pages/pii-access')).status).toBe(200);
    expect((await get('lawyer', '/api/pii-access')).status).toBe(403);
  });

  it('filters by who looked, the case number and a range of days, paged', async () => {
    const today = businessToday(server);
    const lawyerName = (
      await server.app.db
        .selectFrom('users')
        .select('name')
        .where('phone', '=', '13800000005')
        .executeTakeFirstOrThrow()
    ).name;
    const q = `userName=${encodeURIComponent(lawyerName)}&caseNo=${caseNo}&dayFrom=${today}&dayTo=${today}`;
    const page1 = await get<{ list: PiiAccessRow[]; total: number }>(
      'bussinessOperation',
      `/api/pii-access?${q}&page=1&pageSize=2`,
    );
    expect(page1.status).toBe(200);
    expect(page1.body.data.total).toBe(3);
    expect(page1.body.data.list).toHaveLength(2);
    expect(page1.body.data.list[0]).toMatchObject({
      caseNo,
      partyId: party.id,
      field: 'phone',
      role: 'lawyer',
    });
    const page2 = await get<{ list: PiiAccessRow[] }>(
      'bussinessOperation',
      `/api/pii-access?${q}&page=2&pageSize=2`,
    );
    expect(page2.body.data.list).toHaveLength(1);
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const none = await get<{ total: number }>('admin', `/api/pii-access?caseNo=${caseNo}&dayTo=${yesterday}`);
    expect(none.body.data.total).toBe(0);
    const bad = await get('admin', '/api/pii-access?dayFrom=2026-13-01');
    expect(bad.status).toBe(400);
  });

  it('exports the filtered records as CSV, in the reader’s language, never a value, audited', async () => {
    const res = await fetch(`${server.url}/api/pii-access/export?caseNo=${caseNo}`, {
      headers: { authorization: `Bearer ${await server.tokenFor('superAdmin')}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = await res.text();
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toContain('查看原因');
    expect(lines).toHaveLength(4);
    expect(text).toContain('联系当事人');
    expect(text).not.toContain(party.number);
    const audit = await server.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'piiAccess.export')
      .executeTakeFirst();
    expect(audit).toBeDefined();
    const refused = await fetch(`${server.url}/api/pii-access/export`, {
      headers: { authorization: `Bearer ${await server.tokenFor('caseOperation')}` },
    });
    expect(refused.status).toBe(403);
  });
});
