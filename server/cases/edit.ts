import type { Updateable } from 'kysely';
import type { CaseEditRequest, CaseRow } from '../../contract/case-api';
import { claimAfterEdit, LEDGER_PARTS, type Parts } from '../../contract/ledger';
import { isKnownRegion } from '../../contract/regions';
import { recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import type { CasesTable } from '../db/schema';
import { ApiError, fail } from '../http/errors';
import type { Caller } from '../http/route';
import { forgetCaseCounts } from './count-cache';
import { claimColumns } from './ledger/claim';
import { renameMainDebtor } from './parties/store';
import { caseRowsByIds } from './rows';
import type { CaseViewer } from './scope';
import { type TermFields, writeCaseTerms } from './search-terms';
import { staleCase } from './transitions';
import { visibleCase } from './visible-case';

/** Request field -> column, for the fields an edit may change. */
export const EDITABLE = {
  title: 'title',
  type: 'type',
  debtorName: 'debtor_name',
  clientName: 'client_name',
  regionCode: 'region_code',
  entrustExpiresOn: 'entrust_expires_on',
  court: 'court',
  courtSessionAt: 'court_session_at',
  description: 'description',
} as const satisfies Partial<Record<keyof CaseEditRequest, keyof CasesTable>>;

/** The columns the keyword search's index is made of: an edit of one re-indexes the case. */
const SEARCHED = ['title', 'debtor_name', 'client_name'] as const;

/**
 * The claim's columns an edit changes (its amount and parts, contract/ledger.ts claimAfterEdit),
 * noting the fields in `changed`: 400 at `amountFen` when they disagree, 409 once review has
 * approved the case (`can.editClaim`: the machine's `intakeEditable`). Before approval the case has no ledger
 * entry, so all of the claim is outstanding.
 */
function claimChanges(
  stored: Record<string, unknown>,
  body: CaseEditRequest,
  current: CaseRow,
  changed: string[],
): Updateable<CasesTable> {
  const before: Parts = {
    principal: Number(stored.claim_principal_fen),
    interest: Number(stored.claim_interest_fen),
    penalty: Number(stored.claim_penalty_fen),
    fees: Number(stored.claim_fees_fen),
  };
  const next = claimAfterEdit(before, body);
  if ('mismatch' in next) throw fail.field('amountFen', 'ledger.claimMismatch');
  const fields = LEDGER_PARTS.filter((p) => next.parts[p] !== before[p]).map((p) => `${p}Fen`);
  if (next.amountFen !== Number(stored.amount_fen)) fields.unshift('amountFen');
  if (fields.length === 0) return {};
  // The rule the edit form reads too (the record's `can.editClaim`, machines/caseRules.ts).
  if (!current.can.editClaim) throw fail.conflict('ledger.claimLocked');
  changed.push(...fields);
  return { amount_fen: next.amountFen, ...claimColumns(next.parts) };
}

/**
 * Saves an edit under the optimistic lock: the update names the version the form was loaded
 * with, so an edit based on a stale copy changes nothing and is answered 409.
 */
export async function editCase(
  app: AppContext,
  who: { caller: Caller; viewer: CaseViewer; requestId: string },
  id: number,
  body: CaseEditRequest,
): Promise<CaseRow> {
  const current = await visibleCase(app.db, who.viewer, id);
  // A stale edit says who changed the case and when (data: {version, savedBy, savedAt}).
  if (body.version !== current.version) throw await staleCase(app.db, id);
  if (body.regionCode && !isKnownRegion(body.regionCode)) throw fail.field('regionCode', 'rule.regionCode');
  const stored: Record<string, unknown> = await app.db
    .selectFrom('cases')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const changes: Updateable<CasesTable> = {};
  const changed: string[] = [];
  for (const [field, column] of Object.entries(EDITABLE) as [keyof typeof EDITABLE, keyof CasesTable][]) {
    const value = body[field];
    if (value === undefined) continue;
    // Timestamps are stored as ISO UTC whatever offset the form sent.
    const next =
      field === 'courtSessionAt' && value !== null ? new Date(value as string).toISOString() : value;
    if (next === stored[column]) continue;
    (changes as Record<string, unknown>)[column] = next;
    changed.push(field);
  }
  Object.assign(changes, claimChanges(stored, body, current, changed));
  if (changed.length === 0) return current;
  const now = app.clock.now();
  try {
    await app.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('cases')
        .set({ ...changes, updated_at: now.toISOString(), version: current.version + 1 })
        .where('id', '=', id)
        .where('version', '=', body.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw fail.conflict('case.staleVersion');
      // The case's debtor is its main debtor's name (server/cases/parties/).
      if (changes.debtor_name !== undefined) await renameMainDebtor(trx, id, changes.debtor_name, now);
      if (SEARCHED.some((column) => column in changes)) {
        const next = { ...stored, ...changes } as unknown as TermFields;
        await writeCaseTerms(trx, id, {
          title: next.title,
          debtor_name: next.debtor_name,
          client_name: next.client_name,
        });
      }
      await recordAudit(
        trx,
        { caller: who.caller, requestId: who.requestId, at: now },
        {
          action: 'case.edit',
          entity: 'case',
          entityId: id,
          summary: `edited ${changed.join(', ')}`,
          params: { fields: changed.join(',') },
        },
      );
    });
  } catch (error) {
    // Someone else's edit landed between the read and the write: say whose, as above.
    if (error instanceof ApiError && error.messageKey === 'case.staleVersion')
      throw await staleCase(app.db, id);
    throw error;
  }
  forgetCaseCounts(app.db, { columns: Object.keys(changes) });
  const [row] = await caseRowsByIds(app.db, [id], who.viewer);
  return row;
}
