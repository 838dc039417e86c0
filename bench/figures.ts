import { startServerProcess } from '../scripts/server-process';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/seed/demo-accounts';
import type { ScaleTarget } from './scale';

/**
 * `--only figures` (issue 20's budget): at 1,000,000 cases, the first request of every figure
 * read from summary rows, on a server just started (nothing remembered): the platform
 * workplace (superAdmin), the batch list, the largest batch's detail and the creditor list;
 * then the median of 20 more. Prints; asserts nothing.
 */
export async function benchFigures(target: ScaleTarget, say: (msg: string) => void): Promise<void> {
  say(`\n## figures at scale: ${target.name}`);
  if (target.warm) say(await target.warm());
  const server = await startServerProcess(target.databaseUrl, { LOGIN_RATE_PER_MIN: '1000000' });
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: DEMO_ACCOUNTS[0].phone, password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const get = async (path: string) => {
      const started = performance.now();
      const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { data: unknown };
      return { ms: performance.now() - started, status: res.status, data: body.data };
    };
    const time = async (label: string, path: string) => {
      const first = await get(path);
      const later: number[] = [];
      for (let i = 0; i < 20; i++) later.push((await get(path)).ms);
      later.sort((a, b) => a - b);
      say(
        `${label} (${path}): first request ${first.ms.toFixed(1)} ms (status ${first.status}), then median ${later[10].toFixed(1)} ms`,
      );
      return first.data;
    };
    // The server's own first reads (its read threads start and open the file) are not a figure's:
    // a cheap read on each of them first.
    await Promise.all([
      get('/api/user/info'),
      get('/api/creditors/options'),
      get('/api/lawfirms/options?page=1&pageSize=1'),
    ]);
    await time('platform workplace', '/api/dashboard/workplace');
    const batches = (await time('batch list', '/api/batches?page=1&pageSize=20')) as {
      list?: { id: number; cases: number }[];
    };
    const largest = [...(batches.list ?? [])].sort((a, b) => b.cases - a.cases)[0];
    if (largest)
      await time(
        `largest listed batch (${largest.cases.toLocaleString()} cases)`,
        `/api/batches/${largest.id}`,
      );
    await time('creditor list', '/api/creditors?page=1&pageSize=20');
  } finally {
    await server.stop();
  }
}
