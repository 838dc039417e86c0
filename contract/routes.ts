import { type AccessRule, can } from './access';
import type { MenuIcon, MenuNode } from './menu';
import type { Role } from './roles';

/**
 * The product's default route table, defined once. The server seeds each role's menu from
 * it and the browser uses it as the static fallback when menu-from-server is off, so the
 * two cannot drift. Each leaf names the ability that opens it (contract/access.ts); a group
 * shows when one of its leaves does.
 */

type Leaf = Omit<MenuNode, 'key' | 'path' | 'order' | 'children'> & { segment: string; order?: number };

function group(segment: string, order: number, icon: MenuIcon, leaves: Leaf[]): MenuNode {
  const base = `/${segment}`;
  return {
    key: base,
    path: base,
    name: camel(segment),
    title: `menu.${camel(segment)}`,
    icon,
    order,
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

const leaf = (segment: string, page: string, access: AccessRule, extra: Partial<Leaf> = {}): Leaf => ({
  segment,
  name: extra.name ?? camel(segment.replace(/\/:\w+$/, '')),
  title: extra.title ?? `menu.${page.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}`,
  page,
  access,
  ...extra,
});

export const DEFAULT_ROUTES: MenuNode[] = [
  group('dashboard', 0, 'dashboard', [
    leaf('workplace', 'workplace', 'workplace.read', { name: 'Workplace' }),
    leaf('lawfirm-workplace', 'lawfirm-workplace', 'firm.workplace'),
    leaf('lawyer-workplace', 'lawyer-workplace', 'lawyer.workplace'),
    leaf('task-center', 'task-center', 'tasks.read'),
    // In the sidebar: only admin holds monitor.read, and it is admin's landing page.
    leaf('monitor', 'monitor', 'monitor.read'),
  ]),
  group('form', 1, 'form', [
    leaf('accountfirm', 'accountfirm', 'firm.profile'),
    leaf('casefirm', 'casefirm', 'firm.cases'),
    leaf('editfirm', 'editfirm', 'firm.profile', { hideInMenu: true, ignoreCache: true }),
    leaf('firm-case/:id', 'firm-case', 'firm.cases', { hideInMenu: true }),
  ]),
  group('list', 2, 'list', [
    leaf('search-table', 'search-table', 'cases.manage'),
    leaf('case-node', 'case-node', 'cases.manage'),
    leaf('send-back', 'send-back', 'letters.resubmit:all'),
    leaf('case-detail/:id', 'case-detail', 'cases.manage', { hideInMenu: true }),
    leaf('case-edit/:id', 'case-edit', 'cases.edit', { hideInMenu: true, ignoreCache: true }),
    leaf('case-details/:id', 'case-details', 'cases.manage', { hideInMenu: true }),
    leaf('bussinessAudit/:id', 'bussiness-audit', 'cases.review', { hideInMenu: true }),
    leaf('push-manage', 'push-manage', 'cases.push', { hideInMenu: true }),
    leaf('renewal-follow', 'renewal-follow', 'cases.run:all', { hideInMenu: true }),
    leaf('case-new', 'case-new', 'cases.create', { ignoreCache: true }),
    leaf('case-import', 'case-import', 'cases.import'),
    leaf('plan-review', 'plan-review', 'plans.review'),
  ]),
  group('case', 3, 'case', [leaf('processing/:id', 'processing', 'cases.run', { hideInMenu: true })]),
  group('profile', 4, 'profile', [
    leaf('search-table-lawyer', 'search-table-lawyer', 'lawyer.cases'),
    leaf('case', 'my-cases', 'lawyer.cases', { name: 'myCases' }),
    leaf('editlawyer', 'editlawyer', 'lawyer.profile', { hideInMenu: true, ignoreCache: true }),
    leaf('letters', 'my-letters', 'letters.write', { name: 'myLetters' }),
  ]),
  group('result', 5, 'result', [
    leaf('search-table-business', 'search-table-business', 'business.cases'),
    leaf('order-manage', 'order-manage', 'firms.read', { hideInMenu: true }),
    leaf('letter-audit', 'letter-audit', 'letters.review'),
    leaf('case-record/:id', 'case-record', 'business.cases', { hideInMenu: true }),
    leaf('letter-review/:id', 'letter-review', 'letters.review', { hideInMenu: true }),
    leaf('compliance', 'compliance', 'compliance.read'),
  ]),
  group('lawoffice', 6, 'lawoffice', [
    leaf('account-verification', 'account-verification', 'firms.review'),
    leaf('follow-up', 'follow-up', 'lawyers.review:all'),
    leaf('certification-review', 'certification-review', 'certifications.review'),
  ]),
  group('statistics', 7, 'statistics', [
    leaf('case-node', 'statistics-case-node', 'statistics.read', { name: 'statisticsCaseNode' }),
    leaf('statistics-data', 'statistics-data', 'statistics.read'),
  ]),
  group('user', 7, 'user', [
    leaf('setting', 'user-setting', 'profile.edit', { hideInMenu: true, name: 'userSetting' }),
    leaf('info', 'user-info', 'profile.read', { name: 'userInfo' }),
    leaf('account', 'user-account', 'accounts.manage', { name: 'userAccount' }),
    leaf('access', 'user-access', 'access.read', { name: 'userAccess' }),
    leaf('pii-access', 'pii-access', 'pii.audit'),
    leaf('reset-modify', 'reset-modify', 'profile.edit', { hideInMenu: true }),
    leaf('menu-editor', 'menu-editor', 'menus.edit'),
    leaf('page-editor', 'page-editor', 'pages.edit'),
    leaf('sensitive-words', 'sensitive-words', 'sensitiveWords.manage'),
  ]),
  group('xiaolvban', 9, 'wallet', [
    leaf('account-center', 'account-center', 'devices.manage'),
    leaf('userAccount/:id', 'user-account-detail', 'devices.manage', {
      hideInMenu: true,
      name: 'userAccountDetail',
    }),
    leaf('userWallet/:id', 'user-wallet', 'wallets.read', { hideInMenu: true }),
  ]),
  group('dev', 998, 'tool', [
    leaf('machines', 'machine-inspector', 'dev.tools', { name: 'machineInspector' }),
  ]),
  group('test', 999, 'file', [leaf('pdf', 'pdf-viewer', 'dev.tools', { hideInMenu: true, name: 'testPdf' })]),
];

/** The route table's public half (its own small module, so the sign-in page loads without the menus). */
export { PUBLIC_PAGES, type PublicPageName } from './public-pages';

/** Where `/` sends a role (the guard then moves roles that may not open it). */
export function homePathFor(role: Role | null | undefined): string {
  if (role === 'lawyer') return '/dashboard/lawyer-workplace';
  if (role === 'lawfirmContactPerson') return '/dashboard/lawfirm-workplace';
  return '/dashboard/workplace';
}

/**
 * The one permission filter: the nodes this role may open (their ability held), hidden ones
 * included, empty groups dropped.
 */
export function filterMenuForRole(nodes: readonly MenuNode[], role: Role | null | undefined): MenuNode[] {
  const out: MenuNode[] = [];
  for (const node of nodes) {
    if (!can(node.access, role)) continue;
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
