import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../contract/dates';
import type { DeadlineItem } from '../../contract/deadlines';
import type { TaskCenter } from '../../contract/operations-api';
import { PUSH_DIGEST_OVER } from '../../server/deadlines/pushes';
import { runDeadlineSweep } from '../../server/deadlines/sweep';
import { startServer, type TestServer } from './harness';

// The deadlines each role's workplace and 任务中心 show, and the digest of a sweep that lapses
// many pushes at once; the clock is moved, never waited for.
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  server.clock.stop();
});
afterAll(() => server.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const db = () => server.app.db;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

async function deadlinesOf(role: 'lawyer' | 'lawfirmContactPerson' | 'caseOperation' | 'bussinessOperation') {
  const path = {
    lawyer: '/api/dashboard/lawyer-workplace',
    lawfirmContactPerson: '/api/dashboard/lawfirm-workplace',
    caseOperation: '/api/dashboard/workplace',
    bussinessOperation: '/api/dashboard/workplace',
  }[role];
  const answer = await server.call<{ deadlines: DeadlineItem[]; totals: Record<string, number> }>(
    'GET',
    path,
    {
      token: await server.sessionFor(role),
    },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

async function demoFirm() {
  const contact = await db()
    .selectFrom('users')
    .select('law_firm_id')
    .where('phone', '=', '13800000004')
    .executeTakeFirstOrThrow();
  return contact.law_firm_id as number;
}

async function demoLawyer() {
  const userId = await server.userId('13800000005');
  return db()
    .selectFrom('lawyers')
    .select(['id', 'law_firm_id'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Pushes waiting for an answer: the case's firm and its newest push. */
async function waitingPushes(firmId?: number) {
  return db()
    .selectFrom('case_pushes as p')
    .innerJoin('cases as c', 'c.id', 'p.case_id')
    .select(['p.id', 'p.case_id', 'p.law_firm_id', 'c.case_no'])
    .where('p.push_status', '=', 'pushed')
    .where('c.position', '=', 'pushed')
    .whereRef('c.law_firm_id', '=', 'p.law_firm_id')
    .$if(firmId !== undefined, (q) => q.where('p.law_firm_id', '=', firmId as number))
    .orderBy('p.id')
    .execute();
}

describe("a lawyer's workplace", () => {
  it("lists the lawyer's court sessions and instalments due, soonest first, and never another firm's", async () => {
    const lawyer = await demoLawyer();
    const now = server.clock.now();
    const [mine, theirs] = await Promise.all([
      db()
        .selectFrom('cases')
        .select('id')
        .where('lawyer_id', '=', lawyer.id)
        .where('status', '=', 'processing')
        .orderBy('id')
        .executeTakeFirstOrThrow(),
      db()
        .selectFrom('cases')
        .select('id')
        .where('law_firm_id', '!=', lawyer.law_firm_id)
        .where('lawyer_id', 'is not', null)
        .where('status', '=', 'processing')
        .orderBy('id')
        .executeTakeFirstOrThrow(),
    ]);
    // Every other session of the demo data later than these two, so both would be listed first.
    await db()
      .updateTable('cases')
      .set({ court_session_at: null })
      .where('court_session_at', 'is not', null)
      .execute();
    const soon = new Date(now.getTime() + 2 * HOUR).toISOString();
    await db()
      .updateTable('cases')
      .set({ court_session_at: soon, court: '南山区人民法院' })
      .where('id', 'in', [mine.id, theirs.id])
      .execute();
    const instalment = await db()
      .selectFrom('plan_instalments as i')
      .innerJoin('repayment_plans as p', 'p.id', 'i.plan_id')
      .innerJoin('cases as c', 'c.id', 'p.case_id')
      .select(['i.id', 'c.id as case_id', 'i.amount_fen', 'i.paid_fen'])
      .where('c.lawyer_id', '=', lawyer.id)
      .where('p.status', '=', 'active')
      .where('i.status', '!=', 'paid')
      .orderBy('i.id')
      .executeTakeFirstOrThrow();
    const today = formatDate(now);
    // Everything else of the lawyer's plans out of the window, this one due in two days.
    await db()
      .updateTable('plan_instalments')
      .set({ due_on: addDays(today, 60) })
      .where('status', '!=', 'paid')
      .execute();
    await db()
      .updateTable('plan_instalments')
      .set({ due_on: addDays(today, 2) })
      .where('id', '=', instalment.id)
      .execute();

    const { deadlines } = await deadlinesOf('lawyer');
    expect(deadlines.map((d) => [d.kind, d.caseId])).toEqual([
      ['courtSession', mine.id],
      ['instalmentDue', instalment.case_id],
    ]);
    expect(deadlines[0]).toMatchObject({ dueAt: soon, court: '南山区人民法院' });
    expect(deadlines[1]?.amountFen).toBe(Number(instalment.amount_fen) - Number(instalment.paid_fen));

    // Four days on the instalment is overdue (and the session has passed).
    server.clock.advance(4 * DAY);
    const later = await deadlinesOf('lawyer');
    expect(later.deadlines.map((d) => [d.kind, d.caseId])).toEqual([
      ['instalmentOverdue', instalment.case_id],
    ]);
  });
});

describe("a firm's workplace", () => {
  it("lists its own pushes waiting for an answer with the moment each lapses, not another firm's", async () => {
    const firm = await demoFirm();
    const own = await waitingPushes(firm);
    const all = await waitingPushes();
    expect(own.length).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThan(own.length);
    const data = await deadlinesOf('lawfirmContactPerson');
    expect(data.totals.pushesWaiting).toBe(own.length);
    const ownCases = new Set(own.map((p) => p.case_id));
    expect(data.deadlines.length).toBe(Math.min(8, own.length));
    expect(data.deadlines.every((d) => d.kind === 'pushAnswer' && ownCases.has(d.caseId))).toBe(true);
    const pushed = await db()
      .selectFrom('case_pushes')
      .select('pushed_at')
      .where('case_id', '=', data.deadlines[0]?.caseId as number)
      .where('push_status', '=', 'pushed')
      .executeTakeFirstOrThrow();
    expect(data.deadlines[0]?.dueAt).toBe(new Date(Date.parse(pushed.pushed_at) + 48 * HOUR).toISOString());
    const due = data.deadlines.map((d) => d.dueAt);
    expect(due).toEqual([...due].sort());
  });

  it('任务中心 lists the pushes waiting, the one that lapses first first', async () => {
    const center = await server.call<TaskCenter>('GET', '/api/tasks/center', {
      token: await server.sessionFor('bussinessOperation'),
    });
    const all = await waitingPushes();
    expect(center.body.data.counts.pushesWaiting).toBe(all.length);
    const due = center.body.data.pushes.map((d) => d.dueAt);
    expect(due).toEqual([...due].sort());
    expect(center.body.data.pushes.length).toBe(Math.min(5, all.length));
  });
});

describe('a sweep that lapses many pushes', () => {
  it('tells operations once with the counts and each firm once with its own count', async () => {
    const waiting = await waitingPushes();
    expect(waiting.length).toBeGreaterThan(PUSH_DIGEST_OVER);
    const since = server.clock.now().toISOString();
    server.clock.advance(49 * HOUR);
    const outcome = await runDeadlineSweep(server.app);
    expect(outcome.pushesLapsed).toBe(waiting.length);
    const told = (userId: number) =>
      db()
        .selectFrom('messages')
        .select(['kind', 'params'])
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .where('kind', 'like', 'push.%')
        .execute();
    const ops = await told(await server.userId('13800000002'));
    expect(ops.map((m) => m.kind)).toEqual(['push.expiredDigest']);
    const digest = JSON.parse(ops[0]?.params as string);
    expect(digest).toMatchObject({ count: waiting.length, hours: 48 });
    expect(digest.routed + digest.pooled).toBe(waiting.length);
    const firm = await demoFirm();
    const own = waiting.filter((p) => p.law_firm_id === firm);
    const contact = await told(await server.userId('13800000004'));
    expect(contact).toHaveLength(1);
    expect(contact[0]?.kind).toBe(own.length === 1 ? 'push.expired' : 'push.expiredFirmDigest');
    if (own.length > 1) expect(JSON.parse(contact[0]?.params as string)).toMatchObject({ count: own.length });
    const workplace = await deadlinesOf('lawfirmContactPerson');
    expect(workplace.totals.pushesWaiting).toBe(0);
    expect(workplace.deadlines).toEqual([]);
  });
});

describe("operations' workplace and 任务中心", () => {
  it('list the entrustments expiring within 30 days and the flagged ones waiting for a decision', async () => {
    const today = formatDate(server.clock.now());
    const c = await db()
      .selectFrom('cases')
      .select(['id', 'case_no'])
      .where('status', '=', 'processing')
      .where('entrust_expired_on', 'is', null)
      .where('entrust_expires_on', '>', addDays(today, 30))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const before = await deadlinesOf('caseOperation');
    await db().updateTable('cases').set({ entrust_expires_on: today }).where('id', '=', c.id).execute();
    await runDeadlineSweep(server.app);
    const flagged = await deadlinesOf('caseOperation');
    expect(flagged.totals.entrustExpired).toBe(before.totals.entrustExpired + 1);
    // The flagged ones first, the longest expired first; then the ones expiring soonest.
    const truth = await db()
      .selectFrom('cases')
      .select('id')
      .where('entrust_expired_on', 'is not', null)
      .where('status', '!=', 'closed')
      .orderBy('entrust_expired_on')
      .orderBy('id')
      .limit(8)
      .execute();
    expect(flagged.deadlines.slice(0, truth.length).map((d) => [d.kind, d.caseId])).toEqual(
      truth.map((r) => ['entrustExpired', r.id]),
    );
    expect(truth.length).toBeGreaterThan(0);
    expect(await deadlinesOf('bussinessOperation')).toEqual(flagged);
    const center = await server.call<TaskCenter>('GET', '/api/tasks/center', {
      token: await server.sessionFor('bussinessOperation'),
    });
    expect(center.body.data.counts.expiredEntrustments).toBe(flagged.totals.entrustExpired);
    expect(center.body.data.expired.map((d) => d.caseId)).toEqual(truth.slice(0, 5).map((r) => r.id));

    // Extended by ten days: no longer flagged; still expiring within 30 days, as it was on its day.
    const { version } = await db()
      .selectFrom('cases')
      .select('version')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    const extended = await server.call('POST', `/api/cases/${c.id}/entrustment`, {
      token: await server.sessionFor('caseOperation'),
      body: { expiresOn: addDays(today, 10), version },
    });
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    const after = await deadlinesOf('caseOperation');
    expect(after.totals.entrustExpired).toBe(before.totals.entrustExpired);
    expect(after.totals.entrustExpiring).toBe(flagged.totals.entrustExpiring);
    expect(flagged.totals.entrustExpiring).toBe(before.totals.entrustExpiring + 1);
  });
});
