import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCasesOf } from '../../server/routing/store';
import { startServers, type TestServer } from './harness';

// Two app instances on ONE database: routing at once, they never pass a capacity.
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  [a, b] = (await startServers([{}, {}])) as [TestServer, TestServer];
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const db = () => a.app.db;
type Routed = {
  list: Array<{ caseId: number; ok: boolean; lawFirmId: number | null; code?: string }>;
  succeeded: number;
  refused: number;
};

async function passedFirms(n: number) {
  const contact = await db()
    .selectFrom('users')
    .select('law_firm_id')
    .where('phone', '=', '13800000004')
    .executeTakeFirstOrThrow();
  const others = await db()
    .selectFrom('law_firms')
    .select('id')
    .where('review_status', '=', 'passed')
    .where('suspended_at', 'is', null)
    .where('id', '!=', contact.law_firm_id as number)
    .orderBy('id')
    .limit(n - 1)
    .execute();
  return [contact.law_firm_id as number, ...others.map((f) => f.id)];
}
const pooledIds = async (limit: number, offset = 0) =>
  (
    await db()
      .selectFrom('cases')
      .select('id')
      .where('position', '=', 'pool')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute()
  ).map((c) => c.id);

describe('routing rules', () => {
  it('are kept by case operations, refusing a firm that did not pass review at its field', async () => {
    const ops = await a.sessionFor('caseOperation');
    const lawyer = await a.sessionFor('lawyer');
    expect((await a.call('GET', '/api/routing-rules', { token: lawyer })).status).toBe(403);
    const unreviewed = await db()
      .selectFrom('law_firms')
      .select('id')
      .where('review_status', '!=', 'passed')
      .executeTakeFirstOrThrow();
    const [firm] = await passedFirms(1);
    const bad = await a.call('PUT', '/api/routing-rules', {
      token: ops,
      body: {
        rules: [
          {
            name: '深圳',
            firms: [
              { lawFirmId: firm, weight: 1, capacity: 5 },
              { lawFirmId: unreviewed.id, weight: 1, capacity: 5 },
            ],
          },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.path).toBe('rules.0.firms.1.lawFirmId');
    const range = await a.call('PUT', '/api/routing-rules', {
      token: ops,
      body: {
        rules: [
          {
            name: 'x',
            minAmountFen: 10,
            maxAmountFen: 5,
            firms: [{ lawFirmId: firm, weight: 1, capacity: 5 }],
          },
        ],
      },
    });
    expect(range.status).toBe(400);
    expect(range.body.errors?.[0]?.path).toBe('rules.0.minAmountFen');
    const ok = await a.call<{ rules: Array<{ id: number; firms: Array<{ lawFirmId: number }> }> }>(
      'PUT',
      '/api/routing-rules',
      {
        token: ops,
        body: {
          rules: [
            { name: '广东', regionPrefixes: ['44'], firms: [{ lawFirmId: firm, weight: 2, capacity: 5 }] },
          ],
        },
      },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.rules[0]?.firms[0]?.lawFirmId).toBe(firm);
    expect((await a.call('GET', '/api/routing-rules', { token: ops })).body.data).toEqual(ok.body.data);
  });

  it('push pooled cases by weight, one message per firm for the run, refusing cases not in the pool', async () => {
    const ops = await a.sessionFor('caseOperation');
    const [f1, f2] = await passedFirms(2);
    await a.call('PUT', '/api/routing-rules', {
      token: ops,
      body: {
        rules: [
          {
            name: '全部',
            firms: [
              { lawFirmId: f1, weight: 3, capacity: 100000 },
              { lawFirmId: f2, weight: 1, capacity: 100000 },
            ],
          },
        ],
      },
    });
    const ids = await pooledIds(8);
    const processing = await db()
      .selectFrom('cases')
      .select('id')
      .where('status', '=', 'processing')
      .executeTakeFirstOrThrow();
    const contactId = await a.userId('13800000004');
    const before = await db()
      .selectFrom('messages')
      .select('id')
      .where('user_id', '=', contactId)
      .where('kind', '=', 'routing.pushed')
      .execute();
    const res = await a.call<Routed>('POST', '/api/cases/route', {
      token: ops,
      body: { caseIds: [...ids, processing.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.succeeded).toBe(ids.length);
    expect(res.body.data.refused).toBe(1);
    expect(res.body.data.list.at(-1)).toMatchObject({
      caseId: processing.id,
      ok: false,
      code: 'routing.notInPool',
      lawFirmId: null,
    });
    const shares = res.body.data.list.filter((r) => r.ok).map((r) => r.lawFirmId);
    expect(shares.filter((f) => f === f1)).toHaveLength(6);
    expect(shares.filter((f) => f === f2)).toHaveLength(2);
    const after = await db()
      .selectFrom('messages')
      .select('id')
      .where('user_id', '=', contactId)
      .where('kind', '=', 'routing.pushed')
      .execute();
    expect(after.length - before.length).toBe(1);
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'case.push')
      .where('entity_id', 'in', ids.map(String))
      .execute();
    expect(audit).toHaveLength(ids.length);
  });

  it('never pass a capacity when two processes route at once', async () => {
    const ops = await a.sessionFor('caseOperation');
    const opsB = await b.sessionFor('caseOperation');
    const [, , f3] = await passedFirms(3);
    const open = (await openCasesOf(db(), [f3 as number])).get(f3 as number) ?? 0;
    await a.call('PUT', '/api/routing-rules', {
      token: ops,
      body: { rules: [{ name: '限额', firms: [{ lawFirmId: f3, weight: 1, capacity: open + 5 }] }] },
    });
    const first = await pooledIds(10);
    const second = await pooledIds(10, 10);
    const [x, y] = await Promise.all([
      a.call<Routed>('POST', '/api/cases/route', { token: ops, body: { caseIds: first } }),
      b.call<Routed>('POST', '/api/cases/route', { token: opsB, body: { caseIds: second } }),
    ]);
    expect(x.body.data.succeeded + y.body.data.succeeded).toBe(5);
    expect((await openCasesOf(db(), [f3 as number])).get(f3 as number)).toBe(open + 5);
    expect(
      [...x.body.data.list, ...y.body.data.list]
        .filter((r) => !r.ok)
        .every((r) => r.code === 'routing.noFirm'),
    ).toBe(true);
  });

  it('route a case the moment review approves it, when its rule says so', async () => {
    const ops = await a.sessionFor('caseOperation');
    const [f1] = await passedFirms(1);
    await a.call('PUT', '/api/routing-rules', {
      token: ops,
      body: {
        rules: [
          { name: '审核即分', routeOnApprove: true, firms: [{ lawFirmId: f1, weight: 1, capacity: 100000 }] },
        ],
      },
    });
    const waiting = await db()
      .selectFrom('cases')
      .select(['id', 'version'])
      .where('position', '=', 'awaitingReview')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await a.call<{ position: string; lawFirmId: number }>(
      'POST',
      `/api/cases/${waiting.id}/transitions`,
      {
        token: ops,
        body: { event: 'APPROVE', version: waiting.version },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ position: 'pushed', lawFirmId: f1 });
    const push = await db()
      .selectFrom('audit_log')
      .select('actor_role')
      .where('action', '=', 'case.push')
      .where('entity_id', '=', String(waiting.id))
      .execute();
    expect(push).toEqual([{ actor_role: 'system' }]);
  });
});
