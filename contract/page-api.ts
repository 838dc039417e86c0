import { z } from 'zod';
import { pageIdSchema } from './menu';
import { roleSchema } from './role-schemas';
import { titleSchema } from './title';

/**
 * The page descriptor API (superAdmin, except GET /api/pages/:id which serves any role whose
 * menu holds the page). PUT /api/pages/:id takes the descriptor itself as the body, so a
 * wrong field is reported at its own path (`columns.0.widget`).
 */
export const pageIdParamsSchema = z.object({ id: pageIdSchema });

/** Where a page's served descriptor comes from: a saved version, the product's catalogue, or nowhere yet. */
export const PAGE_SOURCES = ['stored', 'catalog', 'missing'] as const;
export type PageSource = (typeof PAGE_SOURCES)[number];

export const pageSummarySchema = z.object({
  id: pageIdSchema,
  /** The served descriptor's title (or its route's): an i18n key or the text in both languages. */
  title: titleSchema,
  source: z.enum(PAGE_SOURCES),
  /** Latest saved version; null when nothing was ever saved. */
  version: z.number().int().positive().nullable(),
  savedAt: z.string().nullable(),
});
export type PageSummary = z.infer<typeof pageSummarySchema>;

export const pageListSchema = z.object({ list: z.array(pageSummarySchema), total: z.number().int() });
export type PageList = z.infer<typeof pageListSchema>;

export const pageVersionSchema = z.object({
  version: z.number().int().positive(),
  savedAt: z.string(),
  savedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The descriptor as it was saved (validated when saved; re-validated before it is served again). */
  descriptor: z.unknown(),
});
export type PageVersion = z.infer<typeof pageVersionSchema>;

/**
 * What the page editor starts from: the descriptor the page serves now (to any role whose
 * menu holds it) and where it comes from, then every saved version, newest first.
 */
export const pageHistorySchema = z.object({
  id: pageIdSchema,
  source: z.enum(PAGE_SOURCES),
  /** The newest saved version (0: never saved): what the editor publishes with as `If-Match`. */
  version: z.number().int().nonnegative(),
  current: z.unknown(),
  list: z.array(pageVersionSchema),
  total: z.number().int(),
});
export type PageHistory = z.infer<typeof pageHistorySchema>;

export const revertBodySchema = z.object({ version: z.number().int().positive() });

export const savedPageSchema = z.object({
  id: pageIdSchema,
  version: z.number().int().positive(),
  savedAt: z.string(),
});
export type SavedPage = z.infer<typeof savedPageSchema>;

/** What closes a page to a role: the ability its rule names, or the role's own menu (which may only narrow). */
export const PAGE_CLOSED_BY = ['ability', 'menu'] as const;
export type PageClosedBy = (typeof PAGE_CLOSED_BY)[number];

/**
 * POST /api/pages/:id/preview: would `role` open this page, as edited? The editor's draft
 * counts (a page outside the route table opens by its own `access`); without it, what the
 * page serves now. Sign-in as the role is never needed: the same check as GET /api/pages/:id.
 */
export const pagePreviewBodySchema = z.object({ role: roleSchema, descriptor: z.unknown().optional() });
export type PagePreviewBody = z.infer<typeof pagePreviewBodySchema>;

export const pagePreviewSchema = z.object({
  role: roleSchema,
  opens: z.boolean(),
  /** The rule that opens the page (contract/access.ts), null when none does. */
  rule: z.string().nullable(),
  closedBy: z.enum(PAGE_CLOSED_BY).nullable(),
});
export type PagePreview = z.infer<typeof pagePreviewSchema>;
