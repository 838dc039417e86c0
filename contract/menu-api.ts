import { z } from 'zod';
import { type AccessRule, can } from './access';
import type { FieldError } from './envelope';
import { type MenuNode, menuTreeSchema } from './menu';
import type { MessageKey } from './messages';
import { roleSchema } from './role-schemas';
import type { Role } from './roles';

/** GET/PUT /api/menus/:role, POST /api/menus/:role/reset and /revert, drafts, history, diff (menus.edit). */
export const menuRoleParamsSchema = z.object({ role: roleSchema });

/** PUT /api/menus/:role: the whole tree; a wrong node is reported as `tree.2.children.0.icon`. */
export const saveMenuBodySchema = z.strictObject({ tree: menuTreeSchema });
export type SaveMenuBody = z.infer<typeof saveMenuBodySchema>;

export const roleMenuSchema = z.object({
  role: roleSchema,
  tree: menuTreeSchema,
  /** stored: the role has its own row (seeded or reshaped); default: the product's route table. */
  source: z.enum(['stored', 'default']),
  updatedAt: z.string().nullable(),
  /** Name of the administrator who saved it; null for the seed or the default. */
  updatedBy: z.string().nullable(),
  /** The newest published version (0: never saved): what the editor publishes with as `If-Match`. */
  version: z.number().int().nonnegative(),
});
export type RoleMenu = z.infer<typeof roleMenuSchema>;

/** The page of the menu editor itself. */
export const MENU_EDITOR_PAGE = 'menu-editor';

function hasPage(nodes: readonly MenuNode[], page: string): boolean {
  return nodes.some((n) => n.page === page || (n.children ? hasPage(n.children, page) : false));
}

/**
 * What the menu check knows of each page a menu may name: the rule that opens it (the route
 * table's leaf, else the saved descriptor's own `access`), or null for a saved page that
 * names none (it cannot be put in a menu until it does).
 */
export type PageAccess = ReadonlyMap<string, AccessRule | null>;

/**
 * A tree as stored and served: every page node carries its page's rule, so the one permission
 * filter (contract/routes.ts filterMenuForRole) reads stored menus and the route table alike.
 * What a client sent as a page node's `access` is replaced: it is derived, never declared.
 */
export function withPageAccess(tree: readonly MenuNode[], pages: PageAccess): MenuNode[] {
  return tree.map((node) => {
    const { access, children, ...rest } = node;
    const rule = node.page ? (pages.get(node.page) ?? undefined) : access;
    return {
      ...rest,
      ...(rule ? { access: rule } : {}),
      ...(children ? { children: withPageAccess(children, pages) } : {}),
    };
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a menu may link out to `url`: https, to exactly one of `hosts` (host names as a URL
 * reports them: lower case, IDN in punycode). No hosts, no external links. zod parses the URL
 * as the browser will (`https://allowed.example@evil.example/` is evil.example's).
 */
export function isAllowedLink(url: string, hosts: readonly string[]): boolean {
  if (hosts.length === 0) return false;
  const hostname = new RegExp(`^(?:${hosts.map(escapeRegExp).join('|')})$`);
  return z.url({ protocol: /^https$/, hostname }).safeParse(url).success;
}

/** What the menu check needs beside the tree. */
export interface MenuCheckContext {
  role: Role;
  pages: PageAccess;
  /** The hosts external links may point at (the server's MENU_LINK_HOSTS). */
  linkHosts: readonly string[];
}

/**
 * The rules a tree must keep beyond its schema, checked by the server before it stores one
 * (and usable by the editor before it sends one): pages that exist, keys and paths that are
 * unique, external links only to allowed hosts, and no node the role may not open: a page
 * whose ability the role does not hold is refused at that node (a menu never grants a
 * permission; it may only narrow).
 */
export function checkMenuTree(
  tree: readonly MenuNode[],
  { role, pages, linkHosts }: MenuCheckContext,
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
      if (node.page && node.external) wrong(`${here}.external`, 'menu.pageOrExternal');
      else if (node.external && !isAllowedLink(node.external, linkHosts))
        wrong(`${here}.external`, 'menu.externalHost');
      if (node.page) {
        const rule = pages.get(node.page);
        if (rule === undefined) wrong(`${here}.page`, 'menu.unknownPage');
        else if (rule === null) wrong(`${here}.page`, 'menu.pageWithoutAccess');
        else if (!can(rule, role)) wrong(`${here}.page`, 'menu.pageNotPermitted');
      } else if (node.access && !can(node.access, role)) {
        wrong(`${here}.access`, 'menu.pageNotPermitted');
      }
      if (node.children) walk(node.children, `${here}.children`);
    });
  };
  walk(tree, prefix);
  // Who edits menus reshapes them from this page: their own menu must keep it.
  if (can('menus.edit', role) && !hasPage(tree, MENU_EDITOR_PAGE)) wrong(prefix, 'menu.editorRequired');
  return errors;
}

/** One published version of a role's menu: a save, a reset (tree null: the route table) or a restore. */
export const menuVersionSchema = z.object({
  version: z.number().int().positive(),
  kind: z.enum(['save', 'reset', 'revert']),
  savedAt: z.string(),
  savedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The tree as published; null: the product's route table (a reset). */
  tree: z.unknown().nullable(),
});
export type MenuVersion = z.infer<typeof menuVersionSchema>;

/** GET /api/menus/:role/history: every version, newest first (`list[0]` is what is published). */
export const menuHistorySchema = z.object({
  role: roleSchema,
  version: z.number().int().nonnegative(),
  list: z.array(menuVersionSchema),
  total: z.number().int(),
});
export type MenuHistory = z.infer<typeof menuHistorySchema>;

/** POST /api/menus/:role/revert: publishes that version's tree again as the newest. */
export const menuRevertBodySchema = z.strictObject({ version: z.number().int().positive() });
