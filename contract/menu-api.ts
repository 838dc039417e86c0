import { z } from 'zod';
import type { FieldError } from './envelope';
import { type MenuNode, menuTreeSchema } from './menu';
import type { MessageKey } from './messages';
import { roleSchema } from './role-schemas';
import { canAccess, type Role } from './roles';

/** GET/PUT /api/menus/:role, POST /api/menus/:role/reset (superAdmin). */
export const menuRoleParamsSchema = z.object({ role: roleSchema });

/** PUT /api/menus/:role: the whole tree; a wrong node is reported as `tree.2.children.0.icon`. */
export const saveMenuBodySchema = z.object({ tree: menuTreeSchema });
export type SaveMenuBody = z.infer<typeof saveMenuBodySchema>;

export const roleMenuSchema = z.object({
  role: roleSchema,
  tree: menuTreeSchema,
  /** stored: the role has its own row (seeded or reshaped); default: the product's route table. */
  source: z.enum(['stored', 'default']),
  updatedAt: z.string().nullable(),
  /** Name of the administrator who saved it; null for the seed or the default. */
  updatedBy: z.string().nullable(),
});
export type RoleMenu = z.infer<typeof roleMenuSchema>;

/** The page of the menu editor itself. */
export const MENU_EDITOR_PAGE = 'menu-editor';

function hasPage(nodes: readonly MenuNode[], page: string): boolean {
  return nodes.some((n) => n.page === page || (n.children ? hasPage(n.children, page) : false));
}

/**
 * The rules a tree must keep beyond its schema, checked by the server before it stores one
 * (and usable by the editor before it sends one): pages that exist, keys and paths that are
 * unique, and no node the role may not open (a menu never grants a permission).
 */
export function checkMenuTree(
  tree: readonly MenuNode[],
  role: Role,
  knownPageIds: ReadonlySet<string>,
  prefix = 'tree',
): FieldError[] {
  const errors: FieldError[] = [];
  const keys = new Set<string>();
  const paths = new Set<string>();
  const wrong = (path: string, message: MessageKey) => errors.push({ path, message });

  const walk = (nodes: readonly MenuNode[], at: string) => {
    nodes.forEach((node, i) => {
      const here = `${at}.${i}`;
      if (keys.has(node.key)) wrong(`${here}.key`, 'menu.duplicateKey');
      keys.add(node.key);
      if (paths.has(node.path)) wrong(`${here}.path`, 'menu.duplicatePath');
      paths.add(node.path);
      if (!canAccess(node.roles, role)) wrong(`${here}.roles`, 'menu.roleNotAdmitted');
      if (node.page && !knownPageIds.has(node.page)) wrong(`${here}.page`, 'menu.unknownPage');
      if (node.page && node.external) wrong(`${here}.external`, 'menu.pageOrExternal');
      if (node.children) walk(node.children, `${here}.children`);
    });
  };
  walk(tree, prefix);
  // superAdmin reshapes every menu from this page: its own menu must keep it.
  if (role === 'superAdmin' && !hasPage(tree, MENU_EDITOR_PAGE)) wrong(prefix, 'menu.editorRequired');
  return errors;
}
