import { userOverviewSchema } from '../../contract/user-center';
import { viewerOf } from '../cases/scope';
import { defineRoute } from '../http/route';
import { userOverview } from './overview';

export const userCenterRoutes = [
  defineRoute({
    method: 'GET',
    url: '/user/overview',
    summary:
      "The user center: the caller's latest activity, unread messages, the cases in their hands and, for firm members, their firm's lawyers",
    tags: ['users'],
    access: 'profile.read',
    response: userOverviewSchema,
    handler: async ({ app, caller, lang }) =>
      userOverview(app.db, caller, await viewerOf(app.db, caller), lang),
  }),
];
