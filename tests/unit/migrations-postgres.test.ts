import { type Kysely, Migrator, NO_MIGRATIONS, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrationProvider } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { containsText } from '../../server/db/text-search';
import { uniqueViolation } from '../../server/db/unique-violation';
import { expectKeywordIndexMigration, seedDatabaseForFile } from './seeded-database';

/**
 * The migrations on PostgreSQL (PGlite: real PostgreSQL in this process). The API suite runs
 * on it too (vitest project api-pg); this file checks what only the schema shows.
 */
const fresh = seedDatabaseForFile('casedesk-migrate-pg-', { kind: 'pglite', cases: 50 });
const db = (): Kysely<Database> => fresh.handle.db;

describe('0017: the keyword index', () => {
  it('indexes the cases already stored when it is added, and goes away on the way down', async () => {
    await expectKeywordIndexMigration(db(), 50);
  });
});

describe('the migrations on PostgreSQL', () => {
  it('apply in the same order as on SQLite, and nothing the second time', async () => {
    expect(fresh.applied).toEqual(Object.keys(await migrationProvider.getMigrations()).sort());
    expect(await migrateToLatest(db())).toEqual([]);
  });

  it('number ids with identity columns that carry on after the seed', async () => {
    const { rows } = await sql<{ table_name: string }>`select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'id' and is_identity = 'YES'`.execute(db());
    expect(rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(['cases', 'users', 'case_pushes']));
    const before = await db()
      .selectFrom('case_pushes')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirstOrThrow();
    const caseId = (await db().selectFrom('cases').select('id').executeTakeFirstOrThrow()).id;
    const firmId = (await db().selectFrom('law_firms').select('id').executeTakeFirstOrThrow()).id;
    const added = await db()
      .insertInto('case_pushes')
      .values({
        case_id: caseId,
        law_firm_id: firmId,
        pushed_at: new Date().toISOString(),
        push_status: 'pushed',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(added.id).toBeGreaterThan(Number(before.max ?? 0));
  });

  it('give the services numbers for bigint amounts, counts and sums, as SQLite does', async () => {
    const row = await db()
      .selectFrom('cases')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('amount_fen').as('total'),
        'amount_fen',
      ])
      .groupBy('amount_fen')
      .executeTakeFirstOrThrow();
    expect(typeof row.n).toBe('number');
    expect(typeof row.total).toBe('number');
    expect(typeof row.amount_fen).toBe('number');
  });

  it('index the searched case columns with trigrams, and the search ignores case', async () => {
    const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes
      where tablename = 'cases' and indexname like '%_trgm_idx'`.execute(db());
    expect(rows.map((r) => r.indexname).sort()).toEqual([
      'cases_case_no_trgm_idx',
      'cases_client_name_trgm_idx',
      'cases_debtor_name_trgm_idx',
      'cases_title_trgm_idx',
    ]);
    const one = await db().selectFrom('cases').select(['id', 'case_no']).executeTakeFirstOrThrow();
    const found = await db()
      .selectFrom('cases')
      .select('id')
      .where(() => containsText('case_no', one.case_no.slice(0, 6).toLowerCase()))
      .execute();
    expect(found.map((r) => r.id)).toContain(one.id);
  });

  it('name the columns a unique constraint refused, as on SQLite', async () => {
    const { id: _, ...taken } = await db().selectFrom('users').selectAll().executeTakeFirstOrThrow();
    const err = await db()
      .insertInto('users')
      .values(taken)
      .execute()
      .catch((e: unknown) => e);
    expect(uniqueViolation(err)).toEqual(['users.phone']);
  });

  it('go all the way down and up again', async () => {
    const migrator = new Migrator({ db: db(), provider: migrationProvider });
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    const { rows } = await sql<{ n: number }>`select count(*) as n from information_schema.tables
      where table_schema = 'public' and table_name not like 'kysely_%'`.execute(db());
    expect(rows[0].n).toBe(0);
    expect((await migrateToLatest(db())).length).toBe(fresh.applied.length);
  });
});
