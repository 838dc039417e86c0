import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../contract/notifications';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

type List = { list: Message[]; unread: number };

async function addMessage(
  userId: number,
  type: Message['type'],
  title: string,
  createdAt: string,
  status = 0,
) {
  const row = await server.app.db
    .insertInto('messages')
    .values({ user_id: userId, type, title, content: `${title} content`, status, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function auditCount(action: string) {
  const row = await server.app.db
    .selectFrom('audit_log')
    .where('action', '=', action)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('messages bell', () => {
  it('lists only the caller’s own messages, newest first, with the unread count', async () => {
    const token = await server.sessionFor('lawyer');
    const me = await server.userId('13800000005');
    const res = await server.call<List>('GET', '/api/message/list', { token });
    expect(res.status).toBe(200);
    const { list, unread } = res.body.data;
    expect(list.length).toBeGreaterThan(0);
    const stored = await server.app.db
      .selectFrom('messages')
      .select(['id', 'status'])
      .where('user_id', '=', me)
      .execute();
    const mine = new Set(stored.map((m) => m.id));
    expect(list.every((m) => mine.has(m.id))).toBe(true);
    expect(unread).toBe(stored.filter((m) => m.status === 0).length);
    const times = list.map((m) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by type and counts unread within that type', async () => {
    const token = await server.sessionFor('caseOperation');
    const me = await server.userId('13800000002');
    await addMessage(me, 'todo', 'a fresh todo', new Date().toISOString());
    const res = await server.call<List>('GET', '/api/message/list?type=todo', { token });
    expect(res.status).toBe(200);
    expect(res.body.data.list.length).toBeGreaterThan(0);
    expect(res.body.data.list.every((m) => m.type === 'todo')).toBe(true);
    expect(res.body.data.list[0].title).toBe('a fresh todo');
    const todos = await server.app.db
      .selectFrom('messages')
      .select('id')
      .where('user_id', '=', me)
      .where('type', '=', 'todo')
      .where('status', '=', 0)
      .execute();
    expect(res.body.data.unread).toBe(todos.length);
  });

  it('returns at most `limit` messages and refuses limits past 100', async () => {
    const token = await server.sessionFor('caseOperation');
    const two = await server.call<List>('GET', '/api/message/list?limit=2', { token });
    expect(two.body.data.list).toHaveLength(2);
    const tooMany = await server.call('GET', '/api/message/list?limit=500', { token });
    expect(tooMany.status).toBe(400);
    const badType = await server.call('GET', '/api/message/list?type=spam', { token });
    expect(badType.status).toBe(400);
  });

  it('marks the caller’s messages read, answers the new unread count and writes one audit row', async () => {
    const token = await server.sessionFor('bussinessOperation');
    const me = await server.userId('13800000003');
    const a = await addMessage(me, 'message', 'unread one', new Date().toISOString());
    const b = await addMessage(me, 'notice', 'unread two', new Date().toISOString());
    const before = (await server.call<List>('GET', '/api/message/list', { token })).body.data.unread;
    const audits = await auditCount('message.read');

    const res = await server.call<{ read: number; unread: number }>('POST', '/api/message/read', {
      token,
      body: { ids: [a, b] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ read: 2, unread: before - 2 });
    expect(await auditCount('message.read')).toBe(audits + 1);
    const list = (await server.call<List>('GET', '/api/message/list', { token })).body.data;
    expect(list.list.find((m) => m.id === a)?.status).toBe(1);
    expect(list.unread).toBe(before - 2);
  });

  it('ignores other users’ message ids and tells nothing about them', async () => {
    const lawyerToken = await server.sessionFor('lawyer');
    const other = await server.userId('13800000004');
    const theirs = await addMessage(other, 'message', 'not yours', new Date().toISOString());
    const audits = await auditCount('message.read');

    const res = await server.call<{ read: number; unread: number }>('POST', '/api/message/read', {
      token: lawyerToken,
      body: { ids: [theirs] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.read).toBe(0);
    const row = await server.app.db
      .selectFrom('messages')
      .select('status')
      .where('id', '=', theirs)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(0);
    expect(await auditCount('message.read')).toBe(audits);
  });

  it('rejects an empty id list and anonymous callers', async () => {
    const token = await server.sessionFor('lawyer');
    expect((await server.call('POST', '/api/message/read', { token, body: { ids: [] } })).status).toBe(400);
    expect((await server.call('GET', '/api/message/list')).status).toBe(401);
    expect((await server.call('POST', '/api/message/read', { body: { ids: [1] } })).status).toBe(401);
  });
});
