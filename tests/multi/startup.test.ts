import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationProvider } from '../../server/db/migrate';
import {
  alive,
  freshGet,
  type Health,
  killAll,
  type SharedDatabase,
  sharedDatabase,
  startProcess,
} from './processes';

/**
 * Starting several processes at once on one fresh database (a restart of every host, or
 * `WORKERS=N`): the migrations and the demo seed run once, under the database's start-up lock;
 * and `WORKERS=2` serves from two worker processes on one port, replaces one that dies (the
 * replacement failing the case imports the dead one left running) and stops them all on SIGTERM.
 */

let database: SharedDatabase;
beforeAll(async () => {
  database = await sharedDatabase(false);
});
afterAll(async () => {
  await killAll();
  await database?.drop();
});

describe('starting on a fresh database', () => {
  it('migrates and seeds once when three processes start at once', async () => {
    const processes = await Promise.all([1, 2, 3].map(() => startProcess(database.url)));
    try {
      const recorded = await database.rows<{ name: string }>('select name from kysely_migration');
      const names = recorded.map((r) => r.name).sort();
      expect(names).toEqual(Object.keys(await migrationProvider.getMigrations()).sort());
      // Seeded once: one of each demo account, the seed's 2,000 cases.
      const accounts = await database.rows<{ n: number }>(
        `select count(*) as n from users where phone = '13800000001'`,
      );
      expect(Number(accounts[0].n)).toBe(1);
      const cases = await database.rows<{ n: number }>('select count(*) as n from cases');
      expect(Number(cases[0].n)).toBe(2000);
      const said = processes.map((p) => p.output());
      expect(said.filter((o) => o.includes('migrations applied'))).toHaveLength(1);
      expect(said.filter((o) => o.includes('seeding demo data'))).toHaveLength(1);
    } finally {
      expect(await Promise.all(processes.map((p) => p.stop()))).toEqual([0, 0, 0]);
    }
  });
});

describe('WORKERS=2', () => {
  it('serves from two worker processes, replaces one killed, and stops them all on SIGTERM', async () => {
    const primary = await startProcess(database.url, { WORKERS: '2' });
    try {
      // Each new connection goes to the next worker in turn: two pids answer.
      const seen = new Map<number, Health>();
      while (seen.size < 2) {
        const { body } = await freshGet(`${primary.url}/api/health`);
        const health = (body as { data: Health }).data;
        seen.set(health.pid, health);
      }
      const workers = [...seen.values()];
      expect(workers.map((w) => w.worker).sort()).toEqual([1, 2]);
      expect(workers.every((w) => w.pid !== primary.child.pid && w.database === 'ready')).toBe(true);

      // Each worker runs an import (as its owner string says); the one killed leaves its running.
      const now = new Date().toISOString();
      const [{ id: userId }] = await database.rows<{ id: number }>(
        `select id from users where phone = '13800000002'`,
      );
      const job = async (pid: number) => {
        const [{ id }] = await database.write<{ id: number }>(
          `insert into case_imports (user_id, file_name, mode, status, total, created_at, owner, heartbeat_at)
           values (${userId}, 'w${pid}.xlsx', 'valid', 'running', 10, '${now}', '${hostname()} ${pid} 0123456789ab', '${now}')
           returning id`,
        );
        return Number(id);
      };
      const killedJob = await job(workers[0].pid);
      const survivorJob = await job(workers[1].pid);

      process.kill(workers[0].pid, 'SIGKILL');
      // A third worker takes the dead one's place; the port keeps answering meanwhile.
      let replacement: Health | undefined;
      while (!replacement) {
        const answer = await freshGet(`${primary.url}/api/health`).catch(() => null);
        const health = (answer?.body as { data?: Health } | undefined)?.data;
        if (health?.worker === 3) replacement = health;
        else await new Promise((r) => setTimeout(r, 50));
      }
      expect(primary.output()).toContain(`worker ${workers[0].worker} (pid ${workers[0].pid}) died`);
      // The replacement failed the dead worker's import before it listened, not ten minutes
      // later when its heartbeat is stale; the living worker's import runs on.
      const statuses = await database.rows<{ id: number; status: string; failure: string | null }>(
        `select id, status, failure from case_imports where id in (${killedJob}, ${survivorJob}) order by id`,
      );
      expect(statuses.map((r) => [Number(r.id), r.status, r.failure])).toEqual([
        [killedJob, 'failed', 'import.interrupted'],
        [survivorJob, 'running', null],
      ]);
      expect(primary.output()).toContain(
        `1 case import(s) left running by worker pid ${workers[0].pid} marked failed`,
      );

      expect(await primary.stop()).toBe(0);
      for (const pid of [workers[1].pid, replacement.pid]) expect(alive(pid)).toBe(false);
    } finally {
      await primary.kill();
    }
  });
});
