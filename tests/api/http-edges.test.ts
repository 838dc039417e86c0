import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import type { Role } from '../../contract/roles';
import { readConfig } from '../../server/config';
import type { ApiRoute } from '../../server/http/route';
import { isAllowed } from '../../server/http/route';
import { apiRoutes } from '../../server/routes';
import { startServer, type TestServer } from './harness';
import { expectSecurityHeaders } from './security-headers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const ROLES_IN_ORDER: Role[] = [
  'superAdmin',
  'caseOperation',
  'bussinessOperation',
  'lawfirmContactPerson',
  'lawyer',
  'admin',
];

/** A role the route lets in (or none for public routes). */
function roleFor(route: ApiRoute): Role | null {
  if (route.access === 'public') return null;
  return ROLES_IN_ORDER.find((role) => isAllowed(route.access, role)) ?? null;
}

function concretePath(route: ApiRoute) {
  return `/api${route.url.replace(/:\w+/g, '1')}`;
}

async function callAsAllowed(
  route: ApiRoute,
  opts: { body?: unknown; rawBody?: string; query?: string } = {},
) {
  const role = roleFor(route);
  const token = role ? await server.sessionFor(role) : undefined;
  const headers = opts.rawBody !== undefined ? { 'content-type': 'application/json' } : undefined;
  return server.call(route.method, concretePath(route) + (opts.query ?? ''), {
    token,
    body: opts.body,
    rawBody: opts.rawBody,
    headers,
  });
}

function expectFieldErrors(res: Awaited<ReturnType<TestServer['call']>>) {
  expect(res.body).toMatchObject({ status: 'fail', code: CODES.validation });
  expect(res.body.errors?.length).toBeGreaterThan(0);
  for (const error of res.body.errors ?? []) {
    expect(error.path).toBeTruthy();
    expect(error.message).toBeTruthy();
  }
}

describe('bad input', () => {
  const withBody = apiRoutes.filter((r) => r.body);
  const withQuery = apiRoutes.filter((r) => r.query);

  it('covers the routes that take input', () => {
    expect(withBody.length).toBeGreaterThanOrEqual(10);
    expect(withQuery.length).toBeGreaterThanOrEqual(3);
  });

  it.each(withBody.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s answers a body that is not an object with 400, never a 500',
    async (_, route) => {
      for (const body of [null, [], 'text', 42]) {
        const res = await callAsAllowed(route, { body });
        expect(res.status, JSON.stringify({ body, answer: res.body })).toBe(400);
        expectFieldErrors(res);
      }
    },
  );

  it.each(withBody.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s answers fields of the wrong type with 4xx naming them, never a 500',
    async (_, route) => {
      const body = { phone: {}, id: 'x', role: [], password: 1, code: true, status: 7, email: 5 };
      const res = await callAsAllowed(route, { body });
      expect(res.status, JSON.stringify(res.body)).not.toBe(500);
      if (res.status === 400) expectFieldErrors(res);
    },
  );

  it.each(withQuery.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s answers a query of the wrong shape without a 500',
    async (_, route) => {
      const res = await callAsAllowed(route, {
        query: '?page=x&pageSize=-1&id=abc&phone=12&purpose=nope&role=root&enabled=perhaps',
      });
      expect(res.status, JSON.stringify(res.body)).not.toBe(500);
      if (res.status === 400) expectFieldErrors(res);
    },
  );

  it.each([
    ['/api/users', ['enabled', 'page', 'pageSize', 'phone', 'role']],
    ['/api/send-sms', ['phone', 'purpose']],
    ['/api/user-info', ['id']],
  ])('names every wrong query field of %s', async (path, fields) => {
    const res = await server.call(
      'GET',
      `${path}?page=x&pageSize=-1&id=abc&phone=${'9'.repeat(21)}&purpose=nope&role=root&enabled=perhaps`,
      {
        token: await server.sessionFor('superAdmin'),
      },
    );
    expect(res.status).toBe(400);
    expect([...new Set(res.body.errors?.map((e) => e.path))].sort()).toEqual(fields);
  });

  it('names a path parameter that is not a positive integer', async () => {
    const res = await server.call('PUT', '/api/users/enable/abc', {
      token: await server.sessionFor('superAdmin'),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path)).toEqual(['id']);
  });

  it('names an id no row can have (2^31 and more: PostgreSQL ids are 32-bit), on both databases', async () => {
    const token = await server.sessionFor('superAdmin');
    for (const path of ['/api/cases/2147483648', '/api/cases/1/attachments/99999999999']) {
      const res = await server.call('GET', path, { token });
      expect(res.status, path).toBe(400);
      expect(res.body.errors?.[0]?.message, path).toBe('编号必须是正整数');
    }
    expect((await server.call('GET', '/api/cases/2147483647', { token })).status).toBe(404);
  });

  it('names a body id no row can have, on both databases', async () => {
    const res = await server.call('POST', '/api/cases/bulk-transitions', {
      token: await server.sessionFor('superAdmin'),
      body: { event: 'PUSH', ids: [2147483648], lawFirmId: 2147483648 },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path).sort()).toEqual(['ids.0', 'lawFirmId']);
  });

  it('explains the fields in English when asked', async () => {
    const res = await server.call('POST', '/api/register/lawyer', {
      body: { phone: '1' },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.body.msg).toBe('Invalid request parameters');
    expect(res.body.errors?.find((e) => e.path === 'phone')?.message).toBe(
      'Enter a valid 11-digit mobile number',
    );
  });
});

describe('HTTP edges', () => {
  it('answers invalid JSON with 400', async () => {
    const res = await server.call('POST', '/api/login', {
      rawBody: '{"phone": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: 'fail',
      code: CODES.validation,
      msg: '请求内容不是合法的 JSON',
    });
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await server.call('POST', '/api/login', {
      rawBody: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('fail');
  });

  it('refuses a prototype-polluting body with 400', async () => {
    const res = await server.call('POST', '/api/login', {
      rawBody: '{"phone":"13800000001","password":"x","__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('fail');
  });

  it('answers a body that is not JSON with 415', async () => {
    const res = await server.call('POST', '/api/login', {
      rawBody: 'phone=13800000001&password=Demo%402026',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ status: 'fail', msg: '不支持的请求格式' });
  });

  it('answers a text/plain body with 415: the API reads JSON', async () => {
    const res = await server.call('POST', '/api/login', {
      rawBody: '{"phone":"13800000001","password":"Demo@2026"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ status: 'fail', code: CODES.validation, msg: '不支持的请求格式' });
  });

  it.each([
    ['zh-CN', '请求地址无效'],
    ['en-US', 'The request address is not valid'],
  ])('answers a URL that cannot be decoded with a 400 envelope (%s)', async (lang, msg) => {
    const res = await server.call('GET', '/api/cases/%E0%A4%A', { headers: { 'accept-language': lang } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toEqual({ status: 'fail', code: CODES.validation, msg });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expectSecurityHeaders(res.headers);
  });

  it('answers a request Node cannot read (a broken request line) with a 400 envelope', async () => {
    const answer = await rawExchange('GET /api/health HTTP/1.1 extra\r\nHost: x\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ status: 'fail', code: CODES.validation, msg: '请求格式有误' });
    expectSecurityHeaders(answer.headers);
  });

  it('answers headers over the size Node reads with a 431 envelope', async () => {
    const answer = await rawExchange(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ status: 'fail', code: CODES.validation, msg: '请求头过大' });
    expectSecurityHeaders(answer.headers);
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await server.call('POST', '/api/login', {
      body: { phone: '13800000001', password: 'x'.repeat(1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ status: 'fail', code: CODES.payloadTooLarge, msg: '请求内容过大' });
  });

  it('still takes a body just under the limit', async () => {
    const res = await server.call('POST', '/api/login', {
      body: { phone: '13800000001', password: 'x'.repeat(1000 * 1000) },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path)).toEqual(['password']);
  });

  it.each([
    ['GET', '/api/nothing-here'],
    ['GET', '/api'],
    ['POST', '/api/users/enable/1'],
    ['DELETE', '/api/users'],
  ])('answers %s %s with a 404 envelope', async (method, path) => {
    const res = await server.call(method, path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toEqual({ status: 'fail', code: CODES.notFound, msg: '接口不存在' });
  });

  it('reports liveness, database readiness and the process that answered', async () => {
    const res = await server.call('GET', '/api/health');
    expect(res.status).toBe(200);
    // The test server runs in this process, outside any cluster.
    expect(res.body.data).toMatchObject({ status: 'up', database: 'ready', pid: process.pid, worker: null });
  });

  it('gives every answer a request id', async () => {
    const ok = await server.call('GET', '/api/health');
    const missing = await server.call('GET', '/api/nothing-here');
    expect(ok.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(missing.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(ok.headers.get('x-request-id')).not.toBe(missing.headers.get('x-request-id'));
  });
});

describe('security headers', () => {
  it.each([
    ['an ok envelope', 'GET', '/api/health'],
    ['a refusal', 'GET', '/api/users'],
    ['a 404', 'GET', '/api/nothing-here'],
    ['a refused body', 'POST', '/api/login'],
  ])('come with %s', async (_, method, path) => {
    const post = method === 'POST';
    const res = await server.call(method, path, {
      rawBody: post ? '{' : undefined,
      headers: post ? { 'content-type': 'application/json' } : {},
    });
    expect(res.status).not.toBe(500);
    expectSecurityHeaders(res.headers);
  });

  it('come with a download', async () => {
    const res = await fetch(`${server.url}/api/cases/export?ids=1`, {
      headers: { authorization: `Bearer ${await server.sessionFor('caseOperation')}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment/);
    expectSecurityHeaders(res.headers);
  });
});

/** One request written straight to the socket: for what fetch will not send. */
function rawExchange(text: string): Promise<{ status: number; headers: Headers; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...body] = received.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = new Headers();
      for (const line of lines)
        headers.append(line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim());
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: body.join('\r\n\r\n') });
    });
  });
}

describe('GET /api/docs', () => {
  it('is for signed-in superAdmin and admin only', async () => {
    const anonymous = await server.call('GET', '/api/docs');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ status: 'fail', code: CODES.illegalToken });
    for (const role of ['caseOperation', 'bussinessOperation', 'lawfirmContactPerson', 'lawyer'] as const) {
      const refused = await server.call('GET', '/api/docs', { token: await server.sessionFor(role) });
      expect(refused.status, role).toBe(403);
      expect(refused.body, role).toEqual({
        status: 'fail',
        code: CODES.forbidden,
        msg: '没有权限执行此操作',
      });
    }
    for (const role of ['superAdmin', 'admin'] as const) {
      const res = await server.call('GET', '/api/docs', { token: await server.sessionFor(role) });
      expect(res.status, role).toBe(200);
      expect((res.body as unknown as { openapi: string }).openapi).toMatch(/^3\./);
    }
  });

  it('is for anyone when API_DOCS_PUBLIC=1, and says so', async () => {
    const open = await startServer({ API_DOCS_PUBLIC: '1' });
    try {
      const res = await open.call('GET', '/api/docs');
      expect(res.status).toBe(200);
      const doc = res.body as unknown as { paths: Record<string, Record<string, { security: unknown[] }>> };
      expect(doc.paths['/api/docs'].get.security).toEqual([]);
    } finally {
      await open.close();
    }
  });

  it('takes API_DOCS_PUBLIC as 1 or 0 only', () => {
    expect(readConfig({ API_DOCS_PUBLIC: '1' }).apiDocsPublic).toBe(true);
    expect(readConfig({ API_DOCS_PUBLIC: '0' }).apiDocsPublic).toBe(false);
    expect(readConfig({}).apiDocsPublic).toBe(false);
    expect(() => readConfig({ API_DOCS_PUBLIC: 'yes' })).toThrow(/API_DOCS_PUBLIC/);
  });

  it('is an OpenAPI 3 document listing every declared route and nothing else', async () => {
    const res = await server.call('GET', '/api/docs', { token: await server.sessionFor('admin') });
    expect(res.status).toBe(200);
    const doc = res.body as unknown as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const declared = apiRoutes.map((r) => `${r.method} /api${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(documented.sort()).toEqual(declared.sort());
  });

  it('documents the request body, parameters and security of a route', async () => {
    const doc = (await server.call('GET', '/api/docs', { token: await server.sessionFor('admin') }))
      .body as unknown as {
      paths: Record<
        string,
        Record<string, { security: unknown[]; parameters: Array<{ name: string }>; requestBody?: unknown }>
      >;
    };
    const enable = doc.paths['/api/users/enable/{id}'].put;
    expect(enable.parameters.map((p) => p.name)).toEqual(['id']);
    expect(enable.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/login'].post.requestBody).toBeTruthy();
    expect(doc.paths['/api/login'].post.security).toEqual([]);
    expect(doc.paths['/api/docs'].get.security).toEqual([{ bearer: [] }]);
  });
});
