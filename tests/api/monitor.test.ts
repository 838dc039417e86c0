import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorStats } from '../../contract/monitor';
import { ROLES } from '../../contract/roles';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('monitor stats', () => {
  it('gives the admin health, database size and row counts, sessions and traffic', async () => {
    const token = await server.sessionFor('admin');
    const res = await server.call<MonitorStats>('GET', '/api/monitor/stats', { token });
    expect(res.status).toBe(200);
    const stats = res.body.data;
    expect(stats.server.nodeVersion).toBe(process.version);
    expect(stats.server.memory.rssBytes).toBeGreaterThan(0);
    expect(stats.database.dialect).toBe(server.app.database.dialect);
    expect(stats.database.sizeBytes).toBeGreaterThan(100_000);
    expect(JSON.stringify(stats)).not.toContain('.db');
    const cases = stats.database.tables.find((t) => t.name === 'cases');
    expect(cases?.rows).toBe(await server.count('cases'));
    expect(stats.sessions.active).toBeGreaterThanOrEqual(1);
    expect(stats.traffic.requests).toBeGreaterThanOrEqual(1);
  });

  it('counts live sessions only: revoked and expired ones drop out', async () => {
    const admin = await server.sessionFor('admin');
    const active = async () =>
      (await server.call<MonitorStats>('GET', '/api/monitor/stats', { token: admin })).body.data.sessions
        .active;
    const before = await active();
    const extra = await server.sessionFor('lawyer');
    expect(await active()).toBe(before + 1);
    await server.call('POST', '/api/logout', { token: extra });
    expect(await active()).toBe(before);
  });

  it('counts requests and server errors since start', async () => {
    const token = await server.sessionFor('admin');
    const first = (await server.call<MonitorStats>('GET', '/api/monitor/stats', { token })).body.data;
    await server.call('GET', '/api/health');
    server.app.metrics.errors++;
    const second = (await server.call<MonitorStats>('GET', '/api/monitor/stats', { token })).body.data;
    expect(second.traffic.requests).toBe(first.traffic.requests + 2);
    expect(second.traffic.errors).toBe(first.traffic.errors + 1);
  });

  it('measures uptime on the server clock', async () => {
    const token = await server.sessionFor('admin');
    const before = (await server.call<MonitorStats>('GET', '/api/monitor/stats', { token })).body.data;
    server.clock.advance(3_600_000);
    const token2 = await server.sessionFor('admin');
    const after = (await server.call<MonitorStats>('GET', '/api/monitor/stats', { token: token2 })).body.data;
    expect(after.server.uptimeSeconds - before.server.uptimeSeconds).toBeGreaterThanOrEqual(3600);
  });

  it.each(ROLES.filter((r) => r !== 'admin'))('refuses %s (403): the page is admin only', async (role) => {
    const token = await server.sessionFor(role);
    const res = await server.call('GET', '/api/monitor/stats', { token });
    expect(res.status).toBe(403);
  });

  it('refuses anonymous callers (401)', async () => {
    expect((await server.call('GET', '/api/monitor/stats')).status).toBe(401);
  });
});
