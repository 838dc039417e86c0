import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkJob } from '../../contract/bulk-jobs';
import { bulkJobRunning } from '../../server/cases/bulk-jobs/run';
import { smallPoolRegion, useCaseServer } from './case-fixtures';
import { startServer, type TestServer } from './harness';

/**
 * Routing many cases as a bulk job (issue 20): `POST /api/cases/route {filter}` and the bulk
 * jobs' `route` action push every pooled case of the filter through the rules as the starter,
 * and each firm hears of the whole job once, not once per case.
 */
let server: TestServer;
let demoFirmId: number;
beforeAll(async () => {
  server = await startServer();
  ({ demoFirmId } = await useCaseServer(server));
});
afterAll(() => server.close());

async function routedMessages(kind = 'routing.pushed'): Promise<{ params: string | null }[]> {
  return server.app.db
    .selectFrom('messages')
    .innerJoin('users', 'users.id', 'messages.user_id')
    .where('users.law_firm_id', '=', demoFirmId)
    .where('messages.kind', '=', kind)
    .select('messages.params')
    .execute();
}

describe('a bulk push', () => {
  it('tells the firm once for the whole job, not once per case', async () => {
    const ops = await server.tokenFor('caseOperation');
    const pooled = await server.app.db
      .selectFrom('cases')
      .select('id')
      .where('status', '=', 'pending')
      .where('position', '=', 'pool')
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    const before = (await routedMessages('bulk.pushed')).length;
    const started = await server.call<{ id: number }>('POST', '/api/cases/bulk-jobs', {
      token: ops,
      body: { action: 'push', caseIds: pooled.map((c) => c.id), lawFirmId: demoFirmId },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await bulkJobRunning(started.body.data.id);
    const after = await routedMessages('bulk.pushed');
    expect(after.length - before).toBe(1);
    expect(JSON.parse(after[after.length - 1].params ?? '{}')).toMatchObject({ count: 3 });
  });
});

describe('routing by the case list’s filter', () => {
  it('runs as a bulk job: every pooled case of the filter pushed by the rules, the firm told once', async () => {
    const ops = await server.tokenFor('caseOperation');
    const rules = await server.call('PUT', '/api/routing-rules', {
      token: ops,
      body: {
        rules: [{ name: '全部案件', firms: [{ lawFirmId: demoFirmId, weight: 1, capacity: 1_000_000 }] }],
      },
    });
    expect(rules.status, JSON.stringify(rules.body)).toBe(200);
    const { region, ids } = await smallPoolRegion();
    const before = (await routedMessages()).length;

    const started = await server.call<{ id: number }>('POST', '/api/cases/route', {
      token: ops,
      body: { filter: { status: ['pending'], position: 'pool', region } },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await bulkJobRunning(started.body.data.id);
    const job = await server.call<BulkJob>('GET', `/api/cases/bulk-jobs/${started.body.data.id}`, {
      token: ops,
    });
    expect(job.body.data).toMatchObject({
      action: 'route',
      status: 'done',
      total: ids.length,
      succeeded: ids.length,
    });

    const stored = await server.app.db
      .selectFrom('cases')
      .select(['position', 'law_firm_id'])
      .where('id', 'in', ids)
      .execute();
    expect(stored.every((c) => c.position === 'pushed' && c.law_firm_id === demoFirmId)).toBe(true);
    // Audited as pushes by the starter, one each.
    const audits = await server.app.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('action', '=', 'case.push')
      .where('entity_id', 'in', ids.map(String))
      .execute();
    expect(audits.length).toBe(ids.length);
    // One message for the firm's contact person about the whole job.
    const after = await routedMessages();
    expect(after.length - before).toBe(1);
    expect(JSON.parse(after[after.length - 1].params ?? '{}')).toMatchObject({ count: ids.length });
  });

  it('refuses a case that is not pooled, with its reason, and asks for exactly one of caseIds and filter', async () => {
    const ops = await server.tokenFor('caseOperation');
    const review = await server.app.db
      .selectFrom('cases')
      .select('id')
      .where('status', '=', 'pending')
      .where('position', '=', 'awaitingReview')
      .executeTakeFirstOrThrow();
    const started = await server.call<{ id: number }>('POST', '/api/cases/bulk-jobs', {
      token: ops,
      body: { action: 'route', caseIds: [review.id] },
    });
    expect(started.status).toBe(200);
    await bulkJobRunning(started.body.data.id);
    const job = await server.call<BulkJob>('GET', `/api/cases/bulk-jobs/${started.body.data.id}`, {
      token: ops,
    });
    expect(job.body.data).toMatchObject({ status: 'done', succeeded: 0, refused: 1 });
    const both = await server.call('POST', '/api/cases/route', {
      token: ops,
      body: { caseIds: [review.id], filter: { status: ['pending'] } },
    });
    expect(both.status).toBe(400);
    const neither = await server.call('POST', '/api/cases/route', { token: ops, body: {} });
    expect(neither.status).toBe(400);
    const firm = await server.call('POST', '/api/cases/route', {
      token: await server.tokenFor('lawfirmContactPerson'),
      body: { filter: { status: ['pending'] } },
    });
    expect(firm.status).toBe(403);
  });
});
