import type { Kysely } from 'kysely';
import { CODES } from '../../contract/codes';
import type { Role } from '../../contract/roles';
import type { AppContext } from '../context';
import { reusePlan } from '../db/reused-plans';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { Caller } from '../http/route';
import { hashToken, newSessionToken } from './tokens';

/** last_seen_at is refreshed at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export async function createSession(
  app: AppContext,
  userId: number,
  role: Role,
  meta: { ip: string | null; userAgent: string | null },
  /** The transaction to write it in (the sign-in's, with its audit row); the app's database by default. */
  db: Kysely<Database> = app.db,
): Promise<{ token: string; expiresAt: string }> {
  const { token, hash } = newSessionToken();
  const now = app.clock.now();
  const expiresAt = new Date(now.getTime() + app.config.sessionTtlSeconds * 1000).toISOString();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hash,
      role,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      last_seen_at: now.toISOString(),
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return { token, expiresAt };
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * Turns a bearer token into the caller. No or unknown token: 401 with code 50008; an
 * expired one: 401 with code 10001 (the client's "identity expired" branch).
 */
export async function resolveCaller(app: AppContext, authorization: string | undefined): Promise<Caller> {
  const token = bearerToken(authorization);
  if (!token) throw new ApiError(401, CODES.illegalToken, 'auth.notLoggedIn');
  return callerOfTokenHash(app, hashToken(token));
}

/**
 * The caller of the session whose token hashes to this (a stream ticket carries the hash).
 * One statement answers everything a request needs to know of its caller: the session, the
 * user, their roles (one row each, by the left join) and their lawyer record, so a request
 * pays one round trip to the database for who it is, not three; on PostgreSQL it is prepared
 * once per connection (`reusePlan`).
 */
export async function callerOfTokenHash(app: AppContext, tokenHash: string): Promise<Caller> {
  const { rows } = await app.db.executeQuery(
    reusePlan(
      app.db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .leftJoin('user_roles as r', 'r.user_id', 'u.id')
        .leftJoin('lawyers as l', 'l.user_id', 'u.id')
        .select([
          's.id as sessionId',
          's.role',
          's.expires_at',
          's.revoked_at',
          's.last_seen_at',
          'u.id as userId',
          'u.phone',
          'u.name',
          'u.enabled',
          'u.law_firm_id',
          'r.role as heldRole',
          'l.id as lawyerId',
          'l.law_firm_id as lawyerFirmId',
        ])
        .where('s.token_hash', '=', tokenHash)
        .compile(),
    ),
  );
  const row = rows[0];
  if (!row || row.revoked_at !== null || row.enabled !== 1) {
    throw new ApiError(401, CODES.illegalToken, 'auth.tokenInvalid');
  }
  const now = app.clock.now();
  if (row.expires_at <= now.toISOString())
    throw new ApiError(401, CODES.sessionExpired, 'auth.sessionExpired');

  const roles = rows
    .map((r) => r.heldRole)
    .filter((role): role is string => role !== null)
    .map((role) => role as Role)
    .sort();
  if (now.getTime() - Date.parse(row.last_seen_at) > TOUCH_INTERVAL_MS) {
    await app.db
      .updateTable('sessions')
      .set({ last_seen_at: now.toISOString() })
      .where('id', '=', row.sessionId)
      .execute();
  }
  return {
    userId: row.userId,
    sessionId: row.sessionId,
    role: row.role as Role,
    roles,
    phone: row.phone,
    name: row.name,
    lawFirmId: row.law_firm_id,
    lawyer: row.lawyerId === null ? null : { id: row.lawyerId, lawFirmId: row.lawyerFirmId as number | null },
  };
}

export async function rolesOf(db: Kysely<Database>, userId: number): Promise<Role[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute();
  return rows.map((r) => r.role as Role).sort();
}

export async function revokeSession(db: Kysely<Database>, sessionId: number, at: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at.toISOString() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends every live session of a user (disabling, password reset), but `except` (the caller's
 * own, when they changed their own password).
 */
export async function revokeUserSessions(
  db: Kysely<Database>,
  userId: number,
  at: Date,
  except?: number,
): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: at.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (except !== undefined) query = query.where('id', '!=', except);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
