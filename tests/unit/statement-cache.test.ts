import SQLite from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from '../../server/db/connect';

interface Db {
  notes: { id: Generated<number>; body: string };
}

let sqlite: SQLite.Database;

function open(size?: number) {
  sqlite = new SQLite(':memory:');
  sqlite.exec('create table notes (id integer primary key, body text not null)');
  const prepare = vi.spyOn(sqlite, 'prepare');
  const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, size) }) });
  return { db, prepare };
}

afterEach(() => sqlite?.open && sqlite.close());

describe('the SQLite statement cache under Kysely', () => {
  it('prepares a query once and answers it with fresh parameters every time', async () => {
    const { db, prepare } = open();
    for (const body of ['一', '二', '三']) await db.insertInto('notes').values({ body }).execute();
    const byId = (id: number) =>
      db.selectFrom('notes').select('body').where('id', '=', id).executeTakeFirst();
    expect(await byId(1)).toEqual({ body: '一' });
    expect(await byId(3)).toEqual({ body: '三' });
    expect(await byId(9)).toBeUndefined();
    const selects = prepare.mock.calls.filter(([sql]) => sql.startsWith('select'));
    const inserts = prepare.mock.calls.filter(([sql]) => sql.startsWith('insert'));
    expect(selects).toHaveLength(1);
    expect(inserts).toHaveLength(1);
  });

  it('keeps only the most recently used statements', async () => {
    const { db, prepare } = open(2);
    const shapes = [
      () => db.selectFrom('notes').select('id').execute(),
      () => db.selectFrom('notes').select('body').execute(),
      () => db.selectFrom('notes').select(['id', 'body']).execute(),
    ];
    await shapes[0]();
    await shapes[1]();
    await shapes[0](); // the first shape is now the most recent
    await shapes[2](); // evicts the second
    await shapes[0]();
    expect(prepare).toHaveBeenCalledTimes(3);
    await shapes[1]();
    expect(prepare).toHaveBeenCalledTimes(4);
  });

  it('streams with a cached statement and can run it again afterwards', async () => {
    const { db } = open();
    for (const body of ['a', 'b', 'c']) await db.insertInto('notes').values({ body }).execute();
    const query = db.selectFrom('notes').select('body').orderBy('id');
    const streamed: string[] = [];
    for await (const row of query.stream()) {
      streamed.push(row.body);
      if (streamed.length === 2) break;
    }
    expect(streamed).toEqual(['a', 'b']);
    expect((await query.execute()).map((row) => row.body)).toEqual(['a', 'b', 'c']);
  });

  it('sees a schema change through a statement prepared before it', async () => {
    const { db } = open();
    const all = () => db.selectFrom('notes').selectAll().execute();
    expect(await all()).toEqual([]);
    sqlite.exec("alter table notes add column tag text not null default '待办'");
    await db.insertInto('notes').values({ body: 'x' }).execute();
    expect(await all()).toEqual([{ id: 1, body: 'x', tag: '待办' }]);
  });
});
