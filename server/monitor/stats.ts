import { MONITORED_TABLES, type MonitorStats } from '../../contract/monitor';
import type { AppContext } from '../context';

/** A snapshot of the process, the database and the sessions, for the admin's monitor page. */
export async function monitorStats(app: AppContext): Promise<MonitorStats> {
  const now = app.clock.now();
  const nowIso = now.toISOString();
  const [tables, sessions] = await Promise.all([
    Promise.all(
      MONITORED_TABLES.map(async (name) => {
        const row = await app.db
          .selectFrom(name)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return { name, rows: Number(row.n) };
      }),
    ),
    app.db
      .selectFrom('sessions')
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', nowIso)
      .select((eb) => [
        eb.fn.countAll<number>().as('active'),
        eb.fn.count<number>('user_id').distinct().as('users'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const memory = process.memoryUsage();
  const database = app.database.describe();
  return {
    server: {
      startedAt: app.metrics.startedAt.toISOString(),
      uptimeSeconds: Math.max(0, Math.floor((now.getTime() - app.metrics.startedAt.getTime()) / 1000)),
      nodeVersion: process.version,
      platform: `${process.platform} ${process.arch}`,
      memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, heapTotalBytes: memory.heapTotal },
    },
    // The file location stays on the server: the page needs the size, not the path.
    database: { dialect: database.dialect, sizeBytes: await app.database.sizeBytes(), tables },
    sessions: { active: Number(sessions.active), activeUsers: Number(sessions.users) },
    traffic: { requests: app.metrics.requests, errors: app.metrics.errors },
    time: nowIso,
  };
}
