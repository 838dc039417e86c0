import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseDetail } from '../../contract/case-api';
import type { UserSummary } from '../../contract/users';
import { createAccount } from './fixtures';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** A processing case that already has follow-ups, repayments and attachments to be listed before. */
async function busyCase(): Promise<number> {
  const row = await server.app.db
    .selectFrom('cases')
    .select('cases.id')
    .where('status', '=', 'processing')
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('repayments as r').select('r.id').whereRef('r.case_id', '=', 'cases.id')),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('contacts as f')
          .select('f.id')
          .whereRef('f.case_id', '=', 'cases.id')
          .where('f.payment_status', 'is not', null),
      ),
    )
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('case_attachments as a').select('a.id').whereRef('a.case_id', '=', 'cases.id')),
    )
    .orderBy('cases.id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function detail(caseId: number): Promise<CaseDetail> {
  const res = await server.call<CaseDetail>('GET', `/api/cases/${caseId}`, {
    token: await server.tokenFor('caseOperation'),
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('a row the user just added shows first in its list', () => {
  it('lists a new repayment first, even one dated long before the others', async () => {
    const caseId = await busyCase();
    const res = await server.call<{ id: number }>('POST', `/api/cases/${caseId}/repayments`, {
      token: await server.tokenFor('caseOperation'),
      body: { amountFen: 100, repaidOn: '2020-01-02', note: '补录' },
    });
    expect(res.status).toBe(200);
    const { repayments } = await detail(caseId);
    expect(repayments.length).toBeGreaterThan(1);
    expect(repayments[0].id).toBe(res.body.data.id);
  });

  it('lists a new follow-up first, on the case and across cases', async () => {
    const caseId = await busyCase();
    const token = await server.tokenFor('caseOperation');
    const res = await server.call<{ id: number }>('POST', `/api/cases/${caseId}/follow-ups`, {
      token,
      body: { note: '电话联系债务人', paymentStatus: 'promised' },
    });
    expect(res.status).toBe(200);
    const { followUps } = await detail(caseId);
    expect(followUps.length).toBeGreaterThan(1);
    expect(followUps[0].id).toBe(res.body.data.id);
    const all = await server.call<{ list: Array<{ id: number }> }>(
      'GET',
      '/api/follow-ups?page=1&pageSize=10',
      {
        token,
      },
    );
    expect(all.status).toBe(200);
    expect(all.body.data.list[0].id).toBe(res.body.data.id);
  });

  it('lists a new attachment first', async () => {
    const caseId = await busyCase();
    const body = new FormData();
    body.append('file', new Blob(['%PDF-1.4 new'], { type: 'application/pdf' }), '新证据.pdf');
    const res = await fetch(`${server.url}/api/cases/${caseId}/attachments`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${await server.tokenFor('caseOperation')}` },
    });
    expect(res.status).toBe(200);
    const added = ((await res.json()) as { data: { id: number } }).data;
    const { attachments } = await detail(caseId);
    expect(attachments.length).toBeGreaterThan(1);
    expect(attachments[0].id).toBe(added.id);
  });

  it('lists a new account first', async () => {
    const account = await createAccount(server);
    const res = await server.call<{ list: UserSummary[] }>('GET', '/api/users?page=1&pageSize=10', {
      token: await server.sessionFor('superAdmin'),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.list[0].id).toBe(account.id);
  });
});
