import type { Kysely } from 'kysely';
import { scopeOf } from '../../contract/access';
import type { CaseRow } from '../../contract/case-api';
import {
  CASE_ABILITY_NAMES,
  type CasePosition,
  type CaseStage,
  type CaseStatus,
  type CaseType,
  type CloseResult,
} from '../../contract/cases';
import { type CaseCan, caseAbilities, isAwaitingFirmAnswer, isOpenPlan } from '../../machines/caseRules';
import { allowedEvents, type CaseEventType } from '../../machines/caseStatusMachine';
import type { Database } from '../db/schema';
import { actorOf, type CaseViewer } from './scope';

/**
 * The columns of `cases` a case row is made of (`toCaseRow`), not `cases.*`: the table has 46
 * columns since the ledger, the creditors and the batches, and a list page made each of its
 * rows into an object of all of them (at 1,000,000 cases the list's statement took 0.58 ms
 * instead of 0.30, bench/README.md; these alone, about 40% less). A reader that needs more
 * selects it beside these.
 */
const CASE_ROW_COLUMNS = [
  'cases.id',
  'cases.case_no',
  'cases.title',
  'cases.type',
  'cases.status',
  'cases.position',
  'cases.stage',
  'cases.close_result',
  'cases.suspend_reason',
  'cases.return_reason',
  'cases.debtor_name',
  'cases.client_name',
  'cases.region_code',
  'cases.amount_fen',
  'cases.claim_principal_fen',
  'cases.claim_interest_fen',
  'cases.claim_penalty_fen',
  'cases.claim_fees_fen',
  'cases.outstanding_fen',
  'cases.entrust_expires_on',
  'cases.loan_no',
  'cases.lawyer_id',
  'cases.law_firm_id',
  'cases.court',
  'cases.court_session_at',
  'cases.created_at',
  'cases.updated_at',
  'cases.version',
  'cases.plan_status',
] as const;

/** Cases with the names the pages show beside the ids: the lawyer's and the firm's. */
export function casesWithNames(db: Kysely<Database>) {
  return db
    .selectFrom('cases')
    .leftJoin('lawyers', 'lawyers.id', 'cases.lawyer_id')
    .leftJoin('users as lawyer_user', 'lawyer_user.id', 'lawyers.user_id')
    .leftJoin('law_firms', 'law_firms.id', 'cases.law_firm_id')
    .select(CASE_ROW_COLUMNS)
    .select(['lawyer_user.name as lawyer_name', 'law_firms.name as law_firm_name']);
}

type NamedCase = Awaited<ReturnType<ReturnType<typeof casesWithNames>['executeTakeFirstOrThrow']>>;

/**
 * A stored case as the API shows it, with the events this viewer may send to it now and what
 * else they may do to it (`can`); without a viewer (the system reading it), neither.
 */
export function toCaseRow(row: NamedCase, viewer: CaseViewer | null): CaseRow {
  const status = row.status as CaseStatus;
  const shaped = viewer
    ? shapeFor(
        status,
        row.position as CasePosition | null,
        row.lawyer_id,
        row.law_firm_id,
        isOpenPlan(row.plan_status),
        viewer,
      )
    : NOBODY;
  return {
    id: row.id,
    caseNo: row.case_no,
    title: row.title,
    type: row.type as CaseType,
    status,
    position: status === 'pending' ? ((row.position as CasePosition | null) ?? 'pool') : null,
    stage: row.stage as CaseStage,
    closeResult: row.close_result as CloseResult | null,
    suspendReason: row.suspend_reason,
    returnReason: row.return_reason,
    debtorName: row.debtor_name,
    clientName: row.client_name,
    regionCode: row.region_code,
    amountFen: Number(row.amount_fen),
    principalFen: Number(row.claim_principal_fen),
    interestFen: Number(row.claim_interest_fen),
    penaltyFen: Number(row.claim_penalty_fen),
    feesFen: Number(row.claim_fees_fen),
    outstandingFen: Number(row.outstanding_fen),
    entrustExpiresOn: row.entrust_expires_on,
    loanNo: row.loan_no ?? null,
    lawyerId: row.lawyer_id,
    lawyerName: row.lawyer_name,
    lawFirmId: row.law_firm_id,
    lawFirmName: row.law_firm_name,
    court: row.court,
    courtSessionAt: row.court_session_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
    allowedEvents: shaped.events,
    assignWithdrawsPush:
      shaped.events.includes('ASSIGN') &&
      viewer !== null &&
      scopeOf('cases.assign', viewer.role) === 'all' &&
      isAwaitingFirmAnswer({ status, position: row.position as CasePosition | null }),
    can: shaped.can,
    planStatus: row.plan_status as CaseRow['planStatus'],
  };
}

type Shaped = { events: CaseEventType[]; can: CaseCan };
const NOBODY: Shaped = {
  events: [],
  can: Object.fromEntries(CASE_ABILITY_NAMES.map((name) => [name, false])) as CaseCan,
};
const byShape = new Map<string, Shaped>();

/**
 * The machine's `allowedEvents` and `can` (machines/caseRules.ts) for a listed case.
 * Resolving the machine costs about a millisecond a case (a dozen events, a snapshot each),
 * most of a page's time. Its rules read ids only for "none" and "the actor's own", so each id
 * is replaced by what it is to the actor (none, theirs, another) and the machine's answer is
 * kept per such shape: the same machine decides, once per shape instead of once per row. The
 * case's facts (an open plan) are part of the shape.
 */
function shapeFor(
  status: CaseStatus,
  position: CasePosition | null,
  lawyerId: number | null,
  lawFirmId: number | null,
  openPlan: boolean,
  viewer: CaseViewer,
) {
  const actor = actorOf(viewer);
  const relation = (id: number | null, own: number | null | undefined) =>
    id === null ? null : id === own ? 1 : 2;
  const state = {
    status,
    position,
    lawyerId: relation(lawyerId, actor.lawyerId),
    lawFirmId: relation(lawFirmId, actor.lawFirmId),
    openPlan,
  };
  const shapeActor = {
    role: actor.role,
    userId: 1,
    lawyerId: actor.lawyerId == null ? null : 1,
    lawFirmId: actor.lawFirmId == null ? null : 1,
  };
  const key = JSON.stringify([state, shapeActor]);
  let shaped = byShape.get(key);
  if (!shaped) {
    shaped = { events: allowedEvents(state, shapeActor), can: caseAbilities(state, shapeActor) };
    byShape.set(key, shaped);
  }
  return shaped;
}

/** The rows of these ids, in the order of the ids. */
export async function caseRowsByIds(
  db: Kysely<Database>,
  ids: number[],
  viewer: CaseViewer | null,
): Promise<CaseRow[]> {
  if (ids.length === 0) return [];
  const rows = await casesWithNames(db).where('cases.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCaseRow(row, viewer)] : [];
  });
}
