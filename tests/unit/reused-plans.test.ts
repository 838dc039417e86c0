import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config';
import { connectDatabase } from '../../server/db/connect';
import { reusedName, reusePlan } from '../../server/db/reused-plans';
import type { Database } from '../../server/db/schema';

/** Compiles only: enough to see which statements reusePlan accepts. */
const offline = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('reusePlan', () => {
  it('refuses a statement with *, which PostgreSQL would refuse once a migration adds a column', () => {
    expect(() => reusePlan(offline.selectFrom('cases').selectAll().compile())).toThrow(/\*/);
    expect(() =>
      reusePlan(offline.selectFrom('cases').selectAll('cases').select('cases.id').compile()),
    ).toThrow(/\*/);
    const counted = offline
      .selectFrom('cases')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .compile();
    expect(reusePlan(counted)).toBe(counted);
  });

  it('names a statement once, by its text', () => {
    const query = offline.selectFrom('users').select(['id', 'name']).where('phone', '=', '1');
    reusePlan(query.compile());
    const name = reusedName(query.compile().sql);
    expect(name).toMatch(/^casedesk_reused_\d+$/);
    reusePlan(offline.selectFrom('users').select(['id', 'name']).where('phone', '=', '2').compile());
    expect(reusedName(query.compile().sql)).toBe(name);
  });
});

/** On a PostgreSQL server (TEST_PG_URL) through the API's own connections (connect.ts). */
describe.skipIf(!process.env.TEST_PG_URL)('marked statements on a PostgreSQL server', () => {
  it('are prepared once per connection under their name, and others are not', async () => {
    const handle = connectDatabase(process.env.TEST_PG_URL as string, PROJECT_ROOT);
    try {
      await handle.db.connection().execute(async (conn) => {
        const marked = (n: number) =>
          reusePlan(
            conn
              .selectFrom(sql<{ n: number }>`(select ${n}::int as n)`.as('t'))
              .select('t.n')
              .where('t.n', '>', 0)
              .compile(),
          );
        expect((await conn.executeQuery(marked(1))).rows[0].n).toBe(1);
        expect((await conn.executeQuery(marked(2))).rows[0].n).toBe(2);
        await sql`select ${'unmarked'}::text as s`.execute(conn);
        const { rows } = await sql<{
          name: string;
          statement: string;
        }>`select name, statement from pg_prepared_statements`.execute(conn);
        const name = reusedName(marked(3).sql);
        expect(rows.filter((r) => r.name === name)).toHaveLength(1);
        expect(rows.some((r) => r.statement.includes('unmarked'))).toBe(false);
      });
    } finally {
      await handle.close();
    }
  });
});
