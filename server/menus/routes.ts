import { menuTreeSchema } from '../../contract/menu';
import {
  checkMenuTree,
  menuHistorySchema,
  menuRevertBodySchema,
  menuRoleParamsSchema,
  roleMenuSchema,
  saveMenuBodySchema,
  withPageAccess,
} from '../../contract/menu-api';
import type { Role } from '../../contract/roles';
import { MENU_LIMITS } from '../../contract/tree-limits';
import { recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import { type Caller, defineRoute } from '../http/route';
import { pageAccessMap } from '../pages/store';
import { presenceRoutes } from '../presence/routes';
import { diffRoute } from '../versions/diff-route';
import { draftRoutes, dropDraft } from '../versions/drafts';
import { editedFromVersion, sendVersion } from '../versions/if-match';
import { menuForRole, menuVersionContent, resetRoleMenu, roleMenu, saveRoleMenu } from './store';
import { menuVersions } from './versions';

/** The tree checked for the role (else 400 naming the node), each page node with its page's rule. */
async function checkedTree(app: AppContext, role: Role, tree: Parameters<typeof withPageAccess>[0]) {
  const pages = await pageAccessMap(app.db);
  const errors = checkMenuTree(tree, { role, pages, linkHosts: app.config.menuLinkHosts });
  if (errors.length) throw fail.validation(errors);
  return withPageAccess(tree, pages);
}

/** Runs a publish of a role's menu with its audit row in one transaction; the shared draft is done with. */
async function publish(
  app: AppContext,
  who: { caller: Caller; requestId: string },
  role: Role,
  action: 'menu.save' | 'menu.reset' | 'menu.revert',
  write: (trx: AppContext['db'], now: Date) => Promise<number>,
  fromVersion?: number,
) {
  const now = app.clock.now();
  await app.db.transaction().execute(async (trx) => {
    const version = await write(trx, now);
    await dropDraft(trx, 'menu', role);
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action,
        entity: 'menu',
        entityId: role,
        summary: `menu of ${role}: ${action.slice(5)} as version ${version}`,
        params: { role, version, ...(fromVersion === undefined ? {} : { fromVersion }) },
      },
    );
  });
  return roleMenu(app.db, role);
}

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
    summary: "A role's whole menu tree as stored, or the product's default for it, with its version (ETag)",
    tags: ['menus'],
    access: 'menus.edit',
    params: menuRoleParamsSchema,
    response: roleMenuSchema,
    handler: async ({ app, params, reply }) => {
      const menu = await roleMenu(app.db, params.role);
      sendVersion(reply, menu.version);
      return menu;
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/menus/:role',
    summary:
      "Publishes a role's menu tree (If-Match: the version edited from); the role's next menu load shows it",
    tags: ['menus'],
    access: 'menus.edit',
    params: menuRoleParamsSchema,
    body: saveMenuBodySchema,
    response: roleMenuSchema,
    handler: async ({ app, caller, params, body, requestId, request }) => {
      const editedFrom = editedFromVersion(request);
      const tree = await checkedTree(app, params.role, body.tree);
      return publish(app, { caller, requestId }, params.role, 'menu.save', (trx, now) =>
        saveRoleMenu(trx, params.role, tree, caller.userId, now, editedFrom),
      );
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/menus/:role/reset',
    summary: "Puts a role's menu back to the product's default route table, as a new version (If-Match)",
    tags: ['menus'],
    access: 'menus.edit',
    params: menuRoleParamsSchema,
    response: roleMenuSchema,
    handler: async ({ app, caller, params, requestId, request }) => {
      const editedFrom = editedFromVersion(request);
      return publish(app, { caller, requestId }, params.role, 'menu.reset', (trx, now) =>
        resetRoleMenu(trx, params.role, caller.userId, now, editedFrom),
      );
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/menus/:role/revert',
    summary: "Publishes an earlier version of a role's menu again as the newest (If-Match)",
    tags: ['menus'],
    access: 'menus.edit',
    params: menuRoleParamsSchema,
    body: menuRevertBodySchema,
    response: roleMenuSchema,
    handler: async ({ app, caller, params, body, requestId, request }) => {
      const editedFrom = editedFromVersion(request);
      const [old] = await menuVersions(app.db, params.role, body.version);
      if (!old) throw fail.notFound('version.notFound');
      const role = params.role;
      if (old.tree === null)
        return publish(
          app,
          { caller, requestId },
          role,
          'menu.revert',
          (trx, now) => resetRoleMenu(trx, role, caller.userId, now, editedFrom, 'revert'),
          body.version,
        );
      // The pages and abilities may have moved on since: the old tree must still hold.
      const parsed = menuTreeSchema.safeParse(JSON.parse(old.tree));
      if (!parsed.success) throw fail.field('version', 'version.notFound');
      await checkedTree(app, role, parsed.data);
      // What is published again is the old version's own JSON, byte for byte.
      const text = old.tree;
      return publish(
        app,
        { caller, requestId },
        role,
        'menu.revert',
        (trx, now) =>
          saveRoleMenu(
            trx,
            role,
            parsed.data,
            caller.userId,
            now,
            editedFrom,
            'revert',
            old.knownRoutes ?? undefined,
            text,
          ),
        body.version,
      );
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/menus/:role/history',
    summary: "Every published version of a role's menu, newest first, with who published it and when",
    tags: ['menus'],
    access: 'menus.edit',
    params: menuRoleParamsSchema,
    response: menuHistorySchema,
    handler: async ({ app, params, reply }) => {
      const rows = await menuVersions(app.db, params.role);
      const version = rows[0]?.version ?? 0;
      sendVersion(reply, version);
      const list = rows.map((r) => ({
        version: r.version,
        kind: r.kind,
        savedAt: r.savedAt,
        savedBy: r.savedBy,
        tree: r.tree === null ? null : (JSON.parse(r.tree) as unknown),
      }));
      return { role: params.role, version, list, total: list.length };
    },
  }),

  ...draftRoutes({
    kind: 'menu',
    url: '/menus/:role',
    params: menuRoleParamsSchema,
    targetOf: (params) => params.role,
    access: 'menus.edit',
    limits: MENU_LIMITS,
    exists: async () => true,
    tag: 'menus',
  }),

  ...presenceRoutes({
    kind: 'menu',
    url: '/menus/:role',
    params: menuRoleParamsSchema,
    targetOf: (params) => params.role,
    access: 'menus.edit',
    exists: async () => true,
    tag: 'menus',
  }),

  diffRoute({
    url: '/menus/:role',
    params: menuRoleParamsSchema,
    targetOf: (params) => params.role,
    access: 'menus.edit',
    tag: 'menus',
    contentOf: (db, role, version) => menuVersionContent(db, role as Role, version),
  }),
];
