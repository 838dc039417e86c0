import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CODES } from '../../contract/codes';
import { buildApp } from '../../server/app';
import { PROJECT_ROOT, readConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { fail } from '../../server/http/errors';
import { type ApiRoute, defineRoute } from '../../server/http/route';

const SECRET = 'SQLITE_IOERR at /srv/casedesk/data/casedesk.db token=5f3a';

const newUser = (phone: string, accountId: string) => ({
  phone,
  password_hash: 'x',
  name: '重复',
  role: 'admin',
  registered_at: '2026-01-01T00:00:00Z',
  account_id: accountId,
  updated_at: '2026-01-01T00:00:00Z',
});

const routes: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/boom',
    summary: 'throws',
    tags: ['test'],
    access: 'public',
    handler: async () => {
      throw new Error(SECRET);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/throws-a-string',
    summary: 'throws something that is not an Error',
    tags: ['test'],
    access: 'public',
    handler: async () => {
      throw SECRET;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/wrong-shape',
    summary: 'answers data that breaks its own schema',
    tags: ['test'],
    access: 'public',
    response: z.object({ count: z.number() }),
    handler: async () => ({ count: 'many' }) as never,
  }),
  defineRoute({
    method: 'POST',
    url: '/same-phone-twice',
    summary: 'loses a race on a unique phone',
    tags: ['test'],
    access: 'public',
    handler: async ({ app }) => {
      await app.db.insertInto('users').values(newUser('13900000001', 'CDRACE0001')).execute();
      await app.db.insertInto('users').values(newUser('13900000001', 'CDRACE0002')).execute();
      return null;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/same-account-id-twice',
    summary: 'loses a race on a unique column no form names',
    tags: ['test'],
    access: 'public',
    handler: async ({ app }) => {
      await app.db.insertInto('users').values(newUser('13900000002', 'CDRACE0003')).execute();
      await app.db.insertInto('users').values(newUser('13900000003', 'CDRACE0003')).execute();
      return null;
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/stale',
    summary: 'refuses a decision taken on an older version, with what the caller needs to recover',
    tags: ['test'],
    access: 'public',
    handler: async () => {
      throw fail.conflict('http.validation', {}, undefined, { version: 3, savedAt: '2026-01-01T00:00:00Z' });
    },
  }),
];

let database: DatabaseHandle;
let built: Awaited<ReturnType<typeof buildApp>>;
let app: AppContext;
beforeEach(async () => {
  database = connectDatabase('sqlite::memory:', PROJECT_ROOT);
  await migrateToLatest(database.db);
  const config = { ...readConfig({}), staticDir: null, logLevel: 'silent' };
  built = await buildApp({ config, database, routes, validateResponses: true });
  app = built.app;
});
afterEach(async () => {
  await built.fastify.close();
  await database.close();
});

function get(url: string, headers: Record<string, string> = {}) {
  return built.fastify.inject({ method: 'GET', url, headers });
}

describe('unexpected errors', () => {
  it('answers 500 with the request id and without internals', async () => {
    const res = await get('/api/boom');
    expect(res.statusCode).toBe(500);
    const requestId = res.headers['x-request-id'] as string;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json()).toEqual({
      status: 'fail',
      code: CODES.internal,
      msg: `服务器开小差了，请稍后重试（请求编号 ${requestId}）`,
    });
    expect(res.body).not.toContain('SQLITE');
    expect(res.body).not.toContain('/srv/');
    expect(res.body).not.toMatch(/at .+\.ts/);
  });

  it('counts the failure for the monitor', async () => {
    const before = app.metrics.errors;
    await get('/api/boom');
    expect(app.metrics.errors).toBe(before + 1);
  });

  it('answers in English when asked', async () => {
    const res = await get('/api/boom', { 'accept-language': 'en' });
    expect(res.json().msg).toBe(
      `Something went wrong on the server; try again later (request id ${res.headers['x-request-id']})`,
    );
  });

  it('treats a thrown non-error the same way', async () => {
    const res = await get('/api/throws-a-string');
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe(CODES.internal);
    expect(res.body).not.toContain('SQLITE');
  });

  it('turns an answer that breaks its declared schema into a 500 (in tests)', async () => {
    const res = await get('/api/wrong-shape');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('many');
  });
});

describe('unique constraints that refuse a write', () => {
  it('answer 409 naming the field a form knows', async () => {
    const res = await built.fastify.inject({ method: 'POST', url: '/api/same-phone-twice' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 'fail',
      code: CODES.conflict,
      msg: '该手机号已注册',
      errors: [{ path: 'phone', message: '该手机号已注册' }],
    });
    expect(app.metrics.errors).toBe(0);
  });

  it('answer 409, not 500, for a column no form names', async () => {
    const res = await built.fastify.inject({ method: 'POST', url: '/api/same-account-id-twice' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: CODES.conflict, errors: [{ path: 'account_id' }] });
  });
});

describe('refusals that carry figures to recover with', () => {
  it('send them as the envelope’s data', async () => {
    const res = await built.fastify.inject({ method: 'PUT', url: '/api/stale' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 'fail',
      code: CODES.conflict,
      msg: expect.any(String),
      data: { version: 3, savedAt: '2026-01-01T00:00:00Z' },
    });
  });

  it('leave data out when there is none', async () => {
    const res = await built.fastify.inject({ method: 'POST', url: '/api/same-phone-twice' });
    expect(Object.keys(res.json())).not.toContain('data');
  });
});

describe('refusals made before the handler runs', () => {
  /** An error as Fastify plugins throw them: a status, an English message, a code of their own. */
  const pluginError = (statusCode: number) =>
    Object.assign(new Error('Rate limit exceeded, retry in 1 minute'), { statusCode, code: 'PLUGIN_OWN' });

  it('answer a hook’s 429 as the envelope’s too-many-requests, in the caller’s language', async () => {
    built.fastify.addHook('onRequest', async () => {
      throw pluginError(429);
    });
    const zh = await get('/api/boom');
    expect(zh.statusCode).toBe(429);
    expect(zh.json()).toEqual({
      status: 'fail',
      code: CODES.tooManyRequests,
      msg: '请求过于频繁，请稍后再试',
    });
    const en = await get('/api/boom', { 'accept-language': 'en-US' });
    expect(en.json().msg).toBe('Too many requests, try again later');
    expect(app.metrics.errors).toBe(0);
  });

  it('answer a content-type parser’s 4xx in the envelope, without the framework’s words', async () => {
    built.fastify.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, _body, done) => {
      done(pluginError(422), undefined);
    });
    const res = await built.fastify.inject({
      method: 'POST',
      url: '/api/same-phone-twice',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 'fail', code: CODES.validation, msg: '请求格式有误' });
    expect(res.body).not.toContain('Rate limit');
  });

  it('answer a hook’s unexpected error as a 500 with the request id', async () => {
    built.fastify.addHook('preHandler', async () => {
      throw new Error(SECRET);
    });
    const res = await get('/api/wrong-shape');
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe(CODES.internal);
    expect(res.body).not.toContain('SQLITE');
  });
});
