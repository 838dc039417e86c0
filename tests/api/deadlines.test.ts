import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../contract/dates';
import { dialectOf } from '../../server/db/dialect-of';
import { runDeadlineSweep } from '../../server/deadlines/sweep';
import { startServers, type TestServer } from './harness';

// Two app instances on ONE database, as two hosts: each deadline acts once between them.
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  [a, b] = (await startServers([{}, {}])) as [TestServer, TestServer];
  a.clock.stop();
  b.clock.stop();
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const moveBoth = (ms: number) => {
  a.clock.advance(ms);
  b.clock.advance(ms);
};
/**
 * Both instances sweep at once; then one more sweep takes up what a busy database (SQLite's write
 * lock, held by the other) left for the next round. Answers the three outcomes.
 */
const sweepBoth = async () => {
  // On PostgreSQL at once. On SQLite one after the other: two instances in ONE process would
  // wait for each other's write lock inside SQLite's busy handler, which blocks the very thread
  // the other needs to finish (separate processes do not; tests/multi runs those). Either way
  // each deadline must act once between the two instances: the claims decide, not the timing.
  const both =
    dialectOf(a.app.db) === 'postgres'
      ? await Promise.all([runDeadlineSweep(a.app), runDeadlineSweep(b.app)])
      : [await runDeadlineSweep(a.app), await runDeadlineSweep(b.app)];
  const rest = await runDeadlineSweep(a.app);
  return [both[0], both[1], rest] as const;
};
const db = () => a.app.db;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

async function messages(userId: number, kind: string) {
  return db()
    .selectFrom('messages')
    .select(['params', 'link'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .execute();
}

async function passedFirms() {
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
    .limit(1)
    .execute();
  return [contact.law_firm_id as number, others[0]?.id as number] as const;
}

describe('an unanswered push', { timeout: 300_000 }, () => {
  it('lapses once after PUSH_ANSWER_HOURS, goes to the next firm by the rules, then back to the pool', async () => {
    // Every push of the demo data lapses first, without rules: back to the pool.
    moveBoth(49 * HOUR);
    await sweepBoth();
    const ops = await a.sessionFor('caseOperation');
    const [firmA, firmB] = await passedFirms();
    const saved = await a.call('PUT', '/api/routing-rules', {
      token: ops,
      body: {
        rules: [
          {
            name: '全部',
            firms: [
              { lawFirmId: firmA, weight: 1, capacity: 100000 },
              { lawFirmId: firmB, weight: 1, capacity: 100000 },
            ],
          },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const pooled = await db()
      .selectFrom('cases')
      .select(['id', 'version', 'case_no'])
      .where('position', '=', 'pool')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const pushed = await a.call('POST', `/api/cases/${pooled.id}/transitions`, {
      token: ops,
      body: { event: 'PUSH', lawFirmId: firmA, version: pooled.version },
    });
    expect(pushed.status).toBe(200);
    const contactId = await a.userId('13800000004');
    const opsId = await a.userId('13800000002');

    moveBoth(47 * HOUR);
    await sweepBoth();
    expect(
      (
        await db()
          .selectFrom('cases')
          .select('law_firm_id')
          .where('id', '=', pooled.id)
          .executeTakeFirstOrThrow()
      ).law_firm_id,
    ).toBe(firmA);

    moveBoth(2 * HOUR);
    const [first, second, rest] = await sweepBoth();
    expect(first.pushesLapsed + second.pushesLapsed + rest.pushesLapsed).toBe(1);
    const moved = await db()
      .selectFrom('cases')
      .select(['position', 'law_firm_id'])
      .where('id', '=', pooled.id)
      .executeTakeFirstOrThrow();
    expect(moved).toEqual({ position: 'pushed', law_firm_id: firmB });
    expect(
      await db().selectFrom('push_lapses').select('law_firm_id').where('case_id', '=', pooled.id).execute(),
    ).toEqual([{ law_firm_id: firmA }]);
    const aboutIt = (rows: Array<{ params: string | null }>) =>
      rows.filter((m) => JSON.parse(m.params as string).caseNo === pooled.case_no);
    expect(aboutIt(await messages(contactId, 'push.expired'))).toHaveLength(1);
    const told = aboutIt(await messages(opsId, 'push.expiredRouted'));
    expect(told).toHaveLength(1);
    expect(JSON.parse(told[0]?.params as string)).toMatchObject({ hours: 48 });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_role'])
      .where('entity', '=', 'case')
      .where('entity_id', '=', String(pooled.id))
      .where('action', '=', 'case.push_expired')
      .execute();
    expect(audit).toEqual([{ action: 'case.push_expired', actor_role: 'system' }]);

    // Firm B lets it lapse too: no firm is left that did not, so it stays in the pool.
    moveBoth(49 * HOUR);
    const again = await sweepBoth();
    expect(again[0].pushesLapsed + again[1].pushesLapsed + again[2].pushesLapsed).toBe(1);
    const back = await db()
      .selectFrom('cases')
      .select(['position', 'law_firm_id'])
      .where('id', '=', pooled.id)
      .executeTakeFirstOrThrow();
    expect(back).toEqual({ position: 'pool', law_firm_id: null });
    expect(aboutIt(await messages(opsId, 'push.expiredPooled'))).toHaveLength(1);
    await a.call('PUT', '/api/routing-rules', {
      token: await a.sessionFor('caseOperation'),
      body: { rules: [] },
    });
  });

  it('leaves a push answered in time alone', async () => {
    const ops = await a.sessionFor('caseOperation');
    const contact = await a.sessionFor('lawfirmContactPerson');
    const [firmA] = await passedFirms();
    const c = await db()
      .selectFrom('cases')
      .select(['id', 'version'])
      .where('position', '=', 'pool')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const pushed = await a.call<{ version: number }>('POST', `/api/cases/${c.id}/transitions`, {
      token: ops,
      body: { event: 'PUSH', lawFirmId: firmA, version: c.version },
    });
    const accepted = await a.call('POST', `/api/cases/${c.id}/transitions`, {
      token: contact,
      body: { event: 'ACCEPT', version: pushed.body.data.version },
    });
    expect(accepted.status).toBe(200);
    moveBoth(100 * HOUR);
    await sweepBoth();
    expect(
      (await db().selectFrom('cases').select('position').where('id', '=', c.id).executeTakeFirstOrThrow())
        .position,
    ).toBe('accepted');
  });
});

describe('an entrustment', { timeout: 300_000 }, () => {
  it('warns at 7 and 1 days before, is flagged on its day, each once, and can be extended by operations', async () => {
    const c = await db()
      .selectFrom('cases')
      .select(['id', 'lawyer_id'])
      .where('status', '=', 'processing')
      .where('lawyer_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const lawyer = await db()
      .selectFrom('lawyers')
      .select('user_id')
      .where('id', '=', c.lawyer_id as number)
      .executeTakeFirstOrThrow();
    const today = formatDate(a.clock.now());
    await db()
      .updateTable('cases')
      .set({ entrust_expires_on: addDays(today, 5) })
      .where('id', '=', c.id)
      .execute();

    await sweepBoth();
    await sweepBoth();
    const warnings = await messages(lawyer.user_id, 'entrust.expiring');
    const mine = warnings.filter((m) => m.link === `/case/processing/${c.id}`);
    expect(mine.map((m) => JSON.parse(m.params as string).days)).toEqual([5]);

    moveBoth(4 * DAY);
    await sweepBoth();
    const later = (await messages(lawyer.user_id, 'entrust.expiring')).filter(
      (m) => m.link === `/case/processing/${c.id}`,
    );
    expect(later.map((m) => JSON.parse(m.params as string).days)).toEqual([5, 1]);

    moveBoth(DAY);
    const swept = await sweepBoth();
    expect(
      swept[0].entrustExpired + swept[1].entrustExpired + swept[2].entrustExpired,
    ).toBeGreaterThanOrEqual(1);
    const flagged = await db()
      .selectFrom('cases')
      .select(['entrust_expired_on', 'version'])
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(flagged.entrust_expired_on).toBe(addDays(today, 5));
    expect(
      (await messages(lawyer.user_id, 'entrust.expired')).filter(
        (m) => m.link === `/case/processing/${c.id}`,
      ),
    ).toHaveLength(1);

    const lawyerToken = await a.sessionFor('lawyer');
    const refused = await a.call('POST', `/api/cases/${c.id}/entrustment`, {
      token: lawyerToken,
      body: { expiresOn: addDays(today, 90), version: flagged.version },
    });
    expect(refused.status).toBe(403);
    const ops = await a.sessionFor('caseOperation');
    // 案件列表 offers 延长委托 on the row to case operations only (the row's `can`).
    const asOps = await a.call('GET', `/api/cases/${c.id}`, { token: ops });
    expect((asOps.body.data as { can: Record<string, boolean> }).can.extendEntrustment).toBe(true);
    const asBusiness = await a.call('GET', `/api/cases/${c.id}`, {
      token: await a.sessionFor('bussinessOperation'),
    });
    expect((asBusiness.body.data as { can: Record<string, boolean> }).can.extendEntrustment).toBe(false);
    const early = await a.call('POST', `/api/cases/${c.id}/entrustment`, {
      token: ops,
      body: { expiresOn: addDays(today, 2), version: flagged.version },
    });
    expect(early.status).toBe(400);
    const extended = await a.call('POST', `/api/cases/${c.id}/entrustment`, {
      token: ops,
      body: { expiresOn: addDays(today, 90), version: flagged.version },
    });
    expect(extended.status).toBe(200);
    const after = await db()
      .selectFrom('cases')
      .select(['entrust_expires_on', 'entrust_expired_on'])
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ entrust_expires_on: addDays(today, 90), entrust_expired_on: null });
  });
});

describe('a court session', () => {
  it('reminds the lawyer 3 days and 1 day before, once each', async () => {
    const c = await db()
      .selectFrom('cases')
      .select(['id', 'lawyer_id'])
      .where('status', '=', 'processing')
      .where('lawyer_id', 'is not', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const lawyer = await db()
      .selectFrom('lawyers')
      .select('user_id')
      .where('id', '=', c.lawyer_id as number)
      .executeTakeFirstOrThrow();
    const at = new Date(a.clock.now().getTime() + 2.5 * DAY).toISOString();
    await db()
      .updateTable('cases')
      .set({ court_session_at: at, court: '深圳市南山区人民法院' })
      .where('id', '=', c.id)
      .execute();
    await sweepBoth();
    await sweepBoth();
    const mine = async () =>
      (await messages(lawyer.user_id, 'court.sessionSoon')).filter(
        (m) => m.link === `/case/processing/${c.id}`,
      );
    expect((await mine()).map((m) => JSON.parse(m.params as string).days)).toEqual([3]);
    moveBoth(2 * DAY);
    await sweepBoth();
    expect((await mine()).map((m) => JSON.parse(m.params as string).days)).toEqual([3, 1]);
  });
});

describe('plan instalments', () => {
  it('are swept once a day between the processes', async () => {
    moveBoth(DAY);
    const [x, y, z] = await sweepBoth();
    expect([x.plans === null, y.plans === null, z.plans === null].sort()).toEqual([false, true, true]);
  });
});
