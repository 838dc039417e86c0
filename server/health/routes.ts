import { sql } from 'kysely';
import { z } from 'zod';
import { defineRoute } from '../http/route';

export const healthResponseSchema = z.object({
  status: z.enum(['up', 'degraded']),
  database: z.enum(['ready', 'unavailable']),
  uptimeSeconds: z.number(),
  time: z.string(),
});

export const healthRoutes = [
  defineRoute({
    method: 'GET',
    url: '/health',
    summary: 'Liveness and database readiness',
    tags: ['ops'],
    access: 'public',
    response: healthResponseSchema,
    handler: async ({ app, reply }) => {
      let database: 'ready' | 'unavailable' = 'ready';
      try {
        await sql`select 1`.execute(app.db);
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
      };
    },
  }),
];
