import type { BulkTransitionRequest, BulkTransitionResult } from '../../contract/case-api';
import type { Language } from '../../contract/messages';
import { translate } from '../../contract/messages';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { applyTransition, type Who } from './transitions';
import { visibleCase } from './visible-case';

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
  const results: BulkTransitionResult['results'] = [];
  for (const id of [...new Set(body.ids)]) {
    let caseNo: string | null = null;
    try {
      const current = await visibleCase(app.db, who.viewer, id);
      caseNo = current.caseNo;
      const { ids: _ids, ...details } = body;
      await applyTransition(app, who, id, { ...details, version: current.version });
      results.push({ id, caseNo, ok: true, reason: null, code: null, params: null });
    } catch (error) {
      if (!(error instanceof ApiError) || error.httpStatus >= 500) throw error;
      results.push({
        id,
        caseNo,
        ok: false,
        reason: translate(lang, error.messageKey, error.params),
        code: error.messageKey,
        params: error.params,
      });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
}
