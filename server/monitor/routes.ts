import { monitorStatsSchema } from '../../contract/monitor';
import { defineRoute } from '../http/route';
import { monitorStats } from './stats';

/** `monitor.read`, as the route table's /dashboard/monitor: the page and its data open together. */
export const monitorRoutes = [
  defineRoute({
    method: 'GET',
    url: '/monitor/stats',
    summary: 'Server health, database size and row counts, active sessions, requests and errors since start',
    tags: ['ops'],
    access: 'monitor.read',
    response: monitorStatsSchema,
    handler: ({ app }) => monitorStats(app),
  }),
];
