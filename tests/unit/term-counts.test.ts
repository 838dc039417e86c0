import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTermsAfresh, insertTermRows } from '../../server/cases/search-terms';
import { PROJECT_ROOT } from '../../server/config';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrateToLatest, migrationProvider } from '../../server/db/migrate';
import { seedDemoData } from '../../server/seed/seed';

/**
 * The keyword index's counts (migration 0030, server/cases/search-terms.ts): every bigram's
 * count is at least its postings, and a bigram counted past the limit gets no more postings,
 * on SQLite and on PostgreSQL (PGlite) alike.
 */
describe.each(['sqlite', 'pglite'] as const)('the term counts on %s', (kind) => {
  let dir: string;
  let handle: DatabaseHandle;
  const db = () => handle.db;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `casedesk-terms-${kind}-`));
    handle = connectDatabase(
      kind === 'sqlite' ? `sqlite:${join(dir, 'db.sqlite')}` : 'pglite:',
      PROJECT_ROOT,
      {
        dataDir: join(dir, 'pg'),
      },
    );
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, { cases: 12, now: new Date('2026-06-01T08:00:00Z') });
  }, 120_000);
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const grouped = async () =>
    Object.fromEntries(
      (
        await sql<{
          term: string;
          n: number;
        }>`select term, count(*) as n from case_terms group by term`.execute(db())
      ).rows.map((r) => [r.term, Number(r.n)]),
    );
  const counts = async () =>
    Object.fromEntries(
      (await db().selectFrom('case_term_counts').select(['term', 'postings']).execute()).map((r) => [
        r.term,
        Number(r.postings),
      ]),
    );
  const caseIds = async () =>
    (await db().selectFrom('cases').select('id').orderBy('id').execute()).map((r) => r.id);

  it('0030 counts the index as it stands, and the seed counts what it wrote', async () => {
    const seeded = await grouped();
    expect(Object.keys(seeded).length).toBeGreaterThan(12);
    expect(await counts()).toEqual(seeded);
    const migrator = new Migrator({ db: db(), provider: migrationProvider });
    expect((await migrator.migrateTo('0029_sweeps_and_retention')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await counts()).toEqual(seeded);
  });

  it('counts what it inserts, and stops giving a bigram postings once counted past the limit', async () => {
    const ids = await caseIds();
    await insertTermRows(
      db(),
      ids.slice(0, 3).map((case_id) => ({ term: '甲乙', case_id })),
      4,
    );
    expect((await counts()).甲乙).toBe(3);
    // Two more: the count goes to 5, past 4; the bigram keeps the three it had and gets no more.
    await insertTermRows(
      db(),
      ids
        .slice(3, 5)
        .map((case_id) => ({ term: '甲乙', case_id }))
        .concat([{ term: '丙丁', case_id: ids[0] }]),
      4,
    );
    expect((await counts()).甲乙).toBe(5);
    expect((await counts()).丙丁).toBe(1);
    const postings = async (term: string) =>
      (await db().selectFrom('case_terms').select('case_id').where('term', '=', term).execute())
        .map((r) => r.case_id)
        .sort((a, b) => a - b);
    expect(await postings('甲乙')).toEqual(ids.slice(0, 3));
    await insertTermRows(db(), [{ term: '甲乙', case_id: ids[5] }], 4);
    expect((await counts()).甲乙).toBe(5);
    expect(await postings('甲乙')).toEqual(ids.slice(0, 3));
    expect(await postings('丙丁')).toEqual([ids[0]]);
  });

  it('counts afresh from the index, leaving no postings to a bigram past the limit', async () => {
    const ids = await caseIds();
    await insertTermRows(
      db(),
      ids.slice(0, 4).map((case_id) => ({ term: '戊己', case_id })),
    );
    await countTermsAfresh(db(), 3);
    const after = await counts();
    expect(after.戊己).toBe(4);
    expect(after.甲乙).toBe(3);
    const left = await grouped();
    expect(left.戊己).toBeUndefined();
    expect(left.甲乙).toBe(3);
    for (const [term, n] of Object.entries(left)) expect(after[term], term).toBe(n);
  });
});
