import { formatDate } from '../../contract/dates';
import type { LetterFields, WriteLetterRequest } from '../../contract/letters';
import { canWriteLetter } from '../../machines/caseRules';
import { recordAudit } from '../audit/audit';
import { OUTSTANDING_COLUMNS, owedFields } from '../cases/ledger/claim';
import { viewerOf } from '../cases/scope';
import { caseTagged } from '../cases/tagged';
import { visibleCase } from '../cases/visible-case';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import type { Caller } from '../http/route';
import { notify, usersHolding } from '../notifications/notify';
import { storeLetterPdf } from './file';
import { LETTER_TITLES } from './wording';

/** The day of an instant in the business time zone (BUSINESS_TZ, Asia/Shanghai by default), as YYYY-MM-DD. */
export function businessDay(at: Date): string {
  return formatDate(at);
}

/** Letter numbers of letters written in the product: LF, the business day, the row id. */
export const letterNoOf = (id: number, day: string) =>
  `LF${day.replaceAll('-', '')}-${String(id).padStart(6, '0')}`;

/**
 * The handling lawyer writes a letter for a case in processing: the case's facts as they are
 * now and the lawyer's paragraph are kept with the letter, the letter waits for review, and the
 * reviewers are told. Once that has committed its PDF is rendered and stored (storeLetterPdf). A case the lawyer cannot see answers
 * 404; one they see but do not handle (the pool) 403; a case not in processing 409.
 */
export async function writeLetter(
  app: AppContext,
  who: { caller: Caller; requestId: string },
  caseId: number,
  body: WriteLetterRequest,
): Promise<{ id: number }> {
  const viewer = await viewerOf(app.db, who.caller);
  const record = await visibleCase(app.db, viewer, caseId);
  if (viewer.lawyerId === null || record.lawyerId !== viewer.lawyerId)
    throw fail.forbidden('letter.notHandler');
  if (!canWriteLetter(record)) throw fail.conflict('letter.caseNotProcessing');
  const lawyer = await app.db
    .selectFrom('lawyers as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .innerJoin('law_firms as f', 'f.id', 'l.law_firm_id')
    .select(['l.law_firm_id', 'u.name as lawyer_name', 'f.name as firm_name'])
    .where('l.id', '=', viewer.lawyerId)
    .executeTakeFirstOrThrow();
  const now = app.clock.now();
  // What is outstanding now, by part: the letter demands it rather than the whole claim.
  const owed = await app.db
    .selectFrom('cases')
    .select(OUTSTANDING_COLUMNS)
    .where('id', '=', caseId)
    .executeTakeFirstOrThrow();
  const fields: LetterFields = {
    caseNo: record.caseNo,
    debtorName: record.debtorName,
    creditorName: record.clientName,
    amountFen: record.amountFen,
    ...owedFields(owed),
    firmName: lawyer.firm_name,
    lawyerName: lawyer.lawyer_name,
    date: businessDay(now),
    extra: body.extra ?? '',
  };
  const written = await app.db.transaction().execute(async (trx) => {
    // The case must still be in processing with this lawyer when the letter is stored: a
    // transition committed since the check above (a close, a suspension) wins, and the letter
    // is refused. The no-change update holds the case's row until this transaction ends, so a
    // transition arriving now waits for the letter instead of slipping in between.
    const held = await trx
      .updateTable('cases')
      .set((eb) => ({ version: eb.ref('version') }))
      .where('id', '=', caseId)
      .where(caseTagged('letterWritable', ''))
      .where('lawyer_id', '=', viewer.lawyerId)
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) !== 1) throw fail.conflict('letter.caseNotProcessing');
    // The number needs the id: a placeholder unique to this request first, then the number.
    const { id } = await trx
      .insertInto('law_firm_letters')
      .values({
        law_firm_id: lawyer.law_firm_id,
        case_id: caseId,
        letter_no: `pending-${who.requestId}-${now.getTime()}`,
        title: `${LETTER_TITLES[body.template]} ${record.caseNo}`,
        status: 'auditing',
        submitted_at: now.toISOString(),
        template: body.template,
        fields: JSON.stringify(fields),
        lawyer_id: viewer.lawyerId,
        changed_by: who.caller.userId,
        changed_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const letterNo = letterNoOf(id, fields.date);
    await trx.updateTable('law_firm_letters').set({ letter_no: letterNo }).where('id', '=', id).execute();
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: 'letter.write',
        entity: 'letter',
        entityId: id,
        summary: `${letterNo}: ${body.template} letter for case ${record.caseNo}`,
        params: { letterNo, caseNo: record.caseNo, template: body.template },
      },
    );
    await notify(
      trx,
      await usersHolding(trx, 'letters.review'),
      {
        kind: 'letter.submitted',
        params: { letterNo, caseNo: record.caseNo, firm: lawyer.firm_name },
        link: '/result/letter-audit',
      },
      now,
    );
    return { id };
  });
  await storeLetterPdf(app, written.id);
  return written;
}
