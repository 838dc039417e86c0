import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseRow } from '../../contract/case-api';
import type { Paged } from '../../contract/paging';
import { applySystemTransition } from '../../server/cases/system-transition';
import { ApiError } from '../../server/http/errors';
import { transact } from '../../server/notifications/bus';
import { demoLawyer } from './fixtures';
import { startServer, type TestServer } from './harness';

/**
 * The product's own decisions run through the case machine as actor `system`
 * (machines/caseGuards.ts SYSTEM): a RELEASE of a case pushed to a firm, stored and audited like
 * a person's, and refused where the system may not act.
 */
let server: TestServer;
let demoFirmId: number;
beforeAll(async () => {
  server = await startServer();
  demoFirmId = (await demoLawyer(server)).law_firm_id;
});
afterAll(() => server.close());

const caseOf = (id: number) =>
  server.app.db.selectFrom('cases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function pushedCase(): Promise<number> {
  const pool = await server.app.db
    .selectFrom('cases')
    .select(['id', 'version'])
    .where('position', '=', 'pool')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const res = await server.call<CaseRow>('POST', `/api/cases/${pool.id}/transitions`, {
    token: await server.tokenFor('caseOperation'),
    body: { event: 'PUSH', version: pool.version, lawFirmId: demoFirmId },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return pool.id;
}

const poolTotal = async () =>
  (
    await server.call<Paged<CaseRow>>('GET', '/api/cases?position=pool', {
      token: await server.tokenFor('caseOperation'),
    })
  ).body.data.total;

describe('the system actor', () => {
  it('withdraws a push: the case goes back to the pool, its push withdrawn, audited as the system', async () => {
    const id = await pushedCase();
    const before = await caseOf(id);
    const poolBefore = await poolTotal();
    await transact(server.app.db, (trx) =>
      applySystemTransition(trx, server.app, { caseId: id, event: 'RELEASE', requestId: 'test-system' }),
    );
    expect(await caseOf(id)).toMatchObject({
      status: 'pending',
      position: 'pool',
      law_firm_id: null,
      stage: 'intake',
      version: before.version + 1,
    });
    const pushes = await server.app.db
      .selectFrom('case_pushes')
      .select(['law_firm_id', 'push_status', 'answered_at'])
      .where('case_id', '=', id)
      .execute();
    expect(pushes).toEqual([
      { law_firm_id: demoFirmId, push_status: 'withdrawn', answered_at: expect.any(String) },
    ]);
    const audit = await server.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'actor_role', 'params', 'request_id'])
      .where('entity', '=', 'case')
      .where('entity_id', '=', String(id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'case.release',
      actor_id: null,
      actor_role: 'system',
      request_id: 'test-system',
    });
    expect(JSON.parse(audit.params ?? '{}')).toMatchObject({
      from: 'pending.pushed',
      to: 'pending.pool',
      fromLawFirmId: demoFirmId,
    });
    // The lists count it in the pool again at once (the totals were forgotten after the commit).
    expect(await poolTotal()).toBe(poolBefore + 1);
    // The history shows who decided: the system.
    const detail = await server.call<{ auditTrail: Array<{ action: string; actorRole: string | null }> }>(
      'GET',
      `/api/cases/${id}`,
      { token: await server.tokenFor('caseOperation') },
    );
    expect(detail.body.data.auditTrail[0]).toMatchObject({ action: 'case.release', actorRole: 'system' });
  });

  it('leaves a case in a lawyer’s hands where it is, and changes nothing', async () => {
    const processing = await server.app.db
      .selectFrom('cases')
      .selectAll()
      .where('status', '=', 'processing')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const refused = await transact(server.app.db, (trx) =>
      applySystemTransition(trx, server.app, { caseId: processing.id, event: 'RELEASE', requestId: null }),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ httpStatus: 409, messageKey: 'case.transition.inState.processing' });
    expect(await caseOf(processing.id)).toEqual(processing);
  });

  it('refuses a case that does not exist', async () => {
    const refused = await transact(server.app.db, (trx) =>
      applySystemTransition(trx, server.app, { caseId: 99_999_999, event: 'RELEASE', requestId: null }),
    ).catch((error: unknown) => error);
    expect(refused).toMatchObject({ httpStatus: 404 });
  });
});
