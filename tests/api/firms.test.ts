import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../contract/dates';
import type { LawFirmRow } from '../../contract/firm-api';
import { MESSAGES } from '../../contract/messages';
import type { Paged } from '../../contract/paging';
import { auditRows } from './fixtures';
import { startServer, type TestServer } from './harness';

let server: TestServer;
let demoFirmId: number;
beforeAll(async () => {
  server = await startServer();
  const contact = await server.app.db
    .selectFrom('users')
    .select('law_firm_id')
    .where('phone', '=', '13800000004')
    .executeTakeFirstOrThrow();
  demoFirmId = contact.law_firm_id as number;
});
afterAll(() => server.close());

type Role = Parameters<TestServer['tokenFor']>[0];

const list = async (query: string, role: Role = 'bussinessOperation') =>
  server.call<Paged<LawFirmRow>>('GET', `/api/lawfirms${query}`, { token: await server.tokenFor(role) });
const errorPaths = (res: { body: { errors?: Array<{ path: string }> } }) =>
  (res.body.errors ?? []).map((e) => e.path);
const storedFirm = (id: number) =>
  server.app.db.selectFrom('law_firms').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('GET /api/lawfirms', () => {
  it('pages every firm for business operations, newest registration first', async () => {
    const res = await list('?pageSize=5');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(await server.count('law_firms'));
    expect(res.body.data.list).toHaveLength(5);
    const created = res.body.data.list.map((f) => f.createdAt);
    expect(created).toEqual([...created].sort().reverse());

    const second = await list('?pageSize=5&page=2');
    const ids = new Set(res.body.data.list.map((f) => f.id));
    expect(second.body.data.list.some((f) => ids.has(f.id))).toBe(false);
  });

  it('caps the page size at 100, naming the field', async () => {
    const res = await list('?pageSize=101');
    expect(res.status).toBe(400);
    expect(errorPaths(res)).toEqual(['pageSize']);
  });

  it('filters by review status, one or several', async () => {
    const auditing = await list('?reviewStatus=auditing');
    expect(auditing.body.data.total).toBe(1);
    expect(auditing.body.data.list[0].reviewStatus).toBe('auditing');
    const both = await list('?reviewStatus=auditing&reviewStatus=rejected');
    expect(both.body.data.total).toBe(2);
    expect(new Set(both.body.data.list.map((f) => f.reviewStatus))).toEqual(
      new Set(['auditing', 'rejected']),
    );
    const wrong = await list('?reviewStatus=sleeping');
    expect(wrong.status).toBe(400);
    expect(errorPaths(wrong)[0]).toMatch(/^reviewStatus/);
  });

  it('finds a firm by a piece of its name and by region (a province holds its cities)', async () => {
    const byName = await list(`?keyword=${encodeURIComponent('恒信')}`);
    expect(byName.body.data.list.map((f) => f.id)).toContain(demoFirmId);
    expect(byName.body.data.list.every((f) => f.name.includes('恒信'))).toBe(true);
    const guangdong = await list('?region=440000&pageSize=100');
    expect(guangdong.body.data.list.map((f) => f.id)).toContain(demoFirmId);
    expect(guangdong.body.data.list.every((f) => f.regionCode.startsWith('44'))).toBe(true);
    const literal = await list(`?keyword=${encodeURIComponent('%')}`);
    expect(literal.body.data.total).toBe(0);
  });

  it('filters by registration day and sorts by review time with unreviewed firms last', async () => {
    const all = await list('?pageSize=100&sortField=reviewedAt&sortOrder=ascend');
    const reviewed = all.body.data.list.map((f) => f.reviewedAt);
    expect(reviewed.at(-1)).toBeNull();
    const dated = reviewed.filter((r): r is string => r !== null);
    expect(dated).toEqual([...dated].sort());

    // The day the filter speaks of is the business day (China time), not the UTC date: from
    // 16:00 UTC on, a firm registered today is on tomorrow's business day.
    const day = formatDate(all.body.data.list[0].createdAt);
    const future = await list('?createdFrom=2099-01-01');
    expect(future.body.data.total).toBe(0);
    const upTo = await list(`?createdTo=${day}&pageSize=100`);
    expect(upTo.body.data.total).toBeGreaterThan(0);
    const bad = await list('?createdFrom=yesterday');
    expect(bad.status).toBe(400);
    expect(new Set(errorPaths(bad))).toEqual(new Set(['createdFrom']));
  });

  it("counts each firm's lawyers and cases in SQL", async () => {
    const res = await list(`?keyword=${encodeURIComponent('深圳恒信')}`);
    const firm = res.body.data.list.find((f) => f.id === demoFirmId);
    const count = async (table: 'lawyers' | 'cases', status?: string) => {
      let q = server.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('law_firm_id', '=', demoFirmId);
      if (status) q = q.where('review_status' as never, '=', status as never);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    expect(firm).toMatchObject({
      lawyerCount: await count('lawyers'),
      auditingLawyerCount: await count('lawyers', 'auditing'),
      caseCount: await count('cases'),
    });
    expect(firm?.lawyerCount).toBeGreaterThan(0);
  });

  it.each(['lawfirmContactPerson', 'caseOperation', 'lawyer', 'admin'] as const)(
    'refuses %s',
    async (role) => {
      const res = await list('', role);
      expect(res.status).toBe(403);
    },
  );

  it('is open to superAdmin', async () => {
    expect((await list('', 'superAdmin')).status).toBe(200);
  });
});

describe('PUT /api/lawfirms/:id/review (the review accounts and orders pages)', () => {
  async function firmWaiting() {
    const now = new Date().toISOString();
    const row = await server.app.db
      .insertInto('law_firms')
      .values({
        name: `待审律所${Math.random().toString(36).slice(2, 8)}`,
        region_code: '110100',
        credit_code: `TEST${Date.now()}${Math.random().toString(36).slice(2, 8)}`,
        contact_name: '王五',
        contact_phone: '13912345678',
        address: null,
        review_status: 'auditing',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  // Each decision names the version it was taken on (the one the list showed).
  const review = async (id: number, body: Record<string, unknown>, role: Role = 'bussinessOperation') =>
    server.call<{ reviewStatus: string }>('PUT', `/api/lawfirms/${id}/review`, {
      token: await server.tokenFor(role),
      body: { version: (await storedFirm(id)).version, ...body },
    });

  it('passes a firm: the list shows the decision, who made it and one more decision counted', async () => {
    const id = await firmWaiting();
    const res = await review(id, { status: 'passed' });
    expect(res.status).toBe(200);
    const row = (await list('?reviewStatus=passed&pageSize=100&sortField=reviewedAt')).body.data.list.find(
      (f) => f.id === id,
    );
    expect(row).toMatchObject({ reviewStatus: 'passed', reviewerName: expect.any(String), decisionCount: 1 });
    expect(await auditRows(server, 'lawfirm.review.passed', id)).toHaveLength(1);
  });

  it('refuses a rejection without a reason, naming the field, and changes nothing', async () => {
    const id = await firmWaiting();
    const res = await review(id, { status: 'rejected', reason: ' ' });
    expect(res.status).toBe(400);
    expect(errorPaths(res)).toEqual(['reason']);
    expect((await storedFirm(id)).review_status).toBe('auditing');
    expect(await auditRows(server, 'lawfirm.review.rejected', id)).toHaveLength(0);
  });

  it('refuses a contact person', async () => {
    const id = await firmWaiting();
    expect((await review(id, { status: 'passed' }, 'lawfirmContactPerson')).status).toBe(403);
    expect((await storedFirm(id)).review_status).toBe('auditing');
  });
});

describe('GET /api/lawfirms/mine', () => {
  it('answers a contact person with their own firm and its figures', async () => {
    const res = await server.call<LawFirmRow>('GET', '/api/lawfirms/mine', {
      token: await server.tokenFor('lawfirmContactPerson'),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: demoFirmId,
      name: '深圳恒信律师事务所',
      reviewStatus: 'passed',
    });
    expect(res.body.data.lawyerCount).toBeGreaterThan(0);
  });

  it('answers 404 for a superAdmin, who has no firm of their own', async () => {
    const res = await server.call('GET', '/api/lawfirms/mine', {
      token: await server.tokenFor('superAdmin'),
    });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe(MESSAGES['zh-CN']['lawfirm.noOwnFirm']);
  });

  it.each(['bussinessOperation', 'lawyer'] as const)('refuses %s', async (role) => {
    const res = await server.call('GET', '/api/lawfirms/mine', { token: await server.tokenFor(role) });
    expect(res.status).toBe(403);
  });
});

describe('PUT /api/lawfirms/mine', () => {
  const put = async (body: unknown, role: Role = 'lawfirmContactPerson') =>
    server.call<LawFirmRow>('PUT', '/api/lawfirms/mine', { token: await server.tokenFor(role), body });
  const valid = {
    regionCode: '440304',
    contactName: '林晓',
    contactPhone: '13912340000',
    address: '福田区深南大道 6008 号',
  };

  it('saves the contact details, keeps the reviewed name and credit code, and records who did it', async () => {
    const before = await storedFirm(demoFirmId);
    const audits = (await auditRows(server, 'lawfirm.edit', demoFirmId)).length;
    const res = await put({ ...valid, name: '改名律所', creditCode: 'X' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ...valid, name: before.name, creditCode: before.credit_code });
    const after = await storedFirm(demoFirmId);
    expect(after).toMatchObject({
      region_code: '440304',
      contact_name: '林晓',
      contact_phone: '13912340000',
      name: before.name,
      credit_code: before.credit_code,
    });
    expect(after.updated_at > before.updated_at).toBe(true);
    const audit = await auditRows(server, 'lawfirm.edit', demoFirmId);
    expect(audit).toHaveLength(audits + 1);
    expect(audit.at(-1)).toMatchObject({ entity: 'law_firm', actor_role: 'lawfirmContactPerson' });
  });

  it('clears the address when it is sent empty, and keeps it when it is left out', async () => {
    await put(valid);
    const kept = await put({ ...valid, address: undefined });
    expect(kept.body.data.address).toBe(valid.address);
    const cleared = await put({ ...valid, address: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.address).toBeNull();
    expect((await storedFirm(demoFirmId)).address).toBeNull();
  });

  it.each([
    ['a wrong phone', { contactPhone: '12345' }, 'contactPhone'],
    ['a one-letter contact name', { contactName: '林' }, 'contactName'],
    ['a region that is not a code', { regionCode: '深圳' }, 'regionCode'],
    ['an address over 200 characters', { address: '路'.repeat(201) }, 'address'],
  ])('refuses %s, naming the field, and writes nothing', async (_what, spoil, path) => {
    const before = await storedFirm(demoFirmId);
    const audits = (await auditRows(server, 'lawfirm.edit', demoFirmId)).length;
    const res = await put({ ...valid, ...spoil });
    expect(res.status).toBe(400);
    expect(errorPaths(res)).toEqual([path]);
    expect(await storedFirm(demoFirmId)).toEqual(before);
    expect(await auditRows(server, 'lawfirm.edit', demoFirmId)).toHaveLength(audits);
  });

  it('refuses a body without the required fields, naming each', async () => {
    const res = await put({});
    expect(res.status).toBe(400);
    expect(errorPaths(res).sort()).toEqual(['contactName', 'contactPhone', 'regionCode']);
  });

  it('answers 404 for a superAdmin and 403 for operations', async () => {
    expect((await put(valid, 'superAdmin')).status).toBe(404);
    expect((await put(valid, 'bussinessOperation')).status).toBe(403);
  });
});
