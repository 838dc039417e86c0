import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import { buildApp } from '../../server/app';
import { PROJECT_ROOT, readConfig } from '../../server/config';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';
import { expectSecurityHeaders } from './security-headers';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

let dir: string;
let database: DatabaseHandle;
let built: Awaited<ReturnType<typeof buildApp>>;

/** The server as `npm start` runs it, over a stand-in for the built app in dist/. */
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'casedesk-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1);');
  database = connectDatabase('sqlite::memory:', PROJECT_ROOT);
  const config = { ...readConfig({}), staticDir: dir, logLevel: 'silent' };
  built = await buildApp({ config, database, routes: [] });
});
afterAll(async () => {
  await built.fastify.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the app files', () => {
  it('serve index.html for a client-side route, with the security headers', async () => {
    const res = await built.fastify.inject({ method: 'GET', url: '/list/search-table?status=pending' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toBe(INDEX_HTML);
    expectSecurityHeaders(res.headers);
  });

  it('serve a bundle with the security headers', async () => {
    const res = await built.fastify.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expectSecurityHeaders(res.headers);
  });

  it('answer HEAD for a client-side route like GET, without the body', async () => {
    const res = await built.fastify.inject({ method: 'HEAD', url: '/login' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toBe('');
  });

  it('keep unknown /api paths and other methods in the 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/login'],
    ] as const) {
      const res = await built.fastify.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ status: 'fail', code: CODES.notFound, msg: '接口不存在' });
      expectSecurityHeaders(res.headers);
    }
  });

  it('answer a malformed URL outside /api in the envelope too, with the headers', async () => {
    const res = await built.fastify.inject({ method: 'GET', url: '/list/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'fail', code: CODES.validation, msg: '请求地址无效' });
    expectSecurityHeaders(res.headers);
  });
});
