import type { MenuNode } from '../../contract/menu';
import type { RoleMenu } from '../../contract/menu-api';
import type { Role } from '../../contract/roles';
import { DEFAULT_ROUTES, filterMenuForRole } from '../../contract/routes';
import type { TestServer } from './harness';
import { menuIfMatch } from './version-fixtures';

/**
 * What the menu tests share (menus-checks.test.ts, menus-reshaping.test.ts,
 * menus-hostile.test.ts): the file's server and its superAdmin, a role's menu read, saved and
 * reset as the menu editor does, default trees to reshape and nodes found in them.
 */
let server: TestServer;
let admin: string;

/** Points the helpers at a file's server; answers its superAdmin's token. */
export async function useMenuServer(next: TestServer): Promise<string> {
  server = next;
  admin = await server.tokenFor('superAdmin');
  return admin;
}

export const getMenu = (role: string) => server.call<RoleMenu>('GET', `/api/menus/${role}`, { token: admin });
/** Saves and resets as the menu editor does: over the version it loaded (`If-Match`). */
export const putMenu = async (role: string, tree: unknown) =>
  server.call<RoleMenu>('PUT', `/api/menus/${role}`, {
    token: admin,
    body: { tree },
    headers: await menuIfMatch(server, role, admin),
  });
export const resetMenu = async (role: string) =>
  server.call<RoleMenu>('POST', `/api/menus/${role}/reset`, {
    token: admin,
    headers: await menuIfMatch(server, role, admin),
  });

/** The role's default tree, to reshape in a test (a deep copy each time). */
export function defaultTree(role: Role): MenuNode[] {
  return structuredClone(filterMenuForRole(DEFAULT_ROUTES, role));
}

export function nodeAt(tree: MenuNode[], key: string): MenuNode {
  for (const node of tree) {
    if (node.key === key) return node;
    const below = node.children && findIn(node.children, key);
    if (below) return below;
  }
  throw new Error(`no node ${key}`);
}
export function findIn(tree: MenuNode[], key: string): MenuNode | null {
  try {
    return nodeAt(tree, key);
  } catch {
    return null;
  }
}

/** `levels` nodes, each the only child of the one before. */
export function chain(levels: number, at = 1): MenuNode {
  const node: MenuNode = {
    key: `/deep/${at}`,
    path: `/deep/${at}`,
    name: 'deep',
    title: 'menu.test',
    order: 0,
  };
  return levels > 1 ? { ...node, children: [chain(levels - 1, at + 1)] } : node;
}
