import { statisticsDataSchema } from '../../contract/operations-api';
import { defineRoute } from '../http/route';
import { statisticsData } from './data';

export const statisticsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/statistics/data',
    summary:
      'Business statistics over every case: recovered by month, cases by province and type, closing results, days to close',
    tags: ['statistics'],
    access: 'statistics.read',
    response: statisticsDataSchema,
    handler: ({ app }) => statisticsData(app.db, app.database.dialect, app.clock.now()),
  }),
];
