import type { Kysely } from 'kysely';
import { can, scopeOf } from '../../contract/access';
import { renderAudit } from '../../contract/audit';
import type { CasePosition, CaseStatus } from '../../contract/cases';
import type { Language } from '../../contract/messages';
import type { ReviewStatus } from '../../contract/reviews';
import type { Role } from '../../contract/roles';
import type { UserOverview } from '../../contract/user-center';
import { phoneFor } from '../access/phones';
import type { CaseCondition, CaseViewer } from '../cases/scope';
import { caseTagged } from '../cases/tagged';
import type { Database } from '../db/schema';
import type { Caller } from '../http/route';
import { SHOWN_COLUMNS, shownMessage } from '../notifications/shown';

/** How many rows each part of the overview shows; the lists behind them have their own pages. */
export const OVERVIEW_ROWS = 20;

/**
 * Which cases are in the caller's hands, from the scope their role reads cases in
 * (contract/access.ts `cases.read`): `own` (a lawyer) the cases they work on now (the case
 * machine's `worked`, as the workplace and the lawyers list count them); `firm` (a contact
 * person) the firm's cases pushed to it, accepted (`withFirm`) or being worked; everyone else the
 * cases they entered or pushed themselves, so nobody sees more than they could already open.
 */
function casesInHands(viewer: CaseViewer): { kind: UserOverview['cases']['kind']; where: CaseCondition } {
  const scope = scopeOf('cases.read', viewer.role);
  if (scope === 'own')
    return {
      kind: 'handling',
      where: (eb) => eb.and([eb('lawyer_id', '=', viewer.lawyerId ?? -1), caseTagged('worked', '')]),
    };
  if (scope === 'firm')
    return {
      kind: 'firm',
      where: (eb) =>
        eb.and([
          eb('law_firm_id', '=', viewer.lawFirmId ?? -1),
          eb.or([caseTagged('withFirm', ''), caseTagged('worked', '')]),
        ]),
    };
  return {
    kind: 'recent',
    where: (eb) =>
      eb.or([
        eb('created_by', '=', viewer.userId),
        eb(
          'id',
          'in',
          eb.selectFrom('case_pushes').select('case_id').where('operator_id', '=', viewer.userId),
        ),
      ]),
  };
}

/** Where the caller works on a case, by the first route their role may open. */
function caseLink(role: Role, id: number): string | null {
  if (can('cases.run:own', role)) return `/case/processing/${id}`;
  if (can('cases.manage', role)) return `/list/case-detail/${id}`;
  if (can('firm.cases', role)) return '/form/casefirm';
  if (can('business.cases', role)) return '/result/search-table-business';
  return null;
}

export async function userOverview(
  db: Kysely<Database>,
  caller: Caller,
  viewer: CaseViewer,
  lang: Language,
): Promise<UserOverview> {
  const hands = casesInHands(viewer);
  const firmId = caller.role === 'lawyer' || caller.role === 'lawfirmContactPerson' ? viewer.lawFirmId : null;
  const [activity, unreadRows, unreadCount, caseRows, caseCount, team] = await Promise.all([
    db
      .selectFrom('audit_log')
      .select(['id', 'at', 'action', 'params'])
      .where('actor_id', '=', caller.userId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(OVERVIEW_ROWS)
      .execute(),
    db
      .selectFrom('messages')
      .select([...SHOWN_COLUMNS])
      .where('user_id', '=', caller.userId)
      .where('status', '=', 0)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(OVERVIEW_ROWS)
      .execute(),
    db
      .selectFrom('messages')
      .where('user_id', '=', caller.userId)
      .where('status', '=', 0)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('cases')
      .select(['id', 'case_no', 'title', 'status', 'position', 'amount_fen', 'updated_at'])
      .where(hands.where)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(OVERVIEW_ROWS)
      .execute(),
    db
      .selectFrom('cases')
      .where(hands.where)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    firmId === null ? Promise.resolve(null) : firmTeam(db, caller, firmId),
  ]);
  return {
    activity: activity.map((a) => {
      const { label, detail } = renderAudit(lang, a.action, a.params);
      return { id: a.id, at: a.at, action: a.action, actionLabel: label, detail };
    }),
    unread: { count: Number(unreadCount.n), list: unreadRows.map((m) => shownMessage(m, lang)) },
    cases: {
      kind: hands.kind,
      total: Number(caseCount.n),
      list: caseRows.map((c) => ({
        id: c.id,
        caseNo: c.case_no,
        title: c.title,
        status: c.status as CaseStatus,
        position: c.position as CasePosition | null,
        amountFen: Number(c.amount_fen),
        updatedAt: c.updated_at,
        link: caseLink(caller.role, c.id),
      })),
    },
    team,
  };
}

/** The caller's firm and its lawyers, each with how many cases they work on now; phones as the caller may see them. */
async function firmTeam(
  db: Kysely<Database>,
  caller: Caller,
  lawFirmId: number,
): Promise<UserOverview['team']> {
  const firm = await db
    .selectFrom('law_firms')
    .select(['id', 'name'])
    .where('id', '=', lawFirmId)
    .executeTakeFirst();
  if (!firm) return null;
  const lawyers = await db
    .selectFrom('lawyers as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select((eb) => [
      'l.id',
      'l.user_id',
      'u.name',
      'u.phone',
      'l.review_status',
      eb
        .selectFrom('cases as c')
        .whereRef('c.lawyer_id', '=', 'l.id')
        .where(caseTagged('worked', 'c'))
        .select((s) => s.fn.countAll<number>().as('n'))
        .as('handling'),
    ])
    .where('l.law_firm_id', '=', lawFirmId)
    .orderBy('u.name')
    .orderBy('l.id')
    .execute();
  return {
    lawFirmId: firm.id,
    lawFirmName: firm.name,
    lawyers: lawyers.map((l) => ({
      id: l.id,
      name: l.name,
      phone: phoneFor(caller, l.phone, { userId: l.user_id, lawFirmId }),
      reviewStatus: l.review_status as ReviewStatus,
      handling: Number(l.handling ?? 0),
    })),
  };
}
