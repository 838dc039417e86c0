import cluster from 'node:cluster';
import { z } from 'zod';
import { defineRoute } from '../http/route';

export const healthResponseSchema = z.object({
  status: z.enum(['up', 'degraded']),
  database: z.enum(['ready', 'unavailable']),
  uptimeSeconds: z.number(),
  time: z.string(),
  /** The process that answered: behind one address (WORKERS, several hosts) which one it was. */
  pid: z.number().int(),
  /** Its worker number under WORKERS=N (1..N, a replacement gets the next); null: a lone process. */
  worker: z.number().int().nullable(),
});

export const healthRoutes = [
  defineRoute({
    method: 'GET',
    url: '/health',
    summary: 'Liveness, database readiness (a real query) and which process answered',
    tags: ['ops'],
    access: 'public',
    response: healthResponseSchema,
    handler: async ({ app, reply }) => {
      let database: 'ready' | 'unavailable' = 'ready';
      try {
        // A real read of a table, not `select 1`: the schema is there and readable.
        await app.db.selectFrom('users').select('id').limit(1).execute();
      } catch (err) {
        app.log.error({ err }, 'health: database check failed');
        database = 'unavailable';
      }
      if (database !== 'ready') reply.status(503);
      return {
        status: database === 'ready' ? ('up' as const) : ('degraded' as const),
        database,
        uptimeSeconds: Math.round((Date.now() - app.metrics.startedAt.getTime()) / 1000),
        time: app.clock.now().toISOString(),
        pid: process.pid,
        worker: cluster.worker?.id ?? null,
      };
    },
  }),
];
