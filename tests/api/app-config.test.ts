import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('GET /api/config', () => {
  it('tells anyone, signed in or not, the business time zone: Asia/Shanghai by default', async () => {
    server = await startServer();
    const res = await server.call<{ businessTimeZone: string }>('GET', '/api/config');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ businessTimeZone: 'Asia/Shanghai' });
  });

  it('answers the zone BUSINESS_TZ names', async () => {
    server = await startServer({ BUSINESS_TZ: 'America/New_York' });
    const res = await server.call<{ businessTimeZone: string }>('GET', '/api/config');
    expect(res.body.data.businessTimeZone).toBe('America/New_York');
  });
});
