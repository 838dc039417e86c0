import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** Numbers as JavaScript would read them, but not as a person writes an id or a page. */
const NOT_DIGITS = ['0x10', ' 1', '1 ', '1e2', '1.0', '+1', '-0', '0b1', '0o7', 'Infinity', ''];

describe('ids and page numbers are digits only', () => {
  it('refuses an id in a path that is not digits, naming it, where it used to read 16, 1 or 100', async () => {
    const token = await server.sessionFor('superAdmin');
    for (const id of NOT_DIGITS.filter((v) => v !== '')) {
      const res = await server.call('GET', `/api/cases/${encodeURIComponent(id)}`, { token });
      expect(res.status, id).toBe(400);
      expect(res.body.code, id).toBe(CODES.validation);
      expect(res.body.errors, id).toEqual([{ path: 'id', message: '编号必须是正整数' }]);
    }
    expect((await server.call('GET', '/api/cases/1', { token })).status).toBe(200);
  });

  it('refuses a page, page size or id filter in a query that is not digits', async () => {
    const token = await server.sessionFor('superAdmin');
    for (const value of NOT_DIGITS) {
      const v = encodeURIComponent(value);
      for (const [query, field] of [
        [`page=${v}`, 'page'],
        [`pageSize=${v}`, 'pageSize'],
        [`lawFirmId=${v}`, 'lawFirmId'],
        [`amountMin=${v}`, 'amountMin'],
      ] as const) {
        const res = await server.call('GET', `/api/cases?${query}`, { token });
        expect(res.status, query).toBe(400);
        expect(
          res.body.errors?.map((e) => e.path),
          query,
        ).toEqual([field]);
      }
    }
    const page = await server.call('GET', '/api/cases?page=0x2', { token });
    expect(page.body.errors?.[0]?.message).toBe('须为整数，只能填写数字');
    const fine = await server.call<{ list: unknown[] }>('GET', '/api/cases?page=2&pageSize=5&amountMin=0', {
      token,
    });
    expect(fine.status).toBe(200);
    expect(fine.body.data.list).toHaveLength(5);
  });

  it('refuses the message list limit and the stream resume point when they are not digits', async () => {
    const token = await server.sessionFor('lawyer');
    const list = await server.call('GET', '/api/message/list?limit=1e1', { token });
    expect(list.status).toBe(400);
    expect(list.body.errors?.map((e) => e.path)).toEqual(['limit']);
    const ticket = await server.call<{ ticket: string }>('POST', '/api/notifications/ticket', { token });
    const stream = await fetch(
      `${server.url}/api/notifications/stream?ticket=${ticket.body.data.ticket}&after=0x1`,
    );
    expect(stream.status).toBe(400);
  });
});
