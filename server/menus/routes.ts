import { menuTreeSchema } from '../../contract/menu';
import {
  checkMenuTree,
  menuRoleParamsSchema,
  roleMenuSchema,
  saveMenuBodySchema,
  withPageAccess,
} from '../../contract/menu-api';
import { recordAudit } from '../audit/audit';
import { fail } from '../http/errors';
import { defineRoute } from '../http/route';
import { pageAccessMap } from '../pages/store';
import { menuForRole, resetRoleMenu, roleMenu, saveRoleMenu } from './store';

export const menuRoutes = [
  defineRoute({
    method: 'GET',
    url: '/user/menu',
    summary: "The menu tree of the caller's role (hidden routes included, flagged hideInMenu)",
    tags: ['menus'],
    access: 'signedIn',
    response: menuTreeSchema,
    handler: ({ app, caller }) => menuForRole(app.db, caller.role),
  }),

  defineRoute({
    method: 'GET',
    url: '/menus/:role',
    summary: "A role's whole menu tree as stored, or the product's default for it",
    tags: ['menus'],
    access: 'menus.edit',
    params: menuRoleParamsSchema,
    response: roleMenuSchema,
    handler: ({ app, params }) => roleMenu(app.db, params.role),
  }),

  defineRoute({
    method: 'PUT',
    url: '/menus/:role',
    summary: "Replaces a role's menu tree; the role's next menu load shows it",
    tags: ['menus'],
    access: 'menus.edit',
    params: menuRoleParamsSchema,
    body: saveMenuBodySchema,
    response: roleMenuSchema,
    handler: async ({ app, caller, params, body, requestId }) => {
      const pages = await pageAccessMap(app.db);
      const errors = checkMenuTree(body.tree, {
        role: params.role,
        pages,
        linkHosts: app.config.menuLinkHosts,
      });
      if (errors.length) throw fail.validation(errors);
      const now = app.clock.now();
      await app.db.transaction().execute(async (trx) => {
        await saveRoleMenu(trx, params.role, withPageAccess(body.tree, pages), caller.userId, now);
        await recordAudit(
          trx,
          { caller, requestId, at: now },
          {
            action: 'menu.save',
            entity: 'menu',
            entityId: params.role,
            summary: `menu of ${params.role} saved`,
            params: { role: params.role },
          },
        );
      });
      return roleMenu(app.db, params.role);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/menus/:role/reset',
    summary: "Puts a role's menu back to the product's default route table",
    tags: ['menus'],
    access: 'menus.edit',
    params: menuRoleParamsSchema,
    response: roleMenuSchema,
    handler: async ({ app, caller, params, requestId }) => {
      const now = app.clock.now();
      await app.db.transaction().execute(async (trx) => {
        await resetRoleMenu(trx, params.role);
        await recordAudit(
          trx,
          { caller, requestId, at: now },
          {
            action: 'menu.reset',
            entity: 'menu',
            entityId: params.role,
            summary: `menu of ${params.role} reset`,
            params: { role: params.role },
          },
        );
      });
      return roleMenu(app.db, params.role);
    },
  }),
];
