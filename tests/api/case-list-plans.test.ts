import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseFilter } from '../../contract/case-api';
import { caseFilterConditions, restrict } from '../../server/cases/filters';
import { type CaseOrder, windowOfCases, windowOfIds } from '../../server/cases/list';
import { dialectOf } from '../../server/db/dialect-of';
import { startServer, type TestServer } from './harness';

/**
 * A page of the case list filtered by a region range leaves the region's index to the counts
 * (`caseFilterConditions(db, filter, 'page')`): SQLite, planning without statistics, would
 * otherwise read every case of the province by that index and sort them all for one page.
 * Same cases either way; on SQLite the page walks the sort's own index.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const db = () => server.app.db;
const everyCase = [[]];

/** A province, a city and a county of a seeded case, with and without statuses. */
async function filters(): Promise<Array<Partial<CaseFilter>>> {
  const { region_code: county } = await db()
    .selectFrom('cases')
    .select('region_code')
    .where('status', '=', 'processing')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const province = `${county.slice(0, 2)}0000`;
  const city = `${county.slice(0, 4)}00`;
  return [
    { status: ['processing'], region: province },
    { region: province },
    { region: city },
    { status: ['processing'], region: county },
    { status: ['pending', 'closed'], region: '440000' },
  ];
}
const ORDERS: CaseOrder[] = [
  { column: 'created_at', dir: 'desc' },
  { column: 'amount_fen', dir: 'asc' },
  { column: 'court_session_at', dir: 'desc' },
];

describe('a page filtered by a region range', () => {
  it('holds the same cases in the same order as with the region index', async () => {
    const list = await filters();
    for (const filter of list) {
      const counted = await caseFilterConditions(db(), filter);
      const paged = await caseFilterConditions(db(), filter, 'page');
      for (const order of ORDERS) {
        for (const offset of [0, 20]) {
          const window = { limit: 20, offset };
          const a = await windowOfIds(db(), everyCase, counted, order, window);
          const b = await windowOfIds(db(), everyCase, paged, order, window);
          expect(b, JSON.stringify({ filter, order, offset })).toEqual(a);
        }
      }
    }
    // Not vacuous: the first filters match cases.
    const first = await caseFilterConditions(db(), list[0]);
    expect((await windowOfIds(db(), everyCase, first, ORDERS[0], { limit: 21 })).length).toBe(21);
  });

  it('walks the order’s index on SQLite instead of sorting the province', async () => {
    if (dialectOf(db()) !== 'sqlite') return;
    const plan = async (use: 'count' | 'page') => {
      const query = restrict(
        db().selectFrom('cases').select('cases.id'),
        await caseFilterConditions(db(), { status: ['processing'], region: '440000' }, use),
      )
        .orderBy('cases.created_at', 'desc')
        .orderBy('cases.id', 'desc')
        .limit(20)
        .compile();
      const rows = await db().executeQuery(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      return rows.rows.map((r) => (r as { detail: string }).detail).join('\n');
    };
    expect(await plan('count')).toMatch(/cases_status_region_created_idx/);
    const page = await plan('page');
    expect(page).toMatch(/cases_status_created_idx/);
    expect(page).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });

  it('reads a page with its names in one statement: the window first, then each case by its id', async () => {
    const filter: Partial<CaseFilter> = { status: ['processing'], region: '440000' };
    const paged = await caseFilterConditions(db(), filter, 'page');
    const order = ORDERS[0];
    const ids = await windowOfIds(db(), everyCase, paged, order, { limit: 20, offset: 20 });
    const query = windowOfCases(db(), everyCase, paged, order, { limit: 20, offset: 20 });
    const rows = await query.execute();
    expect(ids.length).toBe(20);
    expect(rows.map((r) => r.id)).toEqual(ids.map((c) => c.id));
    expect(rows.every((r) => r.lawyer_id === null || typeof r.lawyer_name === 'string')).toBe(true);
    if (dialectOf(db()) !== 'sqlite') return;
    const compiled = query.compile();
    const plan = (
      await db().executeQuery(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      )
    ).rows
      .map((r) => (r as { detail: string }).detail)
      .join('\n');
    expect(plan).toMatch(/MATERIALIZE w[\s\S]*cases_status_created_idx[\s\S]*SCAN w/);
    expect(plan).toMatch(/SEARCH cases USING INTEGER PRIMARY KEY/);
    expect(plan).not.toMatch(/SCAN cases/);
  });
});
