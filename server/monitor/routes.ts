import { monitorStatsSchema } from '../../contract/monitor';
import { access, defineRoute } from '../http/route';
import { monitorStats } from './stats';

/**
 * `admin` only, superAdmin not included: the route table opens /dashboard/monitor to `admin`
 * alone (roles match by exact membership), and the API answers exactly the roles that can
 * open the page. Widen both together if superAdmin should see it.
 */
export const monitorRoutes = [
  defineRoute({
    method: 'GET',
    url: '/monitor/stats',
    summary: 'Server health, database size and row counts, active sessions, requests and errors since start',
    tags: ['ops'],
    access: access.only('admin'),
    response: monitorStatsSchema,
    handler: ({ app }) => monitorStats(app),
  }),
];
