import { z } from 'zod';

/**
 * Versions that cannot overwrite each other (ARCHITECTURE §8 "Editing"): pages and role menus
 * are published with `If-Match: "<version>"` (the version the editor loaded, sent by GET as
 * `ETag`; `"0"` for never saved), a stale one is answered 409 with `VersionConflict` as `data`,
 * a missing one 428. Each has one shared draft, a history (newest first) and a diff between two
 * versions as JSON-pointer paths.
 */

/** The header value of a version: `"3"`. */
export const etagOf = (version: number) => `"${version}"`;

/** The version an `If-Match` header names; null when absent, 'malformed' when it is no quoted number. */
export function versionOfIfMatch(header: string | undefined): number | null | 'malformed' {
  if (header === undefined || header.trim() === '') return null;
  const match = /^\s*"(0|[1-9]\d{0,9})"\s*$/.exec(header);
  return match ? Number(match[1]) : 'malformed';
}

export const versionAuthorSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** The `data` of a 409: the newer version the save did not overwrite, and who saved it when. */
export const versionConflictSchema = z.object({
  version: z.number().int().nonnegative(),
  savedBy: versionAuthorSchema,
  savedAt: z.string().nullable(),
});
export type VersionConflict = z.infer<typeof versionConflictSchema>;

/** PUT .../draft: the work in progress (not checked beyond the tree limits) and the version it started from. */
export const draftBodySchema = z.strictObject({
  content: z.unknown(),
  baseVersion: z.number().int().nonnegative(),
});
export type DraftBody = z.infer<typeof draftBodySchema>;

/** GET .../draft: the one shared draft and who last changed it; null when there is none. */
export const draftSchema = z
  .object({
    content: z.unknown(),
    baseVersion: z.number().int().nonnegative(),
    updatedBy: versionAuthorSchema,
    updatedAt: z.string(),
  })
  .nullable();
export type Draft = z.infer<typeof draftSchema>;

/** GET .../diff?from=&to=: two versions (0: what was served before any save). */
export const diffQuerySchema = z.object({
  from: z.coerce.number().int().nonnegative(),
  to: z.coerce.number().int().nonnegative(),
});

/** One difference: where (JSON pointer, `/columns/3/title`), the value before and after (absent: none). */
export const diffEntrySchema = z.object({
  path: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type DiffEntry = z.infer<typeof diffEntrySchema>;
export const diffSchema = z.object({ list: z.array(diffEntrySchema) });

/** RFC 6901: `~` and `/` inside a key are escaped. */
const pointerPart = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Every difference between two JSON values, depth first, in document order: objects by key,
 * arrays by position (an entry added at the end is `/columns/4` with no `before`), anything
 * else compared as a value. Equal values give an empty list.
 */
export function jsonDiff(before: unknown, after: unknown, path = ''): DiffEntry[] {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...Object.keys(before), ...Object.keys(after).filter((k) => !Object.hasOwn(before, k))];
    return keys.flatMap((key) => {
      const at = `${path}/${pointerPart(key)}`;
      if (!Object.hasOwn(after, key)) return [{ path: at, before: before[key] }];
      if (!Object.hasOwn(before, key)) return [{ path: at, after: after[key] }];
      return jsonDiff(before[key], after[key], at);
    });
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, i) => {
      const at = `${path}/${i}`;
      if (i >= after.length) return [{ path: at, before: before[i] }];
      if (i >= before.length) return [{ path: at, after: after[i] }];
      return jsonDiff(before[i], after[i], at);
    }).flat();
  }
  if (Object.is(before, after)) return [];
  return [{ path: path || '/', before, after }];
}
