import type { Kysely, Transaction } from 'kysely';
import type { Ability } from '../../contract/access';
import type { CasePosition, CaseStatus } from '../../contract/cases';
import type {
  LetterChanged,
  LetterResubmitRequest,
  LetterReviewRequest,
  LetterRow,
} from '../../contract/firm-api';
import { letterFieldsSchema } from '../../contract/letters';
import { canWriteLetter } from '../../machines/caseRules';
import { recordAudit } from '../audit/audit';
import { refuseSensitiveWords } from '../cases/contacts/sensitive-words';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { fail } from '../http/errors';
import type { Caller } from '../http/route';
import { lawyerUser, notify, usersHolding } from '../notifications/notify';
import { dropLetterPdf, storeLetterPdf } from './file';
import { letterInScope, letterScopeOf } from './list';
import { businessDay } from './write';

type Who = { caller: Caller; requestId: string };

async function found(app: AppContext, caller: Caller, ability: Ability, id: number): Promise<LetterRow> {
  const letter = await letterInScope(app.db, await letterScopeOf(app.db, caller, ability), id);
  if (!letter) throw fail.notFound('letter.notFound');
  return letter;
}

/** Who changed the letter last, and when: the 409's `data` on a stale decision. */
async function changedNow(db: Kysely<Database>, id: number): Promise<LetterChanged> {
  const row = await db
    .selectFrom('law_firm_letters as l')
    .leftJoin('users as u', 'u.id', 'l.changed_by')
    .select(['l.version', 'l.changed_by', 'u.name', 'l.changed_at', 'l.reviewed_at', 'l.submitted_at'])
    .where('l.id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    version: Number(row.version),
    savedBy: row.changed_by === null ? null : { id: row.changed_by, name: row.name ?? '' },
    savedAt: row.changed_at ?? row.reviewed_at ?? row.submitted_at,
  };
}

/** A decision taken on an older version than the letter's: 409 saying what it is now. */
async function staleVersion(db: Kysely<Database>, id: number) {
  return fail.conflict(
    'letter.staleVersion',
    {},
    [{ path: 'version', message: 'letter.staleVersion' }],
    await changedNow(db, id),
  );
}

/**
 * Holds the letter's case until the transaction ends (a no-change update, as writing a letter
 * does) and says whether letters may still go ahead on it (machines/caseRules.ts
 * `canWriteLetter`: a closed case's letter can be neither passed nor sent in again). A letter
 * from before letters were written in the product may have no case: nothing to hold.
 */
async function caseTakesLetters(trx: Transaction<Database>, caseId: number | null): Promise<boolean> {
  if (caseId === null) return true;
  const held = await trx
    .updateTable('cases')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', caseId)
    .returning(['status', 'position'])
    .executeTakeFirst();
  if (!held) return false;
  return canWriteLetter({
    status: held.status as CaseStatus,
    position: held.position as CasePosition | null,
  });
}

/**
 * Passes or rejects a letter under review (a rejection sends it back, with the reason). The
 * update names the status it expects, so of two reviewers racing only one wins; the other gets
 * 409 and nothing is written. The lawyer who wrote it is told either way: a rejection links to
 * their letters (where they edit and send it in again), a pass to the case. Letters from before
 * letters were written in the product have no writer; nobody is told of those.
 */
export async function reviewLetter(
  app: AppContext,
  who: Who,
  id: number,
  decision: LetterReviewRequest,
): Promise<LetterRow> {
  const letter = await found(app, who.caller, 'letters.review', id);
  // Taken on another version than the letter's: what the reviewer read is not what is there.
  if (decision.version !== letter.version) throw await staleVersion(app.db, id);
  if (letter.status !== 'auditing') throw fail.conflict('letter.notAuditing');
  const now = app.clock.now();
  const reason = decision.status === 'rejected' ? (decision.reason ?? null) : null;
  await app.db.transaction().execute(async (trx) => {
    // Sending back stays possible on a closed case (the lawyer learns why); passing does not.
    if (decision.status === 'passed' && !(await caseTakesLetters(trx, letter.caseId)))
      throw fail.conflict('letter.caseClosed');
    const result = await trx
      .updateTable('law_firm_letters')
      .set((eb) => ({
        status: decision.status,
        reviewer_id: who.caller.userId,
        reviewed_at: now.toISOString(),
        reason,
        version: eb('version', '+', 1),
        changed_by: who.caller.userId,
        changed_at: now.toISOString(),
      }))
      .where('id', '=', id)
      .where('status', '=', 'auditing')
      .where('version', '=', decision.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw await staleVersion(trx, id);
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: `letter.review.${decision.status}`,
        entity: 'letter',
        entityId: id,
        summary: `${letter.letterNo}: ${decision.status}${reason ? ` (${reason})` : ''}`,
        params: { letterNo: letter.letterNo, reason },
      },
    );
    const writer = await trx
      .selectFrom('law_firm_letters')
      .select('lawyer_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (writer.lawyer_id !== null) {
      await notify(
        trx,
        await lawyerUser(trx, writer.lawyer_id),
        {
          kind: decision.status === 'passed' ? 'letter.passed' : 'letter.rejected',
          params: { caseNo: letter.caseNo, letterNo: letter.letterNo, reason },
          link:
            decision.status === 'passed' && letter.caseId !== null
              ? `/case/processing/${letter.caseId}`
              : '/profile/letters',
          type: decision.status === 'passed' ? 'notice' : 'todo',
        },
        now,
      );
    }
  });
  return found(app, who.caller, 'letters.review', id);
}

/**
 * Sends a letter that was sent back in again: it is under review once more, submitted now, and
 * the reviewers are told. A letter written in the product may come back with the lawyer's
 * paragraph rewritten (a blank one keeps the old: the form's field starts empty); its date moves
 * to today and its PDF follows: the stored one is let go in the same transaction (until the new
 * one is stored the PDF is rendered from the fields) and a new one stored once it commits.
 * The reason it was sent back stays in the audit row.
 */
export async function resubmitLetter(
  app: AppContext,
  who: Who,
  id: number,
  body: LetterResubmitRequest,
): Promise<LetterRow> {
  const letter = await found(app, who.caller, 'letters.resubmit', id);
  if (body.version !== undefined && body.version !== letter.version) throw await staleVersion(app.db, id);
  if (letter.status !== 'rejected') throw fail.conflict('letter.notRejected');
  await refuseSensitiveWords(app.db, [{ path: 'extra', text: body.extra }]);
  const now = app.clock.now();
  const replaced = await app.db.transaction().execute(async (trx) => {
    if (!(await caseTakesLetters(trx, letter.caseId))) throw fail.conflict('letter.caseClosed');
    const row = await trx
      .selectFrom('law_firm_letters')
      .select(['fields', 'pdf_key'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const edited =
      body.extra && row.fields !== null
        ? JSON.stringify({
            ...letterFieldsSchema.parse(JSON.parse(row.fields)),
            extra: body.extra,
            date: businessDay(now),
          })
        : row.fields;
    const result = await trx
      .updateTable('law_firm_letters')
      .set((eb) => ({
        status: 'auditing',
        submitted_at: now.toISOString(),
        reviewer_id: null,
        reviewed_at: null,
        reason: null,
        fields: edited,
        pdf_key: null,
        version: eb('version', '+', 1),
        changed_by: who.caller.userId,
        changed_at: now.toISOString(),
      }))
      .where('id', '=', id)
      .where('status', '=', 'rejected')
      .where('version', '=', letter.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw await staleVersion(trx, id);
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: 'letter.resubmit',
        entity: 'letter',
        entityId: id,
        summary: `${letter.letterNo}: resubmitted after "${letter.reason ?? ''}"${body.note ? `; ${body.note}` : ''}${edited !== row.fields ? '; paragraph rewritten' : ''}`,
        params: { letterNo: letter.letterNo, reason: letter.reason, note: body.note ?? null },
      },
    );
    await notify(
      trx,
      await usersHolding(trx, 'letters.review'),
      {
        kind: 'letter.submitted',
        params: { letterNo: letter.letterNo, caseNo: letter.caseNo, firm: letter.lawFirmName },
        link: '/result/letter-audit',
      },
      now,
    );
    return row.pdf_key;
  });
  await dropLetterPdf(app, replaced);
  await storeLetterPdf(app, id);
  return found(app, who.caller, 'letters.resubmit', id);
}
