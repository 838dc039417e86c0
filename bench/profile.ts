import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { startServerProcess } from '../scripts/server-process';
import { PROJECT_ROOT } from '../server/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/seed/demo-accounts';
import { CASE_LIST_QUERY } from './case-list';
import { load, percentile } from './load';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The functions the main thread spent most of its own time in (self time), as shares of all samples. */
export function topEntries(profile: CpuProfile, count: number): string[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byNode.get(id);
    if (!node) return;
    const delta = profile.timeDeltas[i] ?? 0;
    total += delta;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${relative(PROJECT_ROOT, url.replace('file://', ''))}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + delta);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, time]) => `${((100 * time) / total).toFixed(1).padStart(5)}%  ${key}`);
}

/**
 * `--only profile`: the case list under one client with the server's main thread profiled
 * (`--cpu-prof`), with the SQLite read pool off (SQLITE_READ_WORKERS=0, every statement on the
 * event loop, as before) and on; prints the top self-time entries of each.
 */
export async function benchProfile(
  databaseUrl: string,
  seconds: number,
  say: (msg: string) => void,
  variants: string[] = ['0', '2'],
) {
  for (const readers of variants) {
    const dir = mkdtempSync(join(tmpdir(), 'casedesk-prof-'));
    const server = await startServerProcess(
      databaseUrl,
      { LOGIN_RATE_PER_MIN: '1000000', SQLITE_READ_WORKERS: readers },
      ['--cpu-prof', `--cpu-prof-dir=${dir}`],
    );
    let result: Awaited<ReturnType<typeof load>>;
    try {
      const login = (await (
        await fetch(`${server.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone: DEMO_ACCOUNTS[1].phone, password: DEMO_PASSWORD }),
        })
      ).json()) as { data: { token: string } };
      result = await load({
        url: `${server.url}/api/cases?${new URLSearchParams(CASE_LIST_QUERY)}`,
        headers: { authorization: `Bearer ${login.data.token}` },
        concurrency: 1,
        seconds,
      });
    } finally {
      await server.stop();
    }
    // The main thread's profile: thread id 0 in the file name (workers and the tsx loader have others).
    const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
    const main = files
      .map((f) => ({ f, size: readFileSync(join(dir, f)).length }))
      .sort((a, b) => b.size - a.size)[0];
    say(
      `\n## profile: case list, 1 client, SQLITE_READ_WORKERS=${readers} (${databaseUrl.split(':')[0]}): median ${percentile(result.latenciesMs, 50).toFixed(2)} ms over ${result.requests} requests; main thread self time, top 15`,
    );
    if (main)
      for (const line of topEntries(JSON.parse(readFileSync(join(dir, main.f), 'utf8')), 15)) say(line);
    else say('(no profile written)');
    rmSync(dir, { recursive: true, force: true });
  }
}
