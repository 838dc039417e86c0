import { spawnSync } from 'node:child_process';
import { PROJECT_ROOT } from '../server/config';

/**
 * `--only replay`: `npm run check:cases` (server/cases/replay/cli.ts) as an operator runs it,
 * a process of its own against the bench database; prints its answer and its wall time.
 * Issue 21's budget: 1,000,000 cases within 3 minutes.
 */
export function benchReplay(databaseUrl: string, say: (msg: string) => void): void {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/cases/replay/cli.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  const seconds = (performance.now() - started) / 1000;
  const answer = run.stdout.trim().split('\n').at(-1) ?? '';
  say(
    `\n## replay\nnpm run check:cases: ${answer} in ${seconds.toFixed(1)} s (exit ${run.status}; ${run.stderr.trim()})`,
  );
}
