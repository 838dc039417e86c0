import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, Database } from '../db/schema';
import type { Caller } from '../http/route';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | number | null;
  /** Plain text for operators reading the database; screens render `action` with `params`. */
  summary: string;
  /** The parameters `audit.<action>` is rendered with in the reader's language. */
  params?: Record<string, string | number | null>;
}

export interface AuditWho {
  caller: Caller | null;
  requestId: string | null;
  at: Date;
  actorId?: number | null;
  /** The role recorded when it is not the caller's: `system` for the product's own decisions. */
  actorRole?: string | null;
}

/** The row an entry is stored as (the seed inserts many at once). */
export function auditRow(who: AuditWho, entry: AuditEntry): Insertable<AuditLogTable> {
  return {
    actor_id: who.actorId ?? who.caller?.userId ?? null,
    actor_role: who.actorRole ?? who.caller?.role ?? null,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId === null ? null : String(entry.entityId),
    summary: entry.summary.slice(0, 500),
    params: entry.params ? JSON.stringify(entry.params) : null,
    request_id: who.requestId,
    at: who.at.toISOString(),
  };
}

/**
 * One row per write, inside the write's own transaction so the log and the change land
 * together or not at all. `actor` is null for anonymous writes (registration, reset) and for
 * the product's own decisions (role `system`).
 */
export async function recordAudit(db: Kysely<Database>, who: AuditWho, entry: AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(auditRow(who, entry)).execute();
}
