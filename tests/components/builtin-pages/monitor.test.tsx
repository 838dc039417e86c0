import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type MonitorStats, monitorStatsSchema } from '../../../contract/monitor';
import { ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import Monitor, { REFRESH_INTERVAL_MS } from '../../../src/pages/dashboard/monitor';
import { formatBytes } from '../../../src/pages/dashboard/monitor/format';
import { renderPage, signIn, withHttpLayer } from './harness';

withHttpLayer();

function stats(requests: number): MonitorStats {
  return monitorStatsSchema.parse({
    server: {
      startedAt: '2026-03-01T00:00:00.000Z',
      uptimeSeconds: 2 * 86_400 + 3 * 3600 + 4 * 60,
      nodeVersion: 'v20.20.0',
      platform: 'linux x64',
      memory: {
        rssBytes: 150 * 1024 * 1024,
        heapUsedBytes: 60 * 1024 * 1024,
        heapTotalBytes: 100 * 1024 * 1024,
      },
    },
    database: {
      dialect: 'sqlite',
      sizeBytes: 5_452_595,
      tables: [
        { name: 'users', rows: 96 },
        { name: 'cases', rows: 2000 },
      ],
    },
    sessions: { active: 7, activeUsers: 5 },
    traffic: { requests, errors: 2 },
    time: '2026-03-03T03:04:00.000Z',
  });
}

/** GET /api/monitor/stats answering 1000, 1001, ... requests on successive calls. */
function statsHandler() {
  let calls = 0;
  return {
    handler: http.get('/api/monitor/stats', () => ok(stats(1000 + calls++))),
    calls: () => calls,
  };
}

beforeEach(async () => {
  await signIn({ role: 'admin', roles: ['admin'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('monitor page', () => {
  it('shows health, a human-readable database size, sessions, traffic and table rows', async () => {
    const api = statsHandler();
    server.use(api.handler);
    renderPage('/dashboard/monitor', <Monitor />);

    const health = await screen.findByTestId('monitor-health');
    expect(within(health).getByText('运行中')).toBeInTheDocument();
    expect(within(health).getByText('已运行 2 天 3 小时 4 分')).toBeInTheDocument();
    expect(within(screen.getByTestId('monitor-database')).getByText('5.2 MB')).toBeInTheDocument();
    expect(within(screen.getByTestId('monitor-sessions')).getByText('在线用户 5 人')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('monitor-traffic')).getByText('服务端错误 2 次（0.20%）'),
    ).toBeInTheDocument();
    expect(screen.getByText('v20.20.0')).toBeInTheDocument();
    expect(screen.getByText('2,000')).toBeInTheDocument();
    expect(screen.getByText('每 30 秒自动刷新')).toBeInTheDocument();
  });

  it('refreshes on demand', async () => {
    const api = statsHandler();
    server.use(api.handler);
    renderPage('/dashboard/monitor', <Monitor />);
    await screen.findByTestId('monitor-health');
    expect(api.calls()).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: /刷新/ }));
    await waitFor(() => expect(api.calls()).toBe(2));
  });

  it('refreshes by itself every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    const api = statsHandler();
    server.use(api.handler);
    renderPage('/dashboard/monitor', <Monitor />);
    await screen.findByTestId('monitor-health');
    expect(api.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    await waitFor(() => expect(api.calls()).toBe(2));
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    await waitFor(() => expect(api.calls()).toBe(3));
  });

  it('says when the figures cannot be loaded and retries', async () => {
    let fail = true;
    server.use(
      http.get('/api/monitor/stats', () =>
        fail
          ? HttpResponse.json({ status: 'fail', code: 50000, msg: 'boom' }, { status: 500 })
          : ok(stats(1)),
      ),
    );
    renderPage('/dashboard/monitor', <Monitor />);
    expect(await screen.findByText('监控数据加载失败')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('monitor-health')).toBeInTheDocument();
  });
});

describe('formatBytes', () => {
  it('uses binary steps with one decimal from KB up', () => {
    expect(formatBytes(512, 'en-US')).toBe('512 B');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 ** 3, 'en-US')).toBe('3.0 GB');
    expect(formatBytes(null, 'en-US')).toBe('-');
  });
});
