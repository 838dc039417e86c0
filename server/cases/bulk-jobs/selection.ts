import type { Kysely } from 'kysely';
import type { BulkJobRequest } from '../../../contract/bulk-jobs';
import type { Database } from '../../db/schema';
import { fail } from '../../http/errors';
import { caseFilterConditions } from '../filters';
import { countCases, orderOf, walkIds } from '../list';
import { type CaseViewer, visibleParts } from '../scope';

/** Ids read per window of the walk: the database is free between windows. */
const WINDOW = 1000;

/**
 * The cases a job takes, in the list's order, fixed when it starts: every case the case list
 * shows the caller for `filter` (the list's own scope parts, filter conditions and order, as
 * the CSV export reads them), or the ids given (each judged when its turn comes: one the
 * caller may not see is refused then, like a case gone). More than `max`: 400, before any job.
 */
export async function selectedCases(
  db: Kysely<Database>,
  viewer: CaseViewer,
  body: BulkJobRequest,
  max: number,
): Promise<number[]> {
  let ids: number[];
  if (body.caseIds) {
    ids = [...new Set(body.caseIds)];
  } else {
    const filter = body.filter ?? { sortField: 'createdAt' as const, sortOrder: 'desc' as const };
    ids = [];
    const parts = visibleParts(viewer, filter);
    if (parts.length > 0) {
      const where = await caseFilterConditions(db, filter, 'page');
      for await (const window of walkIds(db, parts, where, orderOf(filter), WINDOW)) {
        for (const c of window) ids.push(c.id);
        // One past the cap is enough to refuse: the count the message gives is then counted.
        if (ids.length > max) break;
      }
      if (ids.length > max) {
        const count = await countCases(db, parts, where);
        throw fail.field('filter', 'bulk.tooMany', { count, max });
      }
    }
  }
  if (ids.length > max) throw fail.field('caseIds', 'bulk.tooMany', { count: ids.length, max });
  if (ids.length === 0) throw fail.field(body.caseIds ? 'caseIds' : 'filter', 'bulk.nothingSelected');
  return ids;
}
