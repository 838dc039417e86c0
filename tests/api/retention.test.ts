import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusesTagged } from '../../machines/caseRules';
import { type DailySweep, runDailySweeps } from '../../server/sweeps/daily';
import { DAILY_SWEEPS } from '../../server/sweeps/list';
import { startServers, type TestServer } from './harness';

// Two app instances on ONE database, as two hosts: each daily sweep runs once a day between them.
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

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(a.clock.now().getTime() - days * DAY_MS).toISOString();
const moveBoth = (ms: number) => {
  a.clock.advance(ms);
  b.clock.advance(ms);
};

describe('the daily sweep runner', () => {
  it('runs a sweep once per business day across two instances, again the next day', async () => {
    let runs = 0;
    const counting: DailySweep = { name: 'test.counting', run: async () => `run ${++runs}` };
    const [first, second] = await Promise.all([
      runDailySweeps(a.app, [counting]),
      runDailySweeps(b.app, [counting]),
    ]);
    expect(runs).toBe(1);
    expect([first[0]?.result, second[0]?.result].sort()).toEqual(['ran', 'taken']);
    expect((await runDailySweeps(a.app, [counting]))[0]?.result).toBe('taken');
    moveBoth(DAY_MS);
    await Promise.all([runDailySweeps(a.app, [counting]), runDailySweeps(b.app, [counting])]);
    expect(runs).toBe(2);
  });

  it('gives a failed sweep’s day back, so the next check retries it', async () => {
    let attempts = 0;
    const flaky: DailySweep = {
      name: 'test.flaky',
      run: async () => {
        if (++attempts === 1) throw new Error('made-up failure');
        return 'ok';
      },
    };
    expect((await runDailySweeps(a.app, [flaky]))[0]?.result).toBe('failed');
    expect((await runDailySweeps(b.app, [flaky]))[0]).toEqual({
      name: 'test.flaky',
      result: 'ran',
      outcome: 'ok',
    });
  });
});

async function closedCaseWithParty(skip: number[]) {
  const row = await a.app.db
    .selectFrom('cases as c')
    .innerJoin('case_parties as p', 'p.case_id', 'c.id')
    .innerJoin('party_phones as ph', 'ph.party_id', 'p.id')
    .select(['c.id', 'c.case_no', 'p.id as partyId', 'p.id_number', 'ph.number'])
    .where('c.status', 'in', statusesTagged('finished'))
    .where('p.id_number', 'is not', null)
    .where('c.id', 'not in', [0, ...skip])
    .orderBy('c.id')
    .executeTakeFirstOrThrow();
  await a.app.db
    .insertInto('party_addresses')
    .values({ party_id: row.partyId, position: 0, kind: 'household', text: '广东省深圳市南山区某街道 8 号' })
    .execute();
  return row;
}

const partyOf = (partyId: number) =>
  a.app.db.selectFrom('case_parties').selectAll().where('id', '=', partyId).executeTakeFirstOrThrow();

describe('retention of personal data', () => {
  it('erases the numbers and addresses of a case closed longer than PII_RETENTION_DAYS, keeps a recent one, audited', async () => {
    const old = await closedCaseWithParty([]);
    const recent = await closedCaseWithParty([old.id]);
    await a.app.db
      .updateTable('cases')
      .set({ updated_at: daysAgo(1096) })
      .where('id', '=', old.id)
      .execute();
    await a.app.db
      .updateTable('cases')
      .set({ updated_at: daysAgo(1094) })
      .where('id', '=', recent.id)
      .execute();
    await a.app.db
      .insertInto('sms_outbox')
      .values({
        phone: old.number,
        purpose: 'bind',
        code: '',
        message: '',
        created_at: daysAgo(1100),
        expires_at: daysAgo(1100),
        used_at: daysAgo(1100),
        delivered: 1,
      })
      .execute();

    moveBoth(DAY_MS);
    const [ran] = await runDailySweeps(b.app, DAILY_SWEEPS);
    expect(ran?.result).toBe('ran');

    const erased = await partyOf(old.partyId);
    expect(erased.name).not.toBe('');
    expect(erased.id_number).toMatch(/^\d{6}\*{8}[0-9X]{4}$|^[0-9A-Z]{6}\*{8}[0-9A-Z]{4}$/);
    expect(erased.id_number_hash).toBeNull();
    expect(erased.pii_erased_at).not.toBeNull();
    const phones = await a.app.db
      .selectFrom('party_phones')
      .select('number')
      .where('party_id', '=', old.partyId)
      .execute();
    for (const p of phones) expect(p.number).toMatch(/^\d{3}\*{4}\d{4}$/);
    const address = await a.app.db
      .selectFrom('party_addresses')
      .select('text')
      .where('party_id', '=', old.partyId)
      .executeTakeFirstOrThrow();
    expect(address.text).toBe('广东省深圳市****');
    expect(
      await a.app.db.selectFrom('sms_outbox').select('id').where('phone', '=', old.number).execute(),
    ).toEqual([]);
    const audit = await a.app.db
      .selectFrom('audit_log')
      .select(['actor_role', 'params', 'summary'])
      .where('action', '=', 'party.piiErased')
      .where('entity_id', '=', String(old.id))
      .executeTakeFirstOrThrow();
    expect(audit.actor_role).toBe('system');
    expect(audit.summary).not.toContain(old.id_number ?? '-');

    // The parties list still answers the masked forms.
    const token = await a.sessionFor('caseOperation');
    const list = await a.call<{ list: Array<{ id: number; idNumber: string }> }>(
      'GET',
      `/api/cases/${old.id}/parties`,
      { token },
    );
    expect(list.body.data.list.find((p) => p.id === old.partyId)?.idNumber).toBe(erased.id_number);
    const reveal = await a.call('POST', `/api/cases/${old.id}/parties/${old.partyId}/reveal`, {
      token,
      body: { field: 'idNumber', reason: 'verifyIdentity' },
    });
    expect(reveal.status).toBe(409);

    const kept = await partyOf(recent.partyId);
    expect(kept.id_number).toBe(recent.id_number);
    expect(kept.pii_erased_at).toBeNull();

    // Two days on, the other case is past the days too, and the next business day's run erases it.
    moveBoth(2 * DAY_MS);
    await Promise.all([runDailySweeps(a.app, DAILY_SWEEPS), runDailySweeps(b.app, DAILY_SWEEPS)]);
    expect((await partyOf(recent.partyId)).pii_erased_at).not.toBeNull();
    const audits = await a.app.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'party.piiErased')
      .where('entity_id', '=', String(recent.id))
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('empties the cells of refused import rows after IMPORT_ROWS_RETENTION_DAYS, audited', async () => {
    const userId = await a.userId('13800000002');
    const importAt = async (days: number) => {
      const { id } = await a.app.db
        .insertInto('case_imports')
        .values({
          user_id: userId,
          file_name: `r${days}.xlsx`,
          mode: 'valid',
          status: 'done',
          total: 1,
          created_at: daysAgo(days),
          finished_at: daysAgo(days),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await a.app.db
        .insertInto('case_import_rows')
        .values({
          import_id: id,
          row_no: 2,
          cells: JSON.stringify(['PT1', '张三', '11010519491231002X']),
          reasons: '[]',
        })
        .execute();
      return id;
    };
    const expired = await importAt(31);
    const recent = await importAt(29);
    moveBoth(DAY_MS / 2);
    moveBoth(DAY_MS / 2);
    await runDailySweeps(a.app, DAILY_SWEEPS);
    const cells = async (id: number) =>
      (
        await a.app.db
          .selectFrom('case_import_rows')
          .select('cells')
          .where('import_id', '=', id)
          .executeTakeFirstOrThrow()
      ).cells;
    expect(await cells(expired)).toBe('[]');
    expect(await cells(recent)).toContain('张三');
    const audit = await a.app.db
      .selectFrom('audit_log')
      .select('params')
      .where('action', '=', 'import.rowsErased')
      .where('entity_id', '=', String(expired))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.params ?? '{}')).toMatchObject({ count: 1 });
  });
});
