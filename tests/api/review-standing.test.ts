import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LawFirmRow, LawyerRow } from '../../contract/firm-api';
import type { Paged } from '../../contract/paging';
import { demoLawyer } from './fixtures';
import { startServer, type TestServer } from './harness';

/**
 * The firm and lawyer review lists filter by standing (server/reviews/standing.ts): 已暂停
 * (`suspended`) picks the suspended, and `passed` no longer includes them.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const ops = () => server.tokenFor('bussinessOperation');

async function suspend(path: string, version: number) {
  const res = await server.call('PUT', path, {
    token: await ops(),
    body: { suspended: true, reason: '核查中', version },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('GET /api/lawfirms?reviewStatus=', () => {
  it('picks the suspended firms with `suspended`, and leaves them out of `passed`', async () => {
    const list = async (filter: string) =>
      (
        await server.call<Paged<LawFirmRow>>('GET', `/api/lawfirms?pageSize=100&reviewStatus=${filter}`, {
          token: await ops(),
        })
      ).body.data.list;
    const firm = await server.app.db
      .selectFrom('law_firms')
      .select(['id', 'version'])
      .where('review_status', '=', 'passed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect((await list('suspended')).some((f) => f.id === firm.id)).toBe(false);
    expect((await list('passed')).some((f) => f.id === firm.id)).toBe(true);
    await suspend(`/api/lawfirms/${firm.id}/suspension`, firm.version);

    const suspended = await list('suspended');
    expect(suspended.map((f) => f.id)).toContain(firm.id);
    expect(suspended.every((f) => f.standing === 'suspended')).toBe(true);
    const passed = await list('passed');
    expect(passed.some((f) => f.id === firm.id)).toBe(false);
    expect(passed.every((f) => f.standing === 'passed')).toBe(true);
    const both = await list('passed,suspended');
    expect(both).toHaveLength(passed.length + suspended.length);
    expect(
      (await server.call('GET', '/api/lawfirms?reviewStatus=paused', { token: await ops() })).status,
    ).toBe(400);
  });
});

describe('GET /api/lawyers?reviewStatus=', () => {
  it("picks a suspended lawyer with `suspended`, in operations' list and in the firm contact's own", async () => {
    const lawyer = await demoLawyer(server);
    const version = (
      await server.app.db
        .selectFrom('lawyers')
        .select('version')
        .where('id', '=', lawyer.id)
        .executeTakeFirstOrThrow()
    ).version;
    await suspend(`/api/lawyers/${lawyer.id}/suspension`, version);
    for (const token of [await ops(), await server.tokenFor('lawfirmContactPerson')]) {
      const list = async (filter: string) =>
        (
          await server.call<Paged<LawyerRow>>('GET', `/api/lawyers?pageSize=100&reviewStatus=${filter}`, {
            token,
          })
        ).body.data.list;
      const suspended = await list('suspended');
      expect(suspended.map((l) => l.id)).toEqual([lawyer.id]);
      expect(suspended[0]).toMatchObject({
        standing: 'suspended',
        reviewStatus: 'passed',
        suspendReason: '核查中',
      });
      expect((await list('passed')).some((l) => l.id === lawyer.id)).toBe(false);
      expect((await list('auditing')).every((l) => l.standing === 'auditing')).toBe(true);
    }
  });
});
