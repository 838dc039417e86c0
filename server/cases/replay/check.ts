import type { Kysely } from 'kysely';
import type { CasePosition, CaseStatus } from '../../../contract/cases';
import { caseStateName, replaysTo } from '../../../machines';
import type { Database } from '../../db/schema';
import { storedTransitions } from './history';

export interface CaseMismatch {
  id: number;
  caseNo: string;
  stored: string;
  events: string[];
}

export interface CheckResult {
  replayed: number;
  mismatches: number;
}

/**
 * `npm run check:cases`: every stored case's audit trail replayed through the case machine
 * (machines/caseReplay.ts), compared with its stored status and position. Cases are read in
 * keyset pages (`id > last`), each page's transitions in one query, so memory stays at one page
 * whatever the database holds.
 */
export async function checkCases(
  db: Kysely<Database>,
  opts: {
    pageSize?: number;
    onMismatch?: (m: CaseMismatch) => void;
    onPage?: (replayed: number) => void;
  } = {},
): Promise<CheckResult> {
  const pageSize = opts.pageSize ?? 5000;
  let last = 0;
  let replayed = 0;
  let mismatches = 0;
  for (;;) {
    const page = await db
      .selectFrom('cases')
      .select(['id', 'case_no', 'status', 'position'])
      .where('id', '>', last)
      .orderBy('id')
      .limit(pageSize)
      .execute();
    if (page.length === 0) break;
    const histories = await storedTransitions(
      db,
      page.map((c) => c.id),
    );
    for (const c of page) {
      const events = (histories.get(c.id) ?? []).map((t) => t.type);
      const stored = caseStateName({
        status: c.status as CaseStatus,
        position: c.position as CasePosition | null,
      });
      if (!replaysTo(events, stored)) {
        mismatches += 1;
        opts.onMismatch?.({ id: c.id, caseNo: c.case_no, stored, events });
      }
    }
    replayed += page.length;
    last = page[page.length - 1].id;
    opts.onPage?.(replayed);
  }
  return { replayed, mismatches };
}
