import type { BulkTransitionRequest, BulkTransitionResult } from '../../contract/case-api';
import type { CaseOutcome } from '../../contract/case-outcomes';
import type { Language } from '../../contract/messages';
import { translate } from '../../contract/messages';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { applyTransition, type Who } from './transitions';
import { visibleCase } from './visible-case';

/** A refused case as the many-case answers say it: the key and parameters, and the text in `lang`. */
export function refusedOutcome(
  lang: Language,
  caseId: number,
  caseNo: string | null,
  error: ApiError,
): CaseOutcome {
  return {
    caseId,
    ...(caseNo === null ? {} : { caseNo }),
    ok: false,
    reason: translate(lang, error.messageKey, error.params),
    code: error.messageKey,
    params: error.params,
  };
}

/** The counts of a list of outcomes, in the one shape of every many-case answer. */
export function outcomeList(list: CaseOutcome[]): BulkTransitionResult {
  const succeeded = list.filter((r) => r.ok).length;
  return { list, succeeded, refused: list.length - succeeded };
}

/**
 * One event for many cases (the case list's bulk assign, push and close), answered per case:
 * each is read at its current version and goes through the same machine and writes as a single
 * transition, in its own transaction, so a refused or vanished case stops no other.
 */
export async function bulkTransition(
  app: AppContext,
  who: Who,
  body: BulkTransitionRequest,
  lang: Language,
): Promise<BulkTransitionResult> {
  const list: CaseOutcome[] = [];
  for (const id of [...new Set(body.ids)]) {
    let caseNo: string | null = null;
    try {
      const current = await visibleCase(app.db, who.viewer, id);
      caseNo = current.caseNo;
      const { ids: _ids, ...details } = body;
      await applyTransition(app, who, id, { ...details, version: current.version });
      list.push({ caseId: id, caseNo, ok: true });
    } catch (error) {
      if (!(error instanceof ApiError) || error.httpStatus >= 500) throw error;
      list.push(refusedOutcome(lang, id, caseNo, error));
    }
  }
  return outcomeList(list);
}
