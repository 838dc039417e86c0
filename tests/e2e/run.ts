import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../../scripts/server-process';
import { PROJECT_ROOT } from '../../server/config';

/**
 * `npm run test:e2e`: the real server (building the app first when stale, like `npm start`)
 * on a free port with a throw-away database, then every tests/e2e/*.test.ts in Chromium.
 */
async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-e2e-'));
  // Every sign-in of the suite comes from 127.0.0.1; the throttle itself is tested in tests/api.
  // Passwords at the unit suite's cost (vite.config.ts): the browser's steps are what is tested.
  const server = await startServerProcess(`sqlite:${join(dir, 'e2e.db')}`, {
    LOGIN_RATE_PER_MIN: '600',
    PASSWORD_HASH_COST: '1024',
  });
  let status = 1;
  try {
    const files = readdirSync(join(PROJECT_ROOT, 'tests/e2e'))
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => join('tests/e2e', f));
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-concurrency=1', ...files],
      {
        cwd: PROJECT_ROOT,
        stdio: 'inherit',
        env: { ...process.env, E2E_BASE_URL: server.url },
      },
    );
    status = result.status ?? 1;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(status);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
