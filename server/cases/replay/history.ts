import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { eventOfAction, TRANSITION_ACTIONS } from '../transition-audit';

/** One transition of a case as its audit trail stored it. */
export interface StoredTransition {
  caseId: number;
  type: string;
  actorId: number | null;
  actorRole: string | null;
  actorName: string | null;
  at: string;
  /** The states the product wrote beside it (`from`, `to`), when it did. */
  recordedFrom: string | null;
  recordedTo: string | null;
  reason: string | null;
  result: string | null;
}

/**
 * The stored transitions of these cases, oldest first per case (by the audit row's id: rows of
 * one case land one transaction after another), from `audit_log` (entity `case`, action
 * `case.<event>`; server/cases/transition-audit.ts). `withNames` joins the actors' names.
 */
export async function storedTransitions(
  db: Kysely<Database>,
  caseIds: readonly number[],
  opts: { withNames?: boolean } = {},
): Promise<Map<number, StoredTransition[]>> {
  const byCase = new Map<number, StoredTransition[]>(caseIds.map((id) => [id, []]));
  if (caseIds.length === 0) return byCase;
  let query = db
    .selectFrom('audit_log as l')
    .select(['l.entity_id', 'l.action', 'l.actor_id', 'l.actor_role', 'l.at', 'l.params'])
    .where('l.entity', '=', 'case')
    .where(
      'l.entity_id',
      'in',
      caseIds.map((id) => String(id)),
    )
    .where('l.action', 'in', TRANSITION_ACTIONS as string[])
    .orderBy('l.id');
  if (opts.withNames)
    query = query.leftJoin('users as u', 'u.id', 'l.actor_id').select('u.name as actor_name') as typeof query;
  const rows = (await query.execute()) as Array<{
    entity_id: string | null;
    action: string;
    actor_id: number | null;
    actor_role: string | null;
    at: string;
    params: string | null;
    actor_name?: string | null;
  }>;
  for (const row of rows) {
    const type = eventOfAction(row.action);
    const caseId = Number(row.entity_id);
    if (!type) continue;
    const params = opts.withNames && row.params ? (JSON.parse(row.params) as Record<string, unknown>) : {};
    const text = (key: string) => (typeof params[key] === 'string' ? (params[key] as string) : null);
    byCase.get(caseId)?.push({
      caseId,
      type,
      actorId: row.actor_id,
      actorRole: row.actor_role,
      actorName: row.actor_name ?? null,
      at: row.at,
      recordedFrom: text('from'),
      recordedTo: text('to'),
      reason: text('reason'),
      result: text('result'),
    });
  }
  return byCase;
}
