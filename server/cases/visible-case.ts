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
  const row = await casesWithNames(db)
    .where('cases.id', '=', id)
    .where(visibleCondition(viewer))
    .executeTakeFirst();
  if (!row) throw fail.notFound('case.notFound');
  return toCaseRow(row, viewer);
}
