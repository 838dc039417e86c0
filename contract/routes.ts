import type { MenuIcon, MenuNode } from './menu';
import { canAccess, type Role } from './roles';

/**
 * The product's default route table, defined once. The server seeds each role's menu from
 * it and the browser uses it as the static fallback when menu-from-server is off, so the
 * two cannot drift. Group roles gate the group; each child names its own roles.
 */

type Leaf = Omit<MenuNode, 'key' | 'path' | 'order' | 'children'> & { segment: string; order?: number };

function group(
  segment: string,
  order: number,
  icon: MenuIcon,
  roles: MenuNode['roles'],
  leaves: Leaf[],
): MenuNode {
  const base = `/${segment}`;
  return {
    key: base,
    path: base,
    name: camel(segment),
    title: `menu.${camel(segment)}`,
    icon,
    order,
    roles,
    children: leaves.map(({ segment: child, order: childOrder, ...leaf }, i) => ({
      key: `${base}/${child}`,
      path: `${base}/${child}`,
      order: childOrder ?? i,
      ...leaf,
    })),
  };
}

function camel(text: string): string {
  return text.replace(/[-/](\w)/g, (_, c: string) => c.toUpperCase()).replace(/:\w+/g, '');
}

const leaf = (segment: string, page: string, roles: MenuNode['roles'], extra: Partial<Leaf> = {}): Leaf => ({
  segment,
  name: extra.name ?? camel(segment.replace(/\/:\w+$/, '')),
  title: extra.title ?? `menu.${page.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}`,
  page,
  roles,
  ...extra,
});

const OPS: Role[] = ['bussinessOperation', 'superAdmin'];

export const DEFAULT_ROUTES: MenuNode[] = [
  group(
    'dashboard',
    0,
    'dashboard',
    ['*'],
    [
      leaf('workplace', 'workplace', ['superAdmin', 'caseOperation', 'bussinessOperation'], {
        name: 'Workplace',
      }),
      leaf('lawfirm-workplace', 'lawfirm-workplace', ['lawfirmContactPerson']),
      leaf('lawyer-workplace', 'lawyer-workplace', ['lawyer']),
      leaf('task-center', 'task-center', ['bussinessOperation', 'superAdmin']),
      leaf('monitor', 'monitor', ['admin'], { hideInMenu: true }),
    ],
  ),
  group(
    'form',
    1,
    'form',
    ['lawfirmContactPerson', 'superAdmin'],
    [
      leaf('accountfirm', 'accountfirm', ['lawfirmContactPerson', 'superAdmin']),
      leaf('casefirm', 'casefirm', ['lawfirmContactPerson', 'superAdmin']),
      leaf('editfirm', 'editfirm', ['lawfirmContactPerson', 'superAdmin'], {
        hideInMenu: true,
        ignoreCache: true,
      }),
    ],
  ),
  group(
    'list',
    2,
    'list',
    ['caseOperation', 'superAdmin'],
    [
      leaf('search-table', 'search-table', ['caseOperation', 'superAdmin']),
      leaf('case-node', 'case-node', ['caseOperation', 'superAdmin']),
      leaf('send-back', 'send-back', ['caseOperation', 'superAdmin']),
      leaf('case-detail/:id', 'case-detail', ['caseOperation', 'superAdmin'], { hideInMenu: true }),
      leaf('case-edit/:id', 'case-edit', ['caseOperation', 'superAdmin'], {
        hideInMenu: true,
        ignoreCache: true,
      }),
      leaf('case-details/:id', 'case-details', ['caseOperation', 'superAdmin'], { hideInMenu: true }),
      leaf('bussinessAudit/:id', 'bussiness-audit', ['caseOperation', 'superAdmin'], { hideInMenu: true }),
      leaf('push-manage', 'push-manage', ['caseOperation', 'superAdmin'], { hideInMenu: true }),
      leaf('renewal-follow', 'renewal-follow', ['caseOperation', 'superAdmin'], { hideInMenu: true }),
    ],
  ),
  // The product gives this group no roles: the roles that process cases.
  group(
    'case',
    3,
    'case',
    ['lawyer', 'caseOperation', 'superAdmin'],
    [leaf('processing/:id', 'processing', ['lawyer', 'caseOperation', 'superAdmin'], { hideInMenu: true })],
  ),
  group(
    'profile',
    4,
    'profile',
    ['lawyer', 'superAdmin'],
    [
      leaf('search-table-lawyer', 'search-table-lawyer', ['lawyer', 'superAdmin']),
      leaf('case', 'my-cases', ['lawyer', 'superAdmin'], { name: 'myCases' }),
      leaf('editlawyer', 'editlawyer', ['lawyer', 'superAdmin'], { hideInMenu: true, ignoreCache: true }),
    ],
  ),
  group('result', 5, 'result', OPS, [
    leaf('search-table-business', 'search-table-business', OPS),
    leaf('order-manage', 'order-manage', OPS, { hideInMenu: true }),
    leaf('letter-audit', 'letter-audit', OPS),
  ]),
  group('lawoffice', 6, 'lawoffice', OPS, [
    leaf('account-verification', 'account-verification', OPS),
    leaf('follow-up', 'follow-up', OPS),
  ]),
  group('statistics', 7, 'statistics', OPS, [
    leaf('case-node', 'statistics-case-node', OPS, { name: 'statisticsCaseNode' }),
    leaf('statistics-data', 'statistics-data', OPS),
  ]),
  // The product gives this group no roles: settings and password change are for everyone.
  group(
    'user',
    7,
    'user',
    ['*'],
    [
      leaf('setting', 'user-setting', ['*'], { hideInMenu: true, name: 'userSetting' }),
      leaf('account', 'user-account', ['superAdmin'], { name: 'userAccount' }),
      leaf('reset-modify', 'reset-modify', ['*'], { hideInMenu: true }),
      leaf('menu-editor', 'menu-editor', ['superAdmin']),
      leaf('page-editor', 'page-editor', ['superAdmin']),
    ],
  ),
  group(
    'xiaolvban',
    9,
    'wallet',
    ['bussinessOperation', 'lawfirmContactPerson', 'superAdmin'],
    [
      leaf('account-center', 'account-center', ['bussinessOperation', 'lawfirmContactPerson', 'superAdmin']),
      leaf(
        'userAccount/:id',
        'user-account-detail',
        ['bussinessOperation', 'lawfirmContactPerson', 'superAdmin'],
        {
          hideInMenu: true,
          name: 'userAccountDetail',
        },
      ),
      leaf('userWallet/:id', 'user-wallet', ['bussinessOperation', 'lawfirmContactPerson', 'superAdmin'], {
        hideInMenu: true,
      }),
    ],
  ),
  group(
    'test',
    999,
    'file',
    ['superAdmin'],
    [leaf('pdf', 'pdf-viewer', ['superAdmin'], { hideInMenu: true, name: 'testPdf' })],
  ),
];

/** Where `/` sends a role (the guard then moves roles that may not open it). */
export function homePathFor(role: Role | null | undefined): string {
  if (role === 'lawyer') return '/dashboard/lawyer-workplace';
  if (role === 'lawfirmContactPerson') return '/dashboard/lawfirm-workplace';
  return '/dashboard/workplace';
}

/** The one permission filter: the nodes this role may open, hidden ones included, empty groups dropped. */
export function filterMenuForRole(nodes: readonly MenuNode[], role: Role | null | undefined): MenuNode[] {
  const out: MenuNode[] = [];
  for (const node of nodes) {
    if (!canAccess(node.roles, role)) continue;
    if (node.children) {
      const children = filterMenuForRole(node.children, role);
      if (children.length === 0 && !node.page) continue;
      out.push({ ...node, children });
    } else {
      out.push(node);
    }
  }
  return out.sort((a, b) => a.order - b.order);
}

/** Every routable leaf of a tree, breadth-first (hidden ones included). */
export function routesBreadthFirst(nodes: readonly MenuNode[]): MenuNode[] {
  const queue = [...nodes];
  const out: MenuNode[] = [];
  while (queue.length) {
    const node = queue.shift() as MenuNode;
    if (node.page || node.external) out.push(node);
    if (node.children) queue.push(...[...node.children].sort((a, b) => a.order - b.order));
  }
  return out;
}

/** Does a concrete path (/list/case-detail/42) match a route pattern (/list/case-detail/:id)? */
export function matchRoutePath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('?')[0].split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) params[want[i].slice(1)] = decodeURIComponent(have[i]);
    else if (want[i] !== have[i]) return null;
  }
  return params;
}

/** The route of a tree that a path opens, if any. */
export function findRoute(nodes: readonly MenuNode[], path: string): MenuNode | null {
  for (const node of routesBreadthFirst(nodes)) {
    if (matchRoutePath(node.path, path)) return node;
  }
  return null;
}
