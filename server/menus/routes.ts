import { menuTreeSchema } from '../../contract/menu';
import { access, defineRoute } from '../http/route';
import { menuForRole } from './store';

export const menuRoutes = [
  defineRoute({
    method: 'GET',
    url: '/user/menu',
    summary: "The menu tree of the caller's role (hidden routes included, flagged hideInMenu)",
    tags: ['menus'],
    access: access.signedIn,
    response: menuTreeSchema,
    handler: ({ app, caller }) => menuForRole(app.db, caller.role),
  }),
];
