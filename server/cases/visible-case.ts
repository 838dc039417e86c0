import type { Kysely } from 'kysely';
import type { CaseRow } from '../../contract/case-api';
import type { Database } from '../db/schema';
import { fail } from '../http/errors';
import { casesWithNames, toCaseRow } from './rows';
import { type CaseViewer, visibleCondition } from './scope';

/**
 * A case the viewer may see, or 404: a case out of scope is answered like a missing one. Every
 * endpoint about one case (detail, edit, transitions, payments, attachments) asks here first.
 */
export async function visibleCase(db: Kysely<Database>, viewer: CaseViewer, id: number): Promise<CaseRow> {
  const row = (await visibleCases(db, viewer, [id])).get(id);
  if (!row) throw fail.notFound('case.notFound');
  return row;
}

/** The cases of these ids the viewer may see, in one query, by id (a bulk job's batch). */
export async function visibleCases(
  db: Kysely<Database>,
  viewer: CaseViewer,
  ids: readonly number[],
): Promise<Map<number, CaseRow>> {
  if (ids.length === 0) return new Map();
  const rows = await casesWithNames(db)
    .where('cases.id', 'in', [...ids])
    .where(visibleCondition(viewer))
    .execute();
  return new Map(rows.map((row) => [row.id, toCaseRow(row, viewer)]));
}
