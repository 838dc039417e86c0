import { type Kysely, sql } from 'kysely';
import type { SuspensionRequest } from '../../contract/reviews';
import { positionsTagged } from '../../machines/caseRules';
import { recordAudit } from '../audit/audit';
import { applySystemTransition } from '../cases/system-transition';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { fail } from '../http/errors';
import type { Caller } from '../http/route';
import { transact } from '../notifications/bus';
import { REVIEWABLE, staleConflict } from './decision';
import { endSessions } from './record-review';
import { tellSuspension } from './suspension-notices';

const SUSPENDED = {
  law_firms: { reviewable: REVIEWABLE.lawFirm, action: 'lawfirm' },
  lawyers: { reviewable: REVIEWABLE.lawyer, action: 'lawyer' },
} as const;

/**
 * The cases a suspended firm still holds without a lawyer (pushed to it, or accepted but not
 * assigned): they return to the pool through the case machine as the system (RELEASE), each
 * audited like any other transition. Cases in its lawyers' hands stay until operations reassign
 * them.
 */
async function releaseFirmCases(trx: Kysely<Database>, app: AppContext, firmId: number, requestId: string) {
  const held = await trx
    .selectFrom('cases')
    .select('id')
    .where('law_firm_id', '=', firmId)
    .where('lawyer_id', 'is', null)
    .where('position', 'in', positionsTagged('unassigned'))
    .orderBy('id')
    .execute();
  for (const { id } of held)
    await applySystemTransition(trx, app, { caseId: id, event: 'RELEASE', requestId });
  return held.length;
}

/**
 * Suspends a firm or lawyer that passed review (with a reason), or lifts the suspension, on the
 * version read (409 `review.changed` with the stored figures otherwise). Suspending ends the
 * sessions of the firm's contact persons or of the lawyer; a suspended firm gets no more pushes
 * (server/cases/transitions.ts refuses them, the push pickers leave it out) and its unassigned
 * cases go back to the pool. A suspended account cannot sign in (server/auth/login.ts) until the
 * suspension is lifted. Audited as `<lawfirm|lawyer>.suspend` / `.resume`; the people concerned
 * are told (suspension-notices.ts).
 */
export async function setSuspension(
  app: AppContext,
  who: { caller: Caller; requestId: string },
  target: { table: keyof typeof SUSPENDED; id: number; name: string },
  body: SuspensionRequest,
) {
  const now = app.clock.now();
  const at = now.toISOString();
  const { reviewable, action } = SUSPENDED[target.table];
  const reason = body.suspended ? (body.reason ?? null) : null;
  await transact(app.db, async (trx) => {
    const current = await trx
      .selectFrom(target.table)
      .select(['version', 'review_status', 'suspended_at'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    if (current.version !== body.version)
      throw await staleConflict(trx, reviewable, target.id, current.version);
    if (body.suspended && (current.review_status !== 'passed' || current.suspended_at !== null))
      throw fail.conflict('review.notSuspendable');
    if (!body.suspended && current.suspended_at === null) throw fail.conflict('review.notSuspended');
    const updated = await trx
      .updateTable(target.table)
      .set({
        suspended_at: body.suspended ? at : null,
        suspend_reason: reason,
        version: sql`version + 1`,
      })
      .where('id', '=', target.id)
      .where('version', '=', body.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1)
      throw await staleConflict(trx, reviewable, target.id, body.version + 1);
    if (target.table === 'law_firms')
      await trx.updateTable('law_firms').set({ updated_at: at }).where('id', '=', target.id).execute();
    let released = 0;
    if (body.suspended) {
      await endSessions(trx, target.table, target.id, now);
      if (target.table === 'law_firms') released = await releaseFirmCases(trx, app, target.id, who.requestId);
    }
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: `${action}.${body.suspended ? 'suspend' : 'resume'}`,
        entity: reviewable.entity,
        entityId: target.id,
        summary: body.suspended
          ? `${target.name}: suspended (${reason}); ${released} unassigned case(s) back to the pool`
          : `${target.name}: suspension lifted`,
        params: { name: target.name, reason, released },
      },
    );
    await tellSuspension(trx, { ...target, suspended: body.suspended, reason, released }, now);
  });
  const row = await app.db
    .selectFrom(target.table)
    .select([
      'id',
      'review_status',
      'review_reason',
      'reviewed_at',
      'version',
      'suspended_at',
      'suspend_reason',
    ])
    .where('id', '=', target.id)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    reviewStatus: row.review_status as 'passed',
    reviewReason: row.review_reason,
    reviewedAt: row.reviewed_at,
    version: row.version,
    suspendedAt: row.suspended_at,
    suspendReason: row.suspend_reason,
  };
}
