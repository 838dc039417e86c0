import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseRow } from '../../contract/case-api';
import { MESSAGES } from '../../contract/messages';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

type Role = Parameters<TestServer['tokenFor']>[0];

/** Case numbers the seed never uses (its prefixes are the case types'). */
let next = 0;
const freshCaseNo = () => `QA${String(++next).padStart(8, '0')}`;

const validCase = (over: Record<string, unknown> = {}) => ({
  caseNo: freshCaseNo(),
  title: '李四借款合同纠纷',
  type: 'civil',
  debtorName: '李四',
  clientName: '深圳市某小额贷款有限公司',
  regionCode: '440305',
  amountFen: 1_234_567,
  entrustExpiresOn: '2027-06-30',
  court: '深圳市南山区人民法院',
  description: null,
  ...over,
});

async function create(body: unknown, role: Role = 'caseOperation') {
  return server.call<CaseRow>('POST', '/api/cases', { token: await server.tokenFor(role), body });
}

describe('creating a case through the intake form', () => {
  it('stores a new case awaiting review, entered by the caller, with an audit entry', async () => {
    const body = validCase();
    const res = await create(body);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      caseNo: body.caseNo,
      status: 'pending',
      position: 'awaitingReview',
      stage: 'intake',
      amountFen: 1_234_567,
      lawyerId: null,
      lawFirmId: null,
    });
    const stored = await server.app.db
      .selectFrom('cases')
      .selectAll()
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.created_by).toBe(await server.userId('13800000002'));
    const audit = await server.app.db
      .selectFrom('audit_log')
      .select(['action', 'params', 'actor_id'])
      .where('entity', '=', 'case')
      .where('entity_id', '=', String(res.body.data.id))
      .execute();
    expect(audit).toEqual([
      {
        action: 'case.create',
        params: JSON.stringify({ caseNo: body.caseNo, title: body.title }),
        actor_id: stored.created_by,
      },
    ]);
  });

  it('lets review approve the new case into the pool', async () => {
    const created = (await create(validCase())).body.data;
    expect(created.allowedEvents).toContain('APPROVE');
    const res = await server.call<CaseRow>('POST', `/api/cases/${created.id}/transitions`, {
      token: await server.tokenFor('caseOperation'),
      body: { event: 'APPROVE', version: created.version },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.position).toBe('pool');
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['a case number in lower case', { caseNo: 'ms12345678' }, 'caseNo'],
    ['a case number with seven digits', { caseNo: 'MS1234567' }, 'caseNo'],
    ['no title', { title: '' }, 'title'],
    ['an unknown type', { type: 'family' }, 'type'],
    ['no debtor', { debtorName: '  ' }, 'debtorName'],
    ['no client', { clientName: undefined }, 'clientName'],
    ['a region that does not exist', { regionCode: '999999' }, 'regionCode'],
    ['a region that is not six digits', { regionCode: '4403' }, 'regionCode'],
    ['an amount of 0', { amountFen: 0 }, 'amountFen'],
    ['a fraction of a fen', { amountFen: 12.5 }, 'amountFen'],
    ['a negative amount', { amountFen: -100 }, 'amountFen'],
    ['an expiry that is not a date', { entrustExpiresOn: '2027-02-31x' }, 'entrustExpiresOn'],
    ['no expiry', { entrustExpiresOn: undefined }, 'entrustExpiresOn'],
  ];
  it.each(refusals)('refuses %s with 400 naming the field, and stores nothing', async (_, over, field) => {
    const before = await server.count('cases');
    const res = await create(validCase(over));
    expect(res.status).toBe(400);
    expect([...new Set(res.body.errors?.map((e) => e.path))]).toEqual([field]);
    expect(await server.count('cases')).toBe(before);
  });

  it('says why a case number is wrong in the caller language', async () => {
    const res = await create(validCase({ caseNo: 'X1' }));
    expect(res.body.errors?.[0].message).toBe(MESSAGES['zh-CN']['rule.caseNo']);
  });

  it('refuses a case number already stored with 409 naming the field', async () => {
    const body = validCase();
    expect((await create(body)).status).toBe(200);
    const before = await server.count('cases');
    const again = await create({ ...body, title: '另一个案件' });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([{ path: 'caseNo', message: MESSAGES['zh-CN']['intake.caseNoTaken'] }]);
    expect(await server.count('cases')).toBe(before);
  });

  it('refuses a seeded case number too', async () => {
    const seeded = await server.app.db
      .selectFrom('cases')
      .select('case_no')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await create(validCase({ caseNo: seeded.case_no }))).status).toBe(409);
  });

  it.each(['bussinessOperation', 'lawfirmContactPerson', 'lawyer', 'admin'] as const)(
    'refuses %s with 403 and stores nothing',
    async (role) => {
      const before = await server.count('cases');
      expect((await create(validCase(), role)).status).toBe(403);
      expect(await server.count('cases')).toBe(before);
    },
  );

  it('lets superAdmin create a case', async () => {
    expect((await create(validCase(), 'superAdmin')).status).toBe(200);
  });

  it('refuses a caller without a session with 401', async () => {
    const res = await server.call('POST', '/api/cases', { body: validCase() });
    expect(res.status).toBe(401);
  });
});
