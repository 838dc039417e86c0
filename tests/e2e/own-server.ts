import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../../server/app';
import { PROJECT_ROOT, readConfig } from '../../server/config';
import { connectDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { stopBackgroundWork } from '../../server/db/next-turn';
import { startDeadlineSweep } from '../../server/deadlines/sweep';
import { seedDemoData } from '../../server/seed/seed';
import { createStorage } from '../../server/storage/create';
import { TestClock } from '../test-clock';

export interface OwnServer {
  url: string;
  /** The server's clock: a test moves it (`advance`) where the browser cannot, the server decides by it. */
  clock: TestClock;
  close(): Promise<void>;
}

/**
 * A server of a file's own, in the test's process, for what the suite's shared server cannot
 * do: move the server's clock (quiet hours, days passing). The built app (`dist/`, which
 * `npm run test:e2e` builds first) on a fresh database seeded with a small demo set; the same
 * settings as the suite's server (run.ts). Closed and removed by `close`.
 */
export async function startOwnServer(
  cases = 120,
  options: { env?: Record<string, string>; deadlines?: boolean } = {},
): Promise<OwnServer> {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-e2e-own-'));
  const env = {
    ...process.env,
    LOGIN_RATE_PER_MIN: '600',
    PASSWORD_HASH_COST: '1024',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const database = connectDatabase(`sqlite:${join(dir, 'own.db')}`, PROJECT_ROOT, {
    sqliteSynchronous: 'NORMAL',
  });
  const clock = new TestClock();
  await migrateToLatest(database.db);
  await seedDemoData(database.db, { cases, now: clock.now(), storage: createStorage('directory', database) });
  const config = { ...readConfig(env), staticDir: resolve(PROJECT_ROOT, 'dist'), port: 0, logLevel: 'warn' };
  const { fastify, app } = await buildApp({ config, database, clock });
  await fastify.listen({ host: '127.0.0.1', port: 0 });
  // As every serving process does (server/startup.ts), for a file whose deadlines must act.
  const stopDeadlines = options.deadlines ? startDeadlineSweep(app) : async () => {};
  const address = fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    clock,
    async close() {
      // As serve() stops: the running sweep lets go at its next turn before the database closes.
      stopBackgroundWork(app);
      await stopDeadlines();
      await fastify.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
