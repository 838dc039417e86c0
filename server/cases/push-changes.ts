import type { Kysely } from 'kysely';
import {
  OPEN_PUSH_STATUSES,
  type PushRecordChange,
  WAITING_PUSH_STATUS,
} from '../../machines/casePushRecords';
import { bulkInsert } from '../db/bulk-insert';
import { dialectOf } from '../db/dialect-of';
import type { Database } from '../db/schema';
import { notIndexed } from '../db/sql-portable';

/** The push record changes the machine decided for one case (machines/casePushRecords.ts). */
export type CasePushChanges = { caseId: number; changes: readonly PushRecordChange[] };

/**
 * Applies the push record changes of many cases to their rows of `case_pushes`, in the
 * transitions' transaction, as few statements as there are distinct changes: each case's
 * changes stay in their order (the first change of every case, then the second ...), and the
 * cases that take the same change at the same step share one statement (`case_id in (...)`),
 * so a bulk push of 500 pooled cases is one multi-row insert. Rows are per case, so cases
 * never see each other's changes.
 */
export async function applyPushChanges(
  trx: Kysely<Database>,
  cases: readonly CasePushChanges[],
  by: { operatorId: number | null; at: string },
): Promise<void> {
  const steps = Math.max(0, ...cases.map((c) => c.changes.length));
  for (let step = 0; step < steps; step++) {
    const groups = new Map<string, { change: PushRecordChange; caseIds: number[] }>();
    for (const c of cases) {
      const change = c.changes[step];
      if (!change) continue;
      const key = JSON.stringify(change);
      const group = groups.get(key) ?? { change, caseIds: [] };
      group.caseIds.push(c.caseId);
      groups.set(key, group);
    }
    for (const { change, caseIds } of groups.values()) await applyOne(trx, change, caseIds, by);
  }
}

async function applyOne(
  trx: Kysely<Database>,
  c: PushRecordChange,
  caseIds: number[],
  by: { operatorId: number | null; at: string },
): Promise<void> {
  const { at } = by;
  // The status is kept out of SQLite's index choice: beside `case_id in (...)` of a batch, its
  // planner took the status index and walked every open push (34 s a batch at 1,000,000 cases).
  const status = notIndexed(dialectOf(trx), 'push_status');
  const open = (firmId: number | null) => {
    let q = trx
      .updateTable('case_pushes')
      .where('case_id', 'in', caseIds)
      .where(status, 'in', OPEN_PUSH_STATUSES);
    if (firmId !== null) q = q.where('law_firm_id', '=', firmId);
    return q;
  };
  const waiting = (firmId: number) => open(firmId).where(status, '=', WAITING_PUSH_STATUS);
  const insert = (ids: readonly number[], firmId: number, status: 'pushed' | 'accepted') =>
    bulkInsert(
      trx,
      'case_pushes',
      ids.map((caseId) => ({
        case_id: caseId,
        law_firm_id: firmId,
        pushed_at: at,
        push_status: status,
        operator_id: by.operatorId,
      })),
    );
  if (c.kind === 'withdraw') {
    await open(c.lawFirmId).set({ push_status: 'withdrawn', answered_at: at }).execute();
  } else if (c.kind === 'open') {
    await insert(caseIds, c.lawFirmId, 'pushed');
  } else if (c.kind === 'answer') {
    await waiting(c.lawFirmId)
      .set({ push_status: c.status, answered_at: at, ...(c.reason === null ? {} : { reason: c.reason }) })
      .execute();
  } else {
    // acceptBy: the firm's waiting push is accepted; a case the firm has neither a waiting nor
    // an accepted push of gets an accepted record of its own.
    const accepted = await waiting(c.lawFirmId)
      .set({ push_status: 'accepted', answered_at: at })
      .returning('case_id')
      .execute();
    const done = new Set(accepted.map((r) => r.case_id));
    const rest = caseIds.filter((id) => !done.has(id));
    if (rest.length === 0) return;
    const already = await trx
      .selectFrom('case_pushes')
      .select('case_id')
      .where('case_id', 'in', rest)
      .where('law_firm_id', '=', c.lawFirmId)
      .where(status, '=', 'accepted')
      .execute();
    const had = new Set(already.map((r) => r.case_id));
    await insert(
      rest.filter((id) => !had.has(id)),
      c.lawFirmId,
      'accepted',
    );
  }
}
