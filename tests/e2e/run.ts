import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { startServerProcess } from '../../scripts/server-process';
import { PROJECT_ROOT } from '../../server/config';

/**
 * Test files run at once (`E2E_CONCURRENCY`, default 2), each in its own process with its own
 * Chromium (browser.ts), against the one server: a file waits on the browser and the server
 * much of its time, so two overlap that on a 2-CPU machine. The files share the database, so
 * none counts on what another may change meanwhile (tests/README.md).
 */
const concurrency = Number(process.env.E2E_CONCURRENCY ?? 2);

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
    // The files named (`npm run test:e2e -- tests/e2e/pages.test.ts`), else every one; the
    // longest first (by size, a fair guess at their length), so that two at a time do not end
    // with one long file running alone.
    const named = process.argv.slice(2);
    const files = (named.length > 0 ? named : readdirSync(join(PROJECT_ROOT, 'tests/e2e')))
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => join('tests/e2e', basename(f)))
      .sort((a, b) => statSync(join(PROJECT_ROOT, b)).size - statSync(join(PROJECT_ROOT, a)).size);
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...files],
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
