import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import { ROLES } from '../../contract/roles';
import { type ApiRoute, isAllowed } from '../../server/http/route';
import { apiRoutes } from '../../server/routes';
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

/** The string fields of a request part's object schema (optional, nullable, defaulted or piped ones too). */
function stringFields(schema: unknown): string[] {
  const defOf = (s: unknown) => (s as { _zod: { def: Record<string, unknown> } })._zod.def;
  const unwrap = (s: unknown): unknown => {
    const def = defOf(s);
    if (
      ['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(
        def.type as string,
      )
    )
      return unwrap(def.innerType);
    if (def.type === 'pipe') return unwrap(defOf(def.in).type === 'transform' ? def.out : def.in);
    return s;
  };
  const object = unwrap(schema);
  const def = defOf(object);
  if (def.type !== 'object') return [];
  return Object.entries(def.shape as Record<string, unknown>)
    .filter(([, field]) => defOf(unwrap(field)).type === 'string')
    .map(([name]) => name);
}

describe('text a person never types is refused in every field, on both databases', () => {
  const roleFor = (route: ApiRoute) =>
    route.access === 'public' ? null : ROLES.find((role) => isAllowed(route.access, role));
  const concretePath = (route: ApiRoute) => `/api${route.url.replace(/:\w+/g, '1')}`;

  it('refuses a bidi override in every string field of every JSON body, naming the field', async () => {
    const missed: string[] = [];
    let fields = 0;
    for (const route of apiRoutes.filter((r) => r.body)) {
      const role = roleFor(route);
      const token = role ? await server.sessionFor(role) : undefined;
      for (const field of stringFields(route.body)) {
        fields++;
        const res = await server.call(route.method, concretePath(route), {
          token,
          body: { [field]: 'ab\u202Ecd' },
        });
        if (res.status !== 400 || !res.body.errors?.some((e) => e.path === field))
          missed.push(
            `${route.method} ${route.url} ${field}: ${res.status} ${JSON.stringify(res.body.errors)}`,
          );
      }
    }
    expect(missed).toEqual([]);
    expect(fields).toBeGreaterThanOrEqual(30);
  });

  it('refuses NUL and controls in every string field of every query, before any header is sent', async () => {
    const missed: string[] = [];
    let fields = 0;
    for (const route of apiRoutes.filter((r) => r.query && r.credential !== 'ticket')) {
      const role = roleFor(route);
      const token = role ? await server.sessionFor(role) : undefined;
      for (const field of stringFields(route.query)) {
        fields++;
        for (const value of ['%00', 'a%01b', 'a%E2%80%AEb']) {
          const res = await server.call(route.method, `${concretePath(route)}?${field}=${value}`, { token });
          if (res.status !== 400 || !res.body.errors?.some((e) => e.path === field))
            missed.push(
              `${route.method} ${route.url} ${field}=${value}: ${res.status} ${JSON.stringify(res.body)}`,
            );
        }
      }
    }
    expect(missed).toEqual([]);
    expect(fields).toBeGreaterThanOrEqual(8);
  });

  it('answers the case export with keyword=%00 with a 400 envelope, not 200 headers and a dropped connection', async () => {
    const res = await server.call('GET', '/api/cases/export?keyword=%00', {
      token: await server.sessionFor('superAdmin'),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body.errors).toEqual([
      { path: 'keyword', message: '不能包含控制字符、文字方向控制符或残缺的字符' },
    ]);
  });

  it('answers an anonymous sign-in with a NUL phone 400 naming phone', async () => {
    const res = await server.call('POST', '/api/login', { body: { phone: '\u0000', password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path)).toEqual(['phone']);
  });

  it('refuses NUL anywhere in a body, even under a key no schema names', async () => {
    const res = await server.call('POST', '/api/login', {
      body: { phone: '13800000001', password: 'x', extra: [{ note: 'a\u0000' }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path)).toEqual(['extra.0.note']);
  });

  it('refuses a reason of only invisible characters, and NUL, line breaks or lone surrogates in a name', async () => {
    const token = await server.sessionFor('superAdmin');
    const { id, version } = await aCase(token);
    const blank = await server.call('POST', `/api/cases/${id}/transitions`, {
      token,
      body: { event: 'SUSPEND', version, reason: '\u200B\u200D \u3000' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([{ path: 'reason', message: '不能只有空白或不可见的字符' }]);
    for (const debtorName of ['张\u0000三', '张\n三', '张\uD842三', '\u202E三张', '张\u0085三']) {
      const res = await server.call('PUT', `/api/cases/${id}`, { token, body: { version, debtorName } });
      expect(res.status, JSON.stringify(debtorName)).toBe(400);
      expect(res.body.errors?.map((e) => e.path)).toEqual(['debtorName']);
    }
  });

  it('keeps what real text needs: line breaks in notes, rare characters, joiners and · in names', async () => {
    const token = await server.sessionFor('superAdmin');
    const { id, version } = await aCase(token);
    const name = '阿依古丽·买买提𠮷\u200D';
    const edit = await server.call<{ debtorName: string; version: number }>('PUT', `/api/cases/${id}`, {
      token,
      body: { version, debtorName: name, description: '第一行\r\n第二行\t备注' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.data.debtorName).toBe(name);
    const stored = await server.app.db
      .selectFrom('cases')
      .select(['debtor_name', 'description'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ debtor_name: name, description: '第一行\r\n第二行\t备注' });
  });
});

/** A case the super admin may edit, with its version. */
async function aCase(token: string) {
  const res = await server.call<{ list: { id: number; version: number }[] }>('GET', '/api/cases?pageSize=1', {
    token,
  });
  const row = res.body.data.list[0];
  if (!row) throw new Error('no case');
  return row;
}
