import type { Generated } from 'kysely';

/**
 * Accounts and signing in: users and their roles, sessions, the password lockout's failures
 * and locks, and the SMS codes' outbox (portable types, as server/db/schema.ts describes).
 */

export interface UsersTable {
  id: Generated<number>;
  phone: string;
  password_hash: string;
  name: string;
  role: string;
  enabled: Generated<number>;
  law_firm_id: number | null;
  avatar: string | null;
  email: string | null;
  nickname: string | null;
  country_region: string | null;
  area: string | null;
  address: string | null;
  introduction: string | null;
  website: string | null;
  registered_at: string;
  account_id: string;
  certification: Generated<string>;
  updated_at: string;
}

export interface UserRolesTable {
  user_id: number;
  role: string;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  role: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  revoked_at: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  phone: string;
  /** The address the wrong password came from (request.ip). */
  client_address: string;
  failed_at: string;
}

export interface LoginLocksTable {
  phone: string;
  /** The locked address, or '*': the phone is locked from every address. */
  client_address: string;
  locked_until: string;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  code: string;
  message: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** Wrong guesses against this code; after 5 it is spent. */
  attempts: Generated<number>;
  /** 0: asked for an unknown phone, recorded for the cool-down only, never sent or spendable. */
  delivered: Generated<number>;
}

export interface AccountTables {
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  login_locks: LoginLocksTable;
  sms_outbox: SmsOutboxTable;
}
