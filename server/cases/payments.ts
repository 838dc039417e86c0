import { scopeOf } from '../../contract/access';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import type { CaseViewer } from './scope';
import { visibleCase } from './visible-case';

/*
 * Payment follow-ups are contacts now (contacts/follow-ups.ts); repayments are the ledger's
 * (ledger/). What stays is the check both stand on.
 */

/**
 * A case the caller works (`cases.run`): any case in scope `all`, only the cases they handle
 * in scope `own` (a pool case is not theirs yet).
 */
export async function handledCase(app: AppContext, viewer: CaseViewer, id: number) {
  const row = await visibleCase(app.db, viewer, id);
  if (
    scopeOf('cases.run', viewer.role) !== 'all' &&
    (row.lawyerId === null || row.lawyerId !== viewer.lawyerId)
  ) {
    throw fail.forbidden('case.transition.notHandlingLawyer');
  }
  return row;
}
