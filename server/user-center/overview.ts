import type { Kysely } from 'kysely';
import { can, scopeOf } from '../../contract/access';
import { renderAudit } from '../../contract/audit';
import type { CasePosition, CaseStatus } from '../../contract/cases';
import type { Language } from '../../contract/messages';
import type { ReviewStatus } from '../../contract/reviews';
import type { Role } from '../../contract/roles';
import type { UserOverview } from '../../contract/user-center';
import { phoneFor } from '../access/phones';
import { type CaseCondition, type CaseViewer, visibleCondition } from '../cases/scope';
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
  if (can('firm.cases', role)) return `/form/firm-case/${id}`;
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
      .select(['id', 'at', 'action', 'params', 'entity', 'entity_id'])
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
  const caseOf = await activityCases(db, caller.role, viewer, activity);
  return {
    activity: activity.map((a) => {
      const { label, detail } = renderAudit(lang, a.action, a.params);
      return { id: a.id, at: a.at, action: a.action, actionLabel: label, detail, case: caseOf(a) };
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

type ActivityRow = { entity: string; entity_id: string | null };
type ActivityCase = UserOverview['activity'][number]['case'];

const idOf = (value: string | null) => (value !== null && /^\d{1,15}$/.test(value) ? Number(value) : null);

/**
 * The case behind each activity row, read from the stored records (never from the audit
 * text): a case's own actions name it, a letter's actions name its case. The number is shown
 * always (the caller acted on it); the title and the link only while the caller may still
 * open the case, by the same scope as the case list.
 */
async function activityCases(
  db: Kysely<Database>,
  role: Role,
  viewer: CaseViewer,
  rows: ActivityRow[],
): Promise<(row: ActivityRow) => ActivityCase> {
  const letterIds = [
    ...new Set(rows.filter((r) => r.entity === 'letter').map((r) => idOf(r.entity_id))),
  ].filter((id): id is number => id !== null);
  const letters =
    letterIds.length === 0
      ? []
      : await db
          .selectFrom('law_firm_letters')
          .select(['id', 'case_id'])
          .where('id', 'in', letterIds)
          .execute();
  const letterCase = new Map(letters.map((l) => [l.id, l.case_id]));
  const caseIdOf = (row: ActivityRow): number | null => {
    const id = idOf(row.entity_id);
    if (id === null) return null;
    if (row.entity === 'case') return id;
    if (row.entity === 'letter') return letterCase.get(id) ?? null;
    return null;
  };
  const caseIds = [...new Set(rows.map(caseIdOf))].filter((id): id is number => id !== null);
  if (caseIds.length === 0) return () => null;
  const [cases, visible] = await Promise.all([
    db.selectFrom('cases').select(['id', 'case_no', 'title']).where('id', 'in', caseIds).execute(),
    db.selectFrom('cases').select('id').where('id', 'in', caseIds).where(visibleCondition(viewer)).execute(),
  ]);
  const open = new Set(visible.map((c) => c.id));
  const byId = new Map(cases.map((c) => [c.id, c]));
  return (row) => {
    const id = caseIdOf(row);
    const found = id === null ? undefined : byId.get(id);
    if (!found) return null;
    const mayOpen = open.has(found.id);
    return {
      id: found.id,
      caseNo: found.case_no,
      title: mayOpen ? found.title : null,
      link: mayOpen ? caseLink(role, found.id) : null,
    };
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
