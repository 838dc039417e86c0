import type { ReviewDecision } from '../../contract/reviews';
import { recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import type { Caller } from '../http/route';
import { firmContacts, lawyerUser, notify } from '../notifications/notify';

/**
 * What each reviewable table is called in the audit log, who applied (told of the decision), and
 * where they read it.
 */
const REVIEWED = {
  law_firms: {
    entity: 'law_firm',
    action: 'lawfirm.review',
    applicants: firmContacts,
    link: '/form/accountfirm',
  },
  lawyers: { entity: 'lawyer', action: 'lawyer.review', applicants: lawyerUser, link: '/profile/editlawyer' },
} as const;

/**
 * Writes a review decision (pass, or reject with the reason the applicant sees at sign-in)
 * and its audit row together. Callers first find the applicant and decide who may review it.
 */
export async function recordReview(
  app: AppContext,
  who: { caller: Caller; requestId: string },
  target: { table: keyof typeof REVIEWED; id: number; name: string },
  decision: ReviewDecision,
) {
  const now = app.clock.now();
  const at = now.toISOString();
  const reason = decision.status === 'rejected' ? (decision.reason ?? null) : null;
  const { entity, action, applicants, link } = REVIEWED[target.table];
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable(target.table)
      .set({
        review_status: decision.status,
        review_reason: reason,
        reviewer_id: who.caller.userId,
        reviewed_at: at,
      })
      .where('id', '=', target.id)
      .execute();
    if (target.table === 'law_firms') {
      await trx.updateTable('law_firms').set({ updated_at: at }).where('id', '=', target.id).execute();
    }
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: `${action}.${decision.status}`,
        entity,
        entityId: target.id,
        summary: `${target.name}: ${decision.status}${reason ? ` (${reason})` : ''}`,
        params: { name: target.name, reason },
      },
    );
    await notify(
      trx,
      await applicants(trx, target.id),
      { kind: `${entity}.${decision.status}`, params: { name: target.name, reason }, link, type: 'notice' },
      now,
    );
  });
  return { id: target.id, reviewStatus: decision.status, reviewReason: reason, reviewedAt: at };
}
