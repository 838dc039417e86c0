import { taskCenterSchema } from '../../contract/operations-api';
import { defineRoute } from '../http/route';
import { taskCenter } from './center';

export const taskRoutes = [
  defineRoute({
    method: 'GET',
    url: '/tasks/center',
    summary:
      "The work waiting for business operations: reviews, pool cases, expiring and expired entrustments, pushes waiting for an answer, this week's court sessions, the caller's to-dos",
    tags: ['tasks'],
    access: 'tasks.read',
    response: taskCenterSchema,
    handler: ({ app, caller }) =>
      taskCenter(app.db, caller.userId, app.clock.now(), app.config.deadlines.pushAnswerHours),
  }),
];
