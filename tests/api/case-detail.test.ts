import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseDetail } from '../../contract/case-api';
import { demoLawyer } from './fixtures';
import { startServer, type TestServer } from './harness';

let server: TestServer;
let demoLawyerId: number;
let demoFirmId: number;
beforeAll(async () => {
  server = await startServer();
  const lawyer = await demoLawyer(server);
  demoLawyerId = lawyer.id;
  demoFirmId = lawyer.law_firm_id;
});
afterAll(() => server.close());

/** One case's record as GET /api/cases/:id answers it (the list's filters, sorting and scope: cases.test.ts). */
describe('GET /api/cases/:id', () => {
  it('answers the case with attachments, follow-ups, repayments and their total, pushes and events', async () => {
    const row = await sql<{ id: number }>`
      select c.id from cases c
      where exists (select 1 from repayments r where r.case_id = c.id)
        and exists (select 1 from contacts f where f.case_id = c.id and f.payment_status is not null)
        and exists (select 1 from case_pushes p where p.case_id = c.id)
      limit 1`.execute(server.app.db);
    const id = row.rows[0].id;
    const res = await server.call<CaseDetail>('GET', `/api/cases/${id}`, {
      token: await server.tokenFor('superAdmin'),
    });
    expect(res.status).toBe(200);
    const detail = res.body.data;
    expect(detail.id).toBe(id);
    expect(detail.version).toBeGreaterThanOrEqual(1);
    expect(detail.description).toEqual(expect.any(String));
    const repaid = await sql<{
      total: number;
    }>`select sum(amount_fen) as total from repayments where case_id = ${id}`.execute(server.app.db);
    expect(detail.repaidFen).toBe(Number(repaid.rows[0].total));
    expect(detail.repayments.length).toBeGreaterThan(0);
    expect(detail.followUps.length).toBeGreaterThan(0);
    expect(detail.pushes[0].lawFirmName).toEqual(expect.any(String));
    expect(detail.attachments.length).toBe(
      Number(
        (
          await sql<{ n: number }>`select count(*) as n from case_attachments where case_id = ${id}`.execute(
            server.app.db,
          )
        ).rows[0].n,
      ),
    );
    // The seed writes each seeded case's history as the product audits it (the replay reads it).
    expect(detail.auditTrail.length).toBeGreaterThan(0);
    expect(detail.allowedEvents.length).toBeGreaterThan(0);
  });

  it("answers 404 for another lawyer's case and another firm's case, as for a missing one", async () => {
    const other = await server.app.db
      .selectFrom('cases')
      .select('id')
      .where('lawyer_id', '!=', demoLawyerId)
      .where('law_firm_id', '!=', demoFirmId)
      .executeTakeFirstOrThrow();
    for (const role of ['lawyer', 'lawfirmContactPerson'] as const) {
      const res = await server.call('GET', `/api/cases/${other.id}`, { token: await server.tokenFor(role) });
      expect(res.status, role).toBe(404);
      const missing = await server.call('GET', '/api/cases/99999999', { token: await server.tokenFor(role) });
      expect(missing.status).toBe(404);
      expect(res.body).toEqual(missing.body);
    }
  });

  it("answers a lawyer for a pool case and their own, and a contact person for their firm's", async () => {
    const own = await server.app.db
      .selectFrom('cases')
      .select('id')
      .where('lawyer_id', '=', demoLawyerId)
      .executeTakeFirstOrThrow();
    const pool = await server.app.db
      .selectFrom('cases')
      .select('id')
      .where('position', '=', 'pool')
      .executeTakeFirstOrThrow();
    for (const id of [own.id, pool.id]) {
      expect(
        (await server.call('GET', `/api/cases/${id}`, { token: await server.tokenFor('lawyer') })).status,
      ).toBe(200);
    }
    // A case still awaiting review is not in anyone's pool yet.
    const inReview = await server.app.db
      .selectFrom('cases')
      .select('id')
      .where('position', '=', 'awaitingReview')
      .executeTakeFirstOrThrow();
    expect(
      (await server.call('GET', `/api/cases/${inReview.id}`, { token: await server.tokenFor('lawyer') }))
        .status,
    ).toBe(404);
    const firmCase = await server.app.db
      .selectFrom('cases')
      .select('id')
      .where('law_firm_id', '=', demoFirmId)
      .executeTakeFirstOrThrow();
    const res = await server.call('GET', `/api/cases/${firmCase.id}`, {
      token: await server.tokenFor('lawfirmContactPerson'),
    });
    expect(res.status).toBe(200);
  });
});
