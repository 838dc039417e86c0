import type { Ability } from '../../contract/access';
import type { LetterResubmitRequest, LetterRow } from '../../contract/firm-api';
import type { ReviewDecision } from '../../contract/reviews';
import { recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import type { Caller } from '../http/route';
import { firmScopeOf } from '../lawfirms/scope';
import { letterInScope } from './list';

type Who = { caller: Caller; requestId: string };

async function found(app: AppContext, caller: Caller, ability: Ability, id: number): Promise<LetterRow> {
  const letter = await letterInScope(app.db, firmScopeOf(caller, ability), id);
  if (!letter) throw fail.notFound('letter.notFound');
  return letter;
}

/**
 * Passes or rejects a letter under review (a rejection sends it back for re-stamping, with the
 * reason). The update names the status it expects, so of two reviewers racing only one wins;
 * the other gets 409 and nothing is written.
 */
export async function reviewLetter(
  app: AppContext,
  who: Who,
  id: number,
  decision: ReviewDecision,
): Promise<LetterRow> {
  const letter = await found(app, who.caller, 'letters.review', id);
  const now = app.clock.now();
  const reason = decision.status === 'rejected' ? (decision.reason ?? null) : null;
  await app.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('law_firm_letters')
      .set({
        status: decision.status,
        reviewer_id: who.caller.userId,
        reviewed_at: now.toISOString(),
        reason,
      })
      .where('id', '=', id)
      .where('status', '=', 'auditing')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw fail.conflict('letter.notAuditing');
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: `letter.review.${decision.status}`,
        entity: 'letter',
        entityId: id,
        summary: `${letter.letterNo}: ${decision.status}${reason ? ` (${reason})` : ''}`,
      },
    );
  });
  return found(app, who.caller, 'letters.review', id);
}

/**
 * Sends a letter that was sent back in again, stamped anew: it is under review once more,
 * submitted now. The reason it was sent back stays in the audit row.
 */
export async function resubmitLetter(
  app: AppContext,
  who: Who,
  id: number,
  body: LetterResubmitRequest,
): Promise<LetterRow> {
  const letter = await found(app, who.caller, 'letters.resubmit', id);
  const now = app.clock.now();
  await app.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('law_firm_letters')
      .set({
        status: 'auditing',
        submitted_at: now.toISOString(),
        reviewer_id: null,
        reviewed_at: null,
        reason: null,
      })
      .where('id', '=', id)
      .where('status', '=', 'rejected')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw fail.conflict('letter.notRejected');
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: 'letter.resubmit',
        entity: 'letter',
        entityId: id,
        summary: `${letter.letterNo}: resubmitted after "${letter.reason ?? ''}"${body.note ? `; ${body.note}` : ''}`,
      },
    );
  });
  return found(app, who.caller, 'letters.resubmit', id);
}
