import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/messages';
import { lawFirmApplication, lawyerApplication } from './fixtures';
import { startServer, type TestServer } from './harness';

/**
 * The firms a registering lawyer picks from (GET /register/lawfirms) are those that passed review
 * and are not suspended, and a registration names one of them or is refused; the lists' firm
 * filters (GET /lawfirms/names) still offer a suspended firm, whose cases operations look for.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const ops = () => server.tokenFor('bussinessOperation');
type Firms = { list: Array<{ id: number; name: string }> };
const openFirms = async () => (await server.call<Firms>('GET', '/api/register/lawfirms')).body.data.list;

async function passedFirm(serial: number) {
  const res = await server.call<{ userId: number }>('POST', '/api/register/lawfirm', {
    body: await lawFirmApplication(server, serial),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const firmId = (
    await server.app.db
      .selectFrom('users')
      .select('law_firm_id')
      .where('id', '=', res.body.data.userId)
      .executeTakeFirstOrThrow()
  ).law_firm_id as number;
  return firmId;
}

const setSuspended = async (firmId: number, suspended: boolean, version: number) => {
  const res = await server.call('PUT', `/api/lawfirms/${firmId}/suspension`, {
    token: await ops(),
    body: suspended ? { suspended, reason: '合作暂停', version } : { suspended, version },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

async function registerLawyer(firmId: number) {
  const before = await server.count('lawyers');
  const res = await server.call('POST', '/api/register/lawyer', {
    body: await lawyerApplication(server, firmId),
  });
  return { res, added: (await server.count('lawyers')) - before };
}

describe('registering a lawyer with a firm', () => {
  it('offers a firm once it passed, not while suspended, and again once the suspension is lifted', async () => {
    const firmId = await passedFirm(9401);
    expect((await openFirms()).some((f) => f.id === firmId)).toBe(false);
    const pass = await server.call('PUT', `/api/lawfirms/${firmId}/review`, {
      token: await ops(),
      body: { status: 'passed', version: 1 },
    });
    expect(pass.status).toBe(200);
    expect((await openFirms()).some((f) => f.id === firmId)).toBe(true);

    await setSuspended(firmId, true, 2);
    expect((await openFirms()).some((f) => f.id === firmId)).toBe(false);
    const refused = await registerLawyer(firmId);
    expect(refused.res.status).toBe(400);
    expect(refused.res.body.msg).toBe(MESSAGES['zh-CN']['register.firmNotFound']);
    expect((refused.res.body.errors ?? []).map((e) => e.path)).toEqual(['lawFirmId']);
    expect(refused.added).toBe(0);

    // The lists' firm filters still name it.
    const names = await server.call<Firms>('GET', '/api/lawfirms/names', {
      token: await server.tokenFor('caseOperation'),
    });
    expect(names.status).toBe(200);
    expect(names.body.data.list.some((f) => f.id === firmId)).toBe(true);

    await setSuspended(firmId, false, 3);
    expect((await openFirms()).some((f) => f.id === firmId)).toBe(true);
    const accepted = await registerLawyer(firmId);
    expect(accepted.res.status, JSON.stringify(accepted.res.body)).toBe(200);
    expect(accepted.added).toBe(1);
  });

  it('refuses a firm under review or unknown with the same 400 at lawFirmId, in the reader\u2019s language', async () => {
    const underReview = await passedFirm(9402);
    for (const firmId of [underReview, 999_999]) {
      const res = await server.call('POST', '/api/register/lawyer', {
        body: await lawyerApplication(server, firmId),
        headers: { 'accept-language': 'en-US' },
      });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(MESSAGES['en-US']['register.firmNotFound']);
      expect((res.body.errors ?? []).map((e) => e.path)).toEqual(['lawFirmId']);
    }
  });

  it('serves the firm filters only to someone signed in; the open list names passed firms only', async () => {
    expect((await server.call('GET', '/api/lawfirms/names')).status).toBe(401);
    const names = (
      await server.call<Firms>('GET', '/api/lawfirms/names', { token: await server.tokenFor('lawyer') })
    ).body.data.list;
    const passed = await server.app.db
      .selectFrom('law_firms')
      .select('id')
      .where('review_status', '=', 'passed')
      .execute();
    expect(names.map((f) => f.id).sort((a, b) => a - b)).toEqual(
      passed.map((f) => f.id).sort((a, b) => a - b),
    );
  });
});
