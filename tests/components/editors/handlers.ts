import { http } from 'msw';
import { CODES } from '../../../contract/codes';
import type { FieldError } from '../../../contract/envelope';
import type { MenuNode } from '../../../contract/menu';
import {
  type MenuVersion,
  menuHistorySchema,
  menuRevertBodySchema,
  type RoleMenu,
  roleMenuSchema,
  saveMenuBodySchema,
} from '../../../contract/menu-api';
import {
  type PageClosedBy,
  type PageHistory,
  type PageList,
  type PagePreviewBody,
  type PageVersion,
  pageHistorySchema,
  pageListSchema,
  pagePreviewBodySchema,
  pagePreviewSchema,
  revertBodySchema,
  savedPageSchema,
} from '../../../contract/page-api';
import { type PageDescriptor, pageDescriptorSchema } from '../../../contract/pages/descriptor';
import { ROLES, type Role } from '../../../contract/roles';
import { DEFAULT_ROUTES, filterMenuForRole } from '../../../contract/routes';
import { jsonDiff } from '../../../contract/versions';
import { fail, ok } from '../../../mocks/envelope';

/**
 * The menus API as the editor sees it: a stored tree per role (the default until saved),
 * every PUT and reset recorded (bodies parsed with the contract's schemas), and an optional
 * refusal for the next PUT.
 */
export function menusApi() {
  const stored = new Map<Role, MenuNode[]>();
  /** Each role's published version: every save and reset is one more (the If-Match the editor sends). */
  const versions = new Map<Role, number>();
  const ifMatches: Array<string | null> = [];
  /** Every published version per role, newest first (a reset's tree null: the route table). */
  const history = new Map<Role, MenuVersion[]>();
  const record = (role: Role, kind: MenuVersion['kind'], tree: MenuNode[] | null, name: string | null) => {
    versions.set(role, (versions.get(role) ?? 0) + 1);
    const version = versions.get(role) ?? 0;
    const savedAt = `2026-03-0${Math.min(version, 9)}T08:00:00.000Z`;
    const savedBy = name ? { id: 9, name } : null;
    history.set(role, [{ version, kind, savedAt, savedBy, tree }, ...(history.get(role) ?? [])]);
  };
  const publishOf = (role: Role, request: Request, kind: MenuVersion['kind'], tree: MenuNode[] | null) => {
    ifMatches.push(request.headers.get('if-match'));
    record(role, kind, tree, '超级管理员');
  };
  const treeAt = (role: Role, version: number) => {
    if (version === 0) return filterMenuForRole(DEFAULT_ROUTES, role);
    const found = history.get(role)?.find((v) => v.version === version);
    return found && ((found.tree as MenuNode[] | null) ?? filterMenuForRole(DEFAULT_ROUTES, role));
  };
  const reverts: Array<{ role: Role; version: number }> = [];
  const puts: Array<{ role: string; tree: MenuNode[] }> = [];
  const resets: string[] = [];
  let refusal: { msg: string; errors: FieldError[] } | null = null;
  /** Someone else's publish that lands just before the editor's next save (a 409 for it). */
  let overtaken: { tree: MenuNode[]; name: string } | null = null;

  const answer = (role: Role): RoleMenu =>
    roleMenuSchema.parse({
      role,
      tree: stored.get(role) ?? filterMenuForRole(DEFAULT_ROUTES, role),
      source: stored.has(role) ? 'stored' : 'default',
      updatedAt: stored.has(role) ? '2026-03-01T08:00:00.000Z' : null,
      updatedBy: stored.has(role) ? '超级管理员' : null,
      version: versions.get(role) ?? 0,
    });
  const roleOf = (param: unknown) => {
    const role = ROLES.find((r) => r === param);
    if (!role) throw new Error(`unknown role ${String(param)}`);
    return role;
  };

  const handlers = [
    http.get('/api/menus/:role', ({ params }) => ok(answer(roleOf(params.role)))),
    http.put('/api/menus/:role', async ({ params, request }) => {
      const role = roleOf(params.role);
      const body = saveMenuBodySchema.parse(await request.json());
      puts.push({ role, tree: body.tree });
      if (overtaken) {
        const { tree, name } = overtaken;
        overtaken = null;
        record(role, 'save', tree, name);
        stored.set(role, tree);
        const conflict = {
          version: versions.get(role),
          savedBy: { id: 9, name },
          savedAt: '2026-03-02T08:00:00.000Z',
        };
        return fail(409, CODES.conflict, `${name}已保存了较新的版本`, [], conflict);
      }
      if (refusal) {
        const { msg, errors } = refusal;
        refusal = null;
        return fail(400, CODES.validation, msg, errors);
      }
      publishOf(role, request, 'save', body.tree);
      stored.set(role, body.tree);
      return ok(answer(role));
    }),
    http.get('/api/menus/:role/history', ({ params }) => {
      const role = roleOf(params.role);
      const list = history.get(role) ?? [];
      return ok(
        menuHistorySchema.parse({ role, version: versions.get(role) ?? 0, list, total: list.length }),
      );
    }),
    http.get('/api/menus/:role/diff', ({ params, request }) => {
      const role = roleOf(params.role);
      const query = new URL(request.url).searchParams;
      const [from, to] = [treeAt(role, Number(query.get('from'))), treeAt(role, Number(query.get('to')))];
      if (!from || !to) return fail(404, CODES.notFound, '没有这个版本');
      return ok({ list: jsonDiff(from, to) });
    }),
    http.post('/api/menus/:role/revert', async ({ params, request }) => {
      const role = roleOf(params.role);
      const { version } = menuRevertBodySchema.parse(await request.json());
      reverts.push({ role, version });
      const tree = treeAt(role, version);
      if (!tree) return fail(404, CODES.notFound, '没有这个版本');
      publishOf(role, request, 'revert', tree);
      stored.set(role, tree);
      return ok(answer(role));
    }),
    http.post('/api/menus/:role/reset', ({ params, request }) => {
      const role = roleOf(params.role);
      resets.push(role);
      publishOf(role, request, 'reset', null);
      stored.delete(role);
      return ok(answer(role));
    }),
  ];

  return {
    handlers,
    puts,
    resets,
    reverts,
    ifMatches,
    store: (role: Role, tree: MenuNode[]) => stored.set(role, tree),
    /** A version someone published earlier (by `name`), now the role's menu. */
    publishAs: (role: Role, tree: MenuNode[], name: string) => {
      record(role, 'save', tree, name);
      stored.set(role, tree);
    },
    refuseNextSave: (msg: string, errors: FieldError[]) => {
      refusal = { msg, errors };
    },
    overtakeNextSave: (tree: MenuNode[], name: string) => {
      overtaken = { tree, name };
    },
  };
}

/**
 * The pages API as the editor sees it: pages with a current descriptor each, saved versions
 * kept, PUT and revert recorded, an optional refusal for the next PUT, the preview's question
 * whether a role opens the page recorded and answered. Preview data GETs are
 * answered with an empty list.
 */
export function pagesApi(pages: PageDescriptor[]) {
  const current = new Map(pages.map((p) => [p.id, p]));
  const versions = new Map<string, PageVersion[]>();
  const puts: Array<{ id: string; body: unknown }> = [];
  const reverts: Array<{ id: string; version: number }> = [];
  let refusal: { msg: string; errors: FieldError[] } | null = null;
  /** What POST /api/pages/:id/preview answers a role: opens, unless closed here (the server's check is its own API test). */
  const closed = new Map<Role, { closedBy: PageClosedBy; rule: string | null }>();
  const previews: PagePreviewBody[] = [];

  const save = (id: string, descriptor: PageDescriptor) => {
    const list = versions.get(id) ?? [];
    const version = (list[0]?.version ?? 0) + 1;
    const savedAt = `2026-03-0${Math.min(version, 9)}T08:00:00.000Z`;
    versions.set(id, [{ version, savedAt, savedBy: { id: 1, name: '超级管理员' }, descriptor }, ...list]);
    current.set(id, descriptor);
    return savedPageSchema.parse({ id, version, savedAt });
  };

  const handlers = [
    http.get('/api/pages', () => {
      const list: PageList['list'] = [...current.values()].map((p) => ({
        id: p.id,
        title: p.title,
        source: versions.has(p.id) ? 'stored' : 'catalog',
        version: versions.get(p.id)?.[0].version ?? null,
        savedAt: versions.get(p.id)?.[0].savedAt ?? null,
      }));
      return ok(pageListSchema.parse({ list, total: list.length }));
    }),
    http.get('/api/pages/:id/history', ({ params }) => {
      const id = String(params.id);
      const list = versions.get(id) ?? [];
      const history: PageHistory = {
        id,
        source: list.length ? 'stored' : 'catalog',
        version: list[0]?.version ?? 0,
        current: current.get(id),
        list,
        total: list.length,
      };
      return ok(pageHistorySchema.parse(history));
    }),
    http.put('/api/pages/:id', async ({ params, request }) => {
      const id = String(params.id);
      const body = await request.json();
      puts.push({ id, body });
      if (refusal) {
        const { msg, errors } = refusal;
        refusal = null;
        return fail(400, CODES.validation, msg, errors);
      }
      return ok(save(id, pageDescriptorSchema.parse(body)));
    }),
    http.post('/api/pages/:id/preview', async ({ request }) => {
      const body = pagePreviewBodySchema.parse(await request.json());
      previews.push(body);
      const shut = closed.get(body.role);
      const answer = {
        role: body.role,
        opens: !shut,
        rule: shut?.rule ?? 'tasks.read',
        closedBy: shut?.closedBy ?? null,
      };
      return ok(pagePreviewSchema.parse(answer));
    }),
    http.post('/api/pages/:id/revert', async ({ params, request }) => {
      const id = String(params.id);
      const { version } = revertBodySchema.parse(await request.json());
      reverts.push({ id, version });
      const old = versions.get(id)?.find((v) => v.version === version);
      if (!old) return fail(404, CODES.notFound, '该页面没有这个版本');
      return ok(save(id, old.descriptor as PageDescriptor));
    }),
  ];

  return {
    handlers,
    puts,
    reverts,
    save,
    previews,
    closeTo: (role: Role, closedBy: PageClosedBy, rule: string | null) =>
      closed.set(role, { closedBy, rule }),
    refuseNextSave: (msg: string, errors: FieldError[]) => {
      refusal = { msg, errors };
    },
  };
}
