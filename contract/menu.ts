import type { AccessRule } from './access';
import { accessRuleSchema } from './role-schemas';
import { type Title, titleKeySchema, titleSchema } from './title';
import { MENU_LIMITS } from './tree-limits';
import { withinTreeLimits } from './tree-limits-schema';
import { z } from './zod-mini';

/** Icons a menu node may name; the browser maps each to an Arco icon. Anything else is refused. */
export const MENU_ICONS = [
  'dashboard',
  'form',
  'list',
  'case',
  'profile',
  'result',
  'lawoffice',
  'statistics',
  'user',
  'wallet',
  'file',
  'settings',
  'apps',
  'safe',
  'stamp',
  'send',
  'notification',
  'calendar',
  'idcard',
  'bank',
  'archive',
  'tool',
  'mobile',
  'trophy',
] as const;
export const menuIconSchema = z.enum(MENU_ICONS);
export type MenuIcon = z.infer<typeof menuIconSchema>;

/** An absolute app path: /list/search-table, /list/case-detail/:id. No scheme, no `//`. */
export const appPathSchema = z.string().check(
  z.regex(/^\/(?!\/)[A-Za-z0-9\-_/:]*$/, 'menu.path'),
  z.refine((p) => !p.includes('//'), 'menu.path'),
);

/** A page id (GET /api/pages/:id). */
export const pageIdSchema = z.string().check(z.regex(/^[a-z][a-z0-9-]{1,63}$/, 'menu.pageId'));

export { titleKeySchema };

/**
 * External links must be http(s): never `javascript:` or `data:`. The server allows fewer:
 * https only, to the hosts of MENU_LINK_HOSTS (menu-api.ts checkMenuTree, `linkHosts`).
 */
export const externalUrlSchema = z.url({ protocol: /^https?$/, error: 'menu.external' });

export interface MenuNode {
  key: string;
  path: string;
  name: string;
  /** An i18n key or the text in both languages (contract/title.ts). */
  title: Title;
  icon?: MenuIcon;
  order: number;
  /**
   * The ability that opens this route: the route table's leaves name it; in a stored menu the
   * server sets it from the node's page, so the browser filters every menu the same way.
   */
  access?: AccessRule;
  hideInMenu?: boolean;
  ignoreCache?: boolean;
  /** The page this route renders (GET /api/pages/:id); groups have none. */
  page?: string;
  external?: string;
  children?: MenuNode[];
}

/**
 * A typed route meta: the same shape for the server's menus and the browser's static table.
 * Strict: a key it does not name (`onClick`) is refused at its own path, never dropped.
 */
export const menuNodeSchema: z.ZodMiniType<MenuNode> = z.lazy(() =>
  z.strictObject({
    key: z.string().check(z.minLength(1), z.maxLength(100)),
    path: appPathSchema,
    name: z.string().check(z.minLength(1), z.maxLength(60)),
    title: titleSchema,
    icon: z.optional(menuIconSchema),
    order: z.number().check(z.int(), z.gte(0), z.lte(9999)),
    access: z.optional(accessRuleSchema),
    hideInMenu: z.optional(z.boolean()),
    ignoreCache: z.optional(z.boolean()),
    page: z.optional(pageIdSchema),
    external: z.optional(externalUrlSchema),
    children: z.optional(z.array(menuNodeSchema).check(z.maxLength(50))),
  }),
);

/**
 * A whole tree: the limits of contract/tree-limits.ts (levels, nodes, bytes) on the raw value
 * first, so a tree nested 100,000 deep is refused where it crosses them instead of
 * overflowing the stack in the recursive node schema; then the nodes.
 */
export const menuTreeSchema = withinTreeLimits(MENU_LIMITS, z.array(menuNodeSchema).check(z.maxLength(50)));
