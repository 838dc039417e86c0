import cluster from 'node:cluster';
import { buildApp } from './app';
import { watchBulkJobs } from './cases/bulk-jobs/jobs';
import { failInterruptedImports } from './cases/imports/owners';
import type { ServerConfig, StorageKind } from './config';
import type { DatabaseHandle } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { stopBackgroundWork } from './db/next-turn';
import { startDeadlineSweep } from './deadlines/sweep';
import { setMessageBus, signalBus } from './notifications/bus';
import { isDatabaseEmpty, seedDemoData } from './seed/seed';
import { createStorage } from './storage/create';
import { startDailySweeps } from './sweeps/daily';
import { DAILY_SWEEPS } from './sweeps/list';

export type Say = (msg: string) => void;

/** How long a stopping process lets requests in flight finish before it exits anyway. */
const DRAIN_MS = 20_000;

/**
 * Once per start, before any process serves: migrate, seed an empty database, and mark the
 * imports the last stop interrupted as failed. Under the database's start-up lock, so several
 * processes starting at once on one database (hosts, or a restart of all) do it once: the
 * first migrates and seeds, the others wait, then find nothing left to do.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  storage: StorageKind,
  say: Say,
): Promise<void> {
  await database.exclusively(async () => {
    const applied = await migrateToLatest(database.db);
    if (applied.length) say(`migrations applied: ${applied.join(', ')}`);
    say(`files (attachments, letter PDFs): STORAGE=${storage}`);
    if (await isDatabaseEmpty(database.db)) {
      say('empty database: seeding demo data');
      const counts = await seedDemoData(database.db, { storage: createStorage(storage, database) });
      say(
        `seeded ${counts.cases} cases, ${counts.lawFirms} law firms (${counts.lawFirmsPassed} passed review), ${counts.lawyers} lawyers (${counts.lawyersPassed} passed review)`,
      );
    }
    const interrupted = await failInterruptedImports(database.db, database.filesDir, new Date());
    if (interrupted) say(`${interrupted} case import(s) interrupted by the last stop marked failed`);
  });
}

/**
 * A worker started in the place of one that died (cluster.ts passes the dead one's pid): the
 * case imports it left running are failed now, as a process starting would fail them
 * (`failInterruptedImports`: its owner is an earlier process on this host whose pid no longer
 * runs), rather than staying `running` until their heartbeat is IMPORT_STALE_MS old. Imports
 * of the other workers and hosts are left alone: their owners still run.
 */
async function takeOver(database: DatabaseHandle, say: Say): Promise<void> {
  const dead = process.env.CASEDESK_REPLACES_PID;
  if (!cluster.isWorker || !dead) return;
  try {
    const failed = await failInterruptedImports(database.db, database.filesDir, new Date());
    if (failed) say(`${failed} case import(s) left running by worker pid ${dead} marked failed`);
  } catch (err) {
    // Not a reason to stop serving: a worker that dies before it listens stops every worker
    // (cluster.ts), and the next process to start fails these imports anyway.
    say(`the case imports of worker pid ${dead} were not checked: ${(err as Error).message}`);
  }
}

/**
 * Serves the API and the app from this process until SIGTERM or SIGINT, then stops
 * gracefully: no new connections, requests in flight finish (at most DRAIN_MS), open message
 * streams end (their browsers reconnect, to another process behind the same address), the
 * database closes, exit 0.
 */
export async function serve(config: ServerConfig, database: DatabaseHandle, say: Say): Promise<void> {
  const { fastify, app } = await buildApp({ config, database });
  await takeOver(database, say);
  // Several processes on one PostgreSQL server: messages reach a stream whichever holds it.
  if (database.signals) {
    const bus = signalBus(database.signals, (err) => fastify.log.warn({ err }, 'message signal not sent'));
    await bus.start();
    setMessageBus(bus);
    setMessageBus(bus.topic('presence'), 'presence');
  }
  let stopping = false;
  let stopSweeps = async () => {};
  let stopDeadlines = async () => {};
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: shutting down`);
    setTimeout(() => {
      say(`requests still running after ${DRAIN_MS / 1000} s: exiting anyway`);
      process.exit(1);
    }, DRAIN_MS).unref();
    try {
      // Background work lets go of the database first: each sweep and bulk job ends at its
      // next turn (what it committed stays), and only then is the database closed.
      stopBackgroundWork(app);
      await Promise.all([stopSweeps(), stopDeadlines()]);
      await fastify.close();
      await database.close();
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await fastify.listen({ host: config.host, port: config.port });
  // Every serving process checks; the claims in sweep_runs keep each sweep to one run a day.
  const stopDaily = startDailySweeps(app, DAILY_SWEEPS);
  // Every process watches the bulk jobs: dead ones failed, unclaimed ones claimed (by one).
  const stopBulkWatch = watchBulkJobs(app);
  stopSweeps = async () => {
    await Promise.all([stopDaily(), stopBulkWatch()]);
  };
  // Every serving process sweeps; the claims in deadline_acts keep each deadline to one act.
  stopDeadlines = startDeadlineSweep(app);
  const address = fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (cluster.isWorker) say(`worker ${cluster.worker?.id} (pid ${process.pid}) listening on port ${port}`);
  else say(`CaseDesk is up on http://${config.host}:${port} (database ${database.describe().location})`);
}
