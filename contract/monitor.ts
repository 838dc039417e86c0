import { z } from 'zod';

/** Tables whose row counts the monitor page shows, in display order. */
export const MONITORED_TABLES = [
  'users',
  'law_firms',
  'lawyers',
  'cases',
  'sessions',
  'messages',
  'certifications',
  'devices',
  'audit_log',
] as const;
export type MonitoredTable = (typeof MONITORED_TABLES)[number];

/** GET /api/monitor/stats: what the admin's monitor page shows. */
export const monitorStatsSchema = z.object({
  server: z.object({
    startedAt: z.string(),
    uptimeSeconds: z.number().int().min(0),
    nodeVersion: z.string(),
    platform: z.string(),
    memory: z.object({
      rssBytes: z.number().int(),
      heapUsedBytes: z.number().int(),
      heapTotalBytes: z.number().int(),
    }),
  }),
  database: z.object({
    dialect: z.string(),
    /** Null when the database cannot say (an in-memory or remote database). */
    sizeBytes: z.number().int().nullable(),
    tables: z.array(z.object({ name: z.enum(MONITORED_TABLES), rows: z.number().int().min(0) })),
  }),
  sessions: z.object({
    /** Neither revoked nor expired. */
    active: z.number().int().min(0),
    activeUsers: z.number().int().min(0),
  }),
  /** API requests and server errors (5xx) since the process started. */
  traffic: z.object({ requests: z.number().int().min(0), errors: z.number().int().min(0) }),
  time: z.string(),
});
export type MonitorStats = z.infer<typeof monitorStatsSchema>;
