import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { scopeOf } from '../../contract/access';
import type { Role } from '../../contract/roles';
import type { CaseActor } from '../../machines/caseStatusMachine';
import type { Database } from '../db/schema';
import type { Caller } from '../http/route';
import { caseTagged } from './tagged';

export type CasesEb = ExpressionBuilder<Database, 'cases'>;
/** One condition on the cases table. */
export type CaseCondition = (eb: CasesEb) => Expression<SqlBool>;

/** The caller as the case rules see them: their lawyer record (if any) and firm. */
export interface CaseViewer {
  role: Role;
  userId: number;
  lawyerId: number | null;
  lawFirmId: number | null;
}

/** The case viewer of a caller; the lawyer record comes with the session when it can. */
export async function viewerOf(db: Kysely<Database>, caller: Caller): Promise<CaseViewer> {
  const lawyer =
    caller.lawyer !== undefined
      ? caller.lawyer
      : await db
          .selectFrom('lawyers')
          .select(['id', 'law_firm_id as lawFirmId'])
          .where('user_id', '=', caller.userId)
          .executeTakeFirst();
  return {
    role: caller.role,
    userId: caller.userId,
    lawyerId: lawyer?.id ?? null,
    lawFirmId: caller.role === 'lawyer' ? (lawyer?.lawFirmId ?? null) : caller.lawFirmId,
  };
}

/** The actor the case status machine judges: filled from the session, never from the request. */
export function actorOf(viewer: CaseViewer): CaseActor {
  return {
    role: viewer.role,
    userId: viewer.userId,
    lawyerId: viewer.lawyerId,
    lawFirmId: viewer.lawFirmId,
  };
}

/** A part of a caller's scope: cases meeting every condition (none: every case). */
export type ScopePart = CaseCondition[];

/** Approved and not yet handled: in the pool, or pushed to / accepted by a firm (the machine's `unassigned`). */
const unassignedPending: ScopePart = [() => caseTagged('unassigned')];
const ofFirm =
  (firmId: number): CaseCondition =>
  (eb) =>
    eb('cases.law_firm_id', '=', firmId);

/**
 * The cases a caller may see, as disjoint parts (a case matches at most one), so a list can
 * read each part along its own index and merge them, and a count can add the parts up. By
 * the scope the caller's role holds `cases.read` in (contract/access.ts):
 * - `all`: every case;
 * - `firm`: the cases of the caller's firm;
 * - `own`: the pool open to the caller as a lawyer (approved, no lawyer, not pushed to another
 *   firm) and the cases they handle;
 * - none: nothing.
 * A case awaiting review is seen only in scope `all`. `pool` narrows to approved cases not yet
 * handled (the machine's tag `unassigned`), `mine` to the caller's own as a lawyer. The groups
 * are the machine's tags (`openPool`, `withFirm`, `unassigned`: server/cases/tagged.ts).
 */
export function visibleParts(
  viewer: CaseViewer,
  narrow: { pool?: boolean; mine?: boolean } = {},
): ScopePart[] {
  const lawyerId = viewer.lawyerId;
  const own: ScopePart[] = lawyerId === null ? [] : [[(eb) => eb('cases.lawyer_id', '=', lawyerId)]];
  const scope = scopeOf('cases.read', viewer.role);
  if (scope === 'all') {
    if (narrow.mine) return narrow.pool ? [] : own;
    return [narrow.pool ? unassignedPending : []];
  }
  if (scope === 'firm' && viewer.lawFirmId !== null) {
    if (narrow.mine) return [];
    const firm = ofFirm(viewer.lawFirmId);
    return [narrow.pool ? [...unassignedPending, firm] : [firm]];
  }
  if (scope === 'own' && lawyerId !== null) {
    const parts: ScopePart[] = [];
    if (!narrow.mine) {
      // Two parts, not one OR: each is a prefix of cases_position_idx, so list and count stay indexed.
      parts.push([() => caseTagged('openPool')]);
      if (viewer.lawFirmId !== null) {
        const firmId = viewer.lawFirmId;
        parts.push([() => caseTagged('withFirm'), ofFirm(firmId)]);
      }
    }
    if (!narrow.pool) parts.push(...own);
    return parts;
  }
  return [];
}

/** All parts as one condition, for lookups of a single case. */
export function visibleCondition(viewer: CaseViewer): CaseCondition {
  const parts = visibleParts(viewer);
  return (eb) => {
    if (parts.length === 0) return sql<SqlBool>`1 = 0`;
    if (parts.some((part) => part.length === 0)) return sql<SqlBool>`1 = 1`;
    return eb.or(parts.map((part) => eb.and(part.map((condition) => condition(eb)))));
  };
}
