import type { Kysely } from 'kysely';
import type { VersionedReviewDecision } from '../../contract/reviews';
import { recordAudit } from '../audit/audit';
import { revokeUserSessions } from '../auth/sessions';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import type { Caller } from '../http/route';
import { firmContacts, lawyerUser, notify } from '../notifications/notify';
import { decide, REVIEWABLE } from './decision';

/** The users who sign in for a firm (its contact persons, enabled or not) or as a lawyer. */
export async function accountHolders(
  trx: Kysely<Database>,
  table: 'law_firms' | 'lawyers',
  id: number,
): Promise<number[]> {
  if (table === 'lawyers') {
    const row = await trx.selectFrom('lawyers').select('user_id').where('id', '=', id).executeTakeFirst();
    return row ? [row.user_id] : [];
  }
  // Every contact person holds the role in user_roles (registration writes it, migration 0023
  // added it to those registered before); an account may hold it among several roles.
  const rows = await trx
    .selectFrom('users as u')
    .innerJoin('user_roles as r', 'r.user_id', 'u.id')
    .where('u.law_firm_id', '=', id)
    .where('r.role', '=', 'lawfirmContactPerson')
    .select('u.id')
    .distinct()
    .execute();
  return rows.map((r) => r.id);
}

/** Ends every session of the firm's contact persons or of the lawyer (as disabling a user does). */
export async function endSessions(
  trx: Kysely<Database>,
  table: 'law_firms' | 'lawyers',
  id: number,
  at: Date,
): Promise<void> {
  for (const userId of await accountHolders(trx, table, id)) await revokeUserSessions(trx, userId, at);
}

/**
 * What each reviewable table is called in the audit log, who applied (told of the decision), and
 * where they read it.
 */
const REVIEWED = {
  law_firms: {
    reviewable: REVIEWABLE.lawFirm,
    action: 'lawfirm.review',
    applicants: firmContacts,
    link: '/form/accountfirm',
  },
  lawyers: {
    reviewable: REVIEWABLE.lawyer,
    action: 'lawyer.review',
    applicants: lawyerUser,
    link: '/profile/editlawyer',
  },
} as const;

/**
 * Writes a review decision (pass, or reject with the reason the applicant sees at sign-in) on
 * the version the reviewer read, through the one review guard (server/reviews/decision.ts: 409
 * when it changed or is no longer under review), with its audit row. A rejection ends the
 * applicant's sessions, as disabling does. Callers first find the applicant and decide who may
 * review it.
 */
export async function recordReview(
  app: AppContext,
  who: { caller: Caller; requestId: string },
  target: { table: keyof typeof REVIEWED; id: number; name: string },
  decision: VersionedReviewDecision,
) {
  const now = app.clock.now();
  const at = now.toISOString();
  const { reviewable, action, applicants, link } = REVIEWED[target.table];
  const entity = reviewable.entity;
  const stored = await app.db.transaction().execute(async (trx) => {
    const told = await applicants(trx, target.id);
    const result = await decide(trx, reviewable, target.id, decision, { userId: who.caller.userId, at: now });
    if (target.table === 'law_firms') {
      await trx.updateTable('law_firms').set({ updated_at: at }).where('id', '=', target.id).execute();
    }
    if (decision.status === 'rejected') await endSessions(trx, target.table, target.id, now);
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: `${action}.${decision.status}`,
        entity,
        entityId: target.id,
        summary: `${target.name}: ${decision.status}${result.reason ? ` (${result.reason})` : ''}`,
        params: { name: target.name, reason: result.reason },
      },
    );
    await notify(
      trx,
      told,
      {
        kind: `${entity}.${decision.status}`,
        params: { name: target.name, reason: result.reason },
        link,
        type: 'notice',
      },
      now,
    );
    return result;
  });
  return {
    id: target.id,
    reviewStatus: decision.status,
    reviewReason: stored.reason,
    reviewedAt: at,
    version: stored.version,
    suspendedAt: null,
    suspendReason: null,
  };
}
