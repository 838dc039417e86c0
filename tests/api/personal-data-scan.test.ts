import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLawyersProcessingCase } from './fixtures';
import { startServer, type TestServer } from './harness';

// The scan every API test file ends with (harness.ts, personal-data-scan.ts), shown to fail.
let server: TestServer;
let caseId: number;
let party: { id: number; phoneId: number; number: string; idNumber: string | null };
beforeAll(async () => {
  server = await startServer();
  caseId = (await demoLawyersProcessingCase(server)).id;
  const row = await server.app.db
    .selectFrom('case_parties as p')
    .innerJoin('party_phones as ph', 'ph.party_id', 'p.id')
    .select(['p.id', 'ph.id as phoneId', 'ph.number', 'p.id_number as idNumber'])
    .where('p.case_id', '=', caseId)
    .executeTakeFirstOrThrow();
  party = row;
});
afterAll(() => server.close());

describe('the scan for full party numbers', () => {
  it('leaves a reveal answer alone', async () => {
    const token = await server.tokenFor('lawyer');
    const res = await server.call<{ value: string }>(
      'POST',
      `/api/cases/${caseId}/parties/${party.id}/reveal`,
      {
        token,
        body: { field: 'phone', phoneId: party.phoneId, reason: 'contact' },
      },
    );
    expect(res.body.data.value).toBe(party.number);
    await server.call('GET', `/api/cases/${caseId}/parties`, { token });
    expect(await server.personalData.leaks(server.app.db)).toEqual([]);
  });

  it('finds a made-up leak in an answer', async () => {
    const token = await server.tokenFor('lawyer');
    await server.app.db
      .updateTable('cases')
      .set({ description: `债务人电话 ${party.number}` })
      .where('id', '=', caseId)
      .execute();
    await server.call('GET', `/api/cases/${caseId}`, { token });
    const leaks = await server.personalData.leaks(server.app.db);
    expect(leaks.join('\n')).toContain(party.number);
    await server.app.db.updateTable('cases').set({ description: null }).where('id', '=', caseId).execute();
    server.personalData.forget();
  });

  it('finds a made-up leak in the server log', async () => {
    server.app.log.info({ idNumber: party.idNumber }, 'a careless line');
    const leaks = await server.personalData.leaks(server.app.db);
    expect(leaks.join('\n')).toContain(party.idNumber);
    server.personalData.forget();
  });

  it('keeps the case list keyword out of the log: a search by a full phone is not logged', async () => {
    const token = await server.tokenFor('caseOperation');
    const res = await server.call('GET', `/api/cases?keyword=${party.number}&page=1&pageSize=10`, { token });
    expect(res.status).toBe(200);
    expect(await server.personalData.leaks(server.app.db)).toEqual([]);
  });
});
