import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BUSINESS_TIME_ZONE, isTimeZone } from '../contract/dates';

/*
 * The ground of the server: this file imports nothing from server/ (ARCHITECTURE §1; the import
 * check refuses it). The kinds its settings take are declared here, and the features that read
 * a setting (auth/, db/, storage/) take its type from here.
 */

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where attachments and generated PDFs live (STORAGE; server/storage). */
export const STORAGE_KINDS = ['directory', 'database'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

/**
 * SQLite's `synchronous` pragma (server/db/connect.ts). FULL (the default) syncs the write-ahead
 * log on every commit, so a committed change survives a power cut. NORMAL syncs only at
 * checkpoints: faster writes, still safe against a crash of the process, but a power cut or OS
 * crash can lose the last commits.
 */
export type SqliteSynchronous = 'FULL' | 'NORMAL';

/**
 * Wrong passwords lock a phone from one client address after `perClient` of them within the
 * window, so a stranger guessing a known user's password locks out only themselves; and from
 * every address after `perPhone` (higher) of them from all addresses together, which stops
 * guessing spread over many addresses. A lock lasts `lockMs`; failures from before it ended
 * no longer count. Set by LOGIN_LOCK_AFTER, LOGIN_PHONE_LOCK_AFTER and LOGIN_LOCK_MINUTES;
 * server/auth/lockout.ts applies it.
 */
export interface LockoutRule {
  perClient: number;
  perPhone: number;
  windowMs: number;
  lockMs: number;
}

/** scrypt's N for new password hashes when PASSWORD_HASH_COST is unset (server/auth/passwords.ts). */
export const DEFAULT_HASH_COST = 16384;

/**
 * scrypt's N for new hashes: PASSWORD_HASH_COST, a power of two from 1024, else 16384. Only
 * the test suite lowers it (each sign-in then costs ~6 ms of CPU instead of ~120); a stored
 * hash keeps the cost it was made with. server/auth/passwords.ts reads it at each hash, so the
 * test harness's setting reaches the seed and every server without a path through each caller.
 */
export function passwordHashCost(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PASSWORD_HASH_COST;
  if (!raw) return DEFAULT_HASH_COST;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1024 || n > 1_048_576 || (n & (n - 1)) !== 0)
    throw new Error(`PASSWORD_HASH_COST must be a power of two from 1024 to 1048576, got "${raw}"`);
  return n;
}

/**
 * Whether the database of this URL lives inside one process (SQLite in memory, PGlite), so that
 * several server processes (WORKERS) would each get a database of their own.
 */
export function openedByOneProcessOnly(url: string): boolean {
  if (url.startsWith('pglite:')) return true;
  const path = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : null;
  return path === '' || path === ':memory:';
}

/**
 * Per-client throttles (server/http/throttle.ts): requests per minute from one client address,
 * by the variable that sets each and its default. Routes name theirs (`throttle: 'login'`).
 */
export const THROTTLES = {
  login: { env: 'LOGIN_RATE_PER_MIN', perMinute: 20 },
  sms: { env: 'SMS_RATE_PER_MIN', perMinute: 10 },
  register: { env: 'REGISTER_RATE_PER_MIN', perMinute: 10 },
  reset: { env: 'RESET_RATE_PER_MIN', perMinute: 10 },
  passwordChange: { env: 'PASSWORD_CHANGE_RATE_PER_MIN', perMinute: 10 },
  ticket: { env: 'TICKET_RATE_PER_MIN', perMinute: 30 },
} as const;

export type ThrottleName = keyof typeof THROTTLES;

/** Every environment variable the server reads. The README lists the same set. */
export interface ServerConfig {
  host: string;
  port: number;
  databaseUrl: string;
  sessionTtlSeconds: number;
  logLevel: string;
  /** Where the built browser app is; null serves the API only (tests). */
  staticDir: string | null;
  bodyLimitBytes: number;
  /** Largest case attachment accepted (UPLOAD_MAX_MB). */
  uploadMaxBytes: number;
  /** SQLITE_SYNCHRONOUS: FULL survives a power cut; NORMAL only a crash of the process. */
  sqliteSynchronous: SqliteSynchronous;
  /** DATA_DIR: where files live when the database is not a file beside them (PostgreSQL). */
  dataDir: string;
  /** PG_POOL_MAX: PostgreSQL connections one process keeps at most. */
  pgPoolMax: number;
  /** SQLITE_READ_WORKERS: threads that run SQLite reads off the event loop (0: none; unset: server/db's default, 2). */
  sqliteReadWorkers: number | undefined;
  /**
   * TRUST_PROXY, as Fastify's `trustProxy`: which proxies may name the client in
   * X-Forwarded-For. false (default): none, the client is the connection's peer.
   */
  trustProxy: boolean | string;
  /** Requests per minute per client address, by throttle (THROTTLES). */
  ratePerMinute: Record<ThrottleName, number>;
  /** Wrong-password lockout: LOGIN_LOCK_AFTER, LOGIN_PHONE_LOCK_AFTER, LOGIN_LOCK_MINUTES. */
  lockout: LockoutRule;
  /** GET /api/docs for anyone (API_DOCS_PUBLIC=1), not only superAdmin and admin. */
  apiDocsPublic: boolean;
  /** Hosts a menu's external links may point at, over https (MENU_LINK_HOSTS); none by default. */
  menuLinkHosts: string[];
  /** Seconds between heartbeats (and catch-up reads) of a live message stream (NOTIFY_HEARTBEAT_SECONDS). */
  streamHeartbeatSeconds: number;
  /**
   * Live message streams one user may hold open in one process (STREAMS_PER_USER); a newer one
   * ends their oldest. Counted per process: with WORKERS=N a user holds at most N times as many.
   */
  streamsPerUser: number;
  /** Data rows one case import may hold (IMPORT_MAX_ROWS). */
  importMaxRows: number;
  /** Cases one bulk job may take (BULK_MAX_CASES; server/cases/bulk-jobs). */
  bulkMaxCases: number;
  /** Cases a bulk job commits together (BULK_BATCH_CASES); null: 200 on SQLite, 500 on PostgreSQL. */
  bulkBatchCases: number | null;
  /** Largest case import file accepted (IMPORT_MAX_MB). */
  importMaxBytes: number;
  /** The zone every shown, exported or printed date is in (BUSINESS_TZ; contract/dates.ts). */
  businessTimeZone: string;
  /** Where attachments and generated PDFs live (STORAGE): `directory` beside the database, or `database`. */
  storage: StorageKind;
  /** API processes serving on the one port (WORKERS; server/cluster.ts); 1: this process alone. */
  workers: number;
  /** scrypt's N for new password hashes (PASSWORD_HASH_COST; auth/passwords.ts reads it at each hash). */
  passwordHashCost: number;
  /** Full ID numbers and party phones one user may reveal per hour (PII_REVEAL_PER_HOUR; server/cases/parties). */
  piiRevealPerHour: number;
  /**
   * The key of the hashes the case list finds a party's full number by (PII_HASH_SECRET, at
   * least 32 characters); null: the key migration 0024 stored in the database (server/cases/parties/pii-hash.ts).
   */
  piiHashSecret: string | null;
  /** The collection rules of the contact log (CONTACT_*; server/cases/contacts/rules.ts). */
  contactRules: ContactRuleSettings;
  /** Days after a case closed that its parties' numbers and addresses are erased (PII_RETENTION_DAYS; server/sweeps/retention.ts). */
  piiRetentionDays: number;
  /** Days the cells of an import's refused rows are kept (IMPORT_ROWS_RETENTION_DAYS; server/sweeps/retention.ts). */
  importRowsRetentionDays: number;
  /** Days after its due day an instalment may still be paid before it is overdue (PLAN_GRACE_DAYS; server/cases/plans). */
  planGraceDays: number;
  /** How far below the outstanding amount a repayment plan may go, in percent (REDUCTION_MAX_PERCENT). */
  reductionMaxPercent: number;
  /** DEADLINE_SWEEP_SECONDS, PUSH_ANSWER_HOURS, ENTRUST_WARN_DAYS (server/deadlines/). */
  deadlines: DeadlineSettings;
}

/**
 * Quiet hours in minutes after midnight, business time (CONTACT_QUIET_START 22:00 and
 * CONTACT_QUIET_END 08:00; many bank contracts say 21:00), and outbound calls a person may get
 * per business day across every case: connected (CONTACT_DAILY_CALLS, 3) and attempts in all
 * (CONTACT_DAILY_ATTEMPTS, 6).
 */
export interface ContactRuleSettings {
  quietStart: number;
  quietEnd: number;
  dailyCalls: number;
  dailyAttempts: number;
}

/** More processes than this on one machine is a typo, not a plan. */
export const MAX_WORKERS = 64;

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be 0-65535, got "${env.PORT}"`);
  const ttlHours = Number(env.SESSION_TTL_HOURS ?? 12);
  if (!(ttlHours > 0))
    throw new Error(`SESSION_TTL_HOURS must be a positive number, got "${env.SESSION_TTL_HOURS}"`);
  const uploadMaxMb = Number(env.UPLOAD_MAX_MB ?? 20);
  if (!(uploadMaxMb > 0))
    throw new Error(`UPLOAD_MAX_MB must be a positive number, got "${env.UPLOAD_MAX_MB}"`);
  const synchronous = (env.SQLITE_SYNCHRONOUS ?? 'FULL').toUpperCase();
  if (synchronous !== 'FULL' && synchronous !== 'NORMAL')
    throw new Error(`SQLITE_SYNCHRONOUS must be FULL or NORMAL, got "${env.SQLITE_SYNCHRONOUS}"`);
  const readWorkers = env.SQLITE_READ_WORKERS ? Number(env.SQLITE_READ_WORKERS) : undefined;
  if (readWorkers !== undefined && !(Number.isInteger(readWorkers) && readWorkers >= 0 && readWorkers <= 16))
    throw new Error(
      `SQLITE_READ_WORKERS must be a whole number from 0 to 16, got "${env.SQLITE_READ_WORKERS}"`,
    );
  const ratePerMinute = Object.fromEntries(
    Object.entries(THROTTLES).map(([name, t]) => [name, positiveInteger(env, t.env, t.perMinute)]),
  ) as Record<ThrottleName, number>;
  const lockMs = positiveInteger(env, 'LOGIN_LOCK_MINUTES', 15) * 60_000;
  const lockout: LockoutRule = {
    perClient: positiveInteger(env, 'LOGIN_LOCK_AFTER', 5),
    perPhone: positiveInteger(env, 'LOGIN_PHONE_LOCK_AFTER', 20),
    windowMs: lockMs,
    lockMs,
  };
  // Otherwise anyone could again lock a known user out from one address.
  if (lockout.perPhone <= lockout.perClient)
    throw new Error(
      `LOGIN_PHONE_LOCK_AFTER (${lockout.perPhone}) must be higher than LOGIN_LOCK_AFTER (${lockout.perClient})`,
    );
  const docsPublic = env.API_DOCS_PUBLIC ?? '';
  if (!['', '0', '1'].includes(docsPublic))
    throw new Error(`API_DOCS_PUBLIC must be 1 or 0, got "${env.API_DOCS_PUBLIC}"`);
  const businessTimeZone = env.BUSINESS_TZ || DEFAULT_BUSINESS_TIME_ZONE;
  if (!isTimeZone(businessTimeZone))
    throw new Error(`BUSINESS_TZ must be an IANA time zone (Asia/Shanghai), got "${env.BUSINESS_TZ}"`);
  const storage = env.STORAGE || 'directory';
  if (!(STORAGE_KINDS as readonly string[]).includes(storage))
    throw new Error(
      `STORAGE must be directory (files beside the database) or database (files in the database), got "${env.STORAGE}"`,
    );
  const databaseUrl = env.DATABASE_URL ?? 'sqlite:data/casedesk.db';
  const workers = positiveInteger(env, 'WORKERS', 1);
  if (workers > MAX_WORKERS) throw new Error(`WORKERS must be 1-${MAX_WORKERS}, got "${env.WORKERS}"`);
  if (workers > 1 && openedByOneProcessOnly(databaseUrl))
    throw new Error(
      `WORKERS=${workers} needs a database every process opens: a sqlite: file or postgres://, not "${databaseUrl}"`,
    );
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    databaseUrl,
    sessionTtlSeconds: Math.round(ttlHours * 3600),
    logLevel: env.LOG_LEVEL ?? 'info',
    staticDir: resolve(PROJECT_ROOT, 'dist'),
    bodyLimitBytes: 1024 * 1024,
    uploadMaxBytes: Math.round(uploadMaxMb * 1024 * 1024),
    sqliteSynchronous: synchronous,
    dataDir: resolve(PROJECT_ROOT, env.DATA_DIR || 'data'),
    pgPoolMax: positiveInteger(env, 'PG_POOL_MAX', 10),
    sqliteReadWorkers: readWorkers,
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    ratePerMinute,
    lockout,
    apiDocsPublic: docsPublic === '1',
    menuLinkHosts: readLinkHosts(env.MENU_LINK_HOSTS),
    streamHeartbeatSeconds: positiveInteger(env, 'NOTIFY_HEARTBEAT_SECONDS', 25),
    streamsPerUser: positiveInteger(env, 'STREAMS_PER_USER', 10),
    importMaxRows: positiveInteger(env, 'IMPORT_MAX_ROWS', 200_000),
    bulkMaxCases: positiveInteger(env, 'BULK_MAX_CASES', 10_000),
    bulkBatchCases: env.BULK_BATCH_CASES ? integerIn(env, 'BULK_BATCH_CASES', 200, 1, 5000) : null,
    importMaxBytes: positiveInteger(env, 'IMPORT_MAX_MB', 100) * 1024 * 1024,
    businessTimeZone,
    storage: storage as StorageKind,
    workers,
    passwordHashCost: passwordHashCost(env),
    piiRevealPerHour: positiveInteger(env, 'PII_REVEAL_PER_HOUR', 60),
    piiHashSecret: readPiiHashSecret(env.PII_HASH_SECRET),
    contactRules: {
      quietStart: clockMinutes(env, 'CONTACT_QUIET_START', '22:00'),
      quietEnd: clockMinutes(env, 'CONTACT_QUIET_END', '08:00'),
      dailyCalls: positiveInteger(env, 'CONTACT_DAILY_CALLS', 3),
      dailyAttempts: positiveInteger(env, 'CONTACT_DAILY_ATTEMPTS', 6),
    },
    piiRetentionDays: positiveInteger(env, 'PII_RETENTION_DAYS', 1095),
    importRowsRetentionDays: positiveInteger(env, 'IMPORT_ROWS_RETENTION_DAYS', 30),
    planGraceDays: integerIn(env, 'PLAN_GRACE_DAYS', 3, 0, 90),
    reductionMaxPercent: integerIn(env, 'REDUCTION_MAX_PERCENT', 30, 0, 100),
    deadlines: readDeadlineSettings(env),
  };
}

/** A time of day `HH:mm` (24 h) as minutes after midnight. */
function clockMinutes(env: NodeJS.ProcessEnv, name: string, fallback: string): number {
  const raw = env[name] || fallback;
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(raw);
  if (!match) throw new Error(`${name} must be a time of day HH:mm (22:00), got "${raw}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function integerIn(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return value;
}

/**
 * "true": whoever connects may name the client (only behind a proxy that overwrites the
 * header); otherwise the proxies' addresses or CIDR ranges, comma-separated. Fastify ignores
 * hop counts (it cannot check the peer), so there are none here.
 */
function readTrustProxy(raw: string | undefined): boolean | string {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

/** PII_HASH_SECRET: unset, or a secret long enough that the hashes of phones cannot be tried out without it. */
function readPiiHashSecret(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (raw.length < 32) throw new Error('PII_HASH_SECRET must have at least 32 characters');
  return raw;
}

/** MENU_LINK_HOSTS: comma-separated host names (`docs.example.com,help.example.com`). */
function readLinkHosts(value: string | undefined): string[] {
  const hosts = (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const wrong = hosts.find(
    (h) => !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(h),
  );
  if (wrong !== undefined)
    throw new Error(`MENU_LINK_HOSTS lists host names (no scheme, port or path), got "${wrong}"`);
  return hosts;
}

/**
 * The deadline sweep's settings (server/deadlines/), read with the rest of the configuration
 * (server/config.ts): DEADLINE_SWEEP_SECONDS (60), PUSH_ANSWER_HOURS (48, decimals allowed),
 * ENTRUST_WARN_DAYS (`30,7,1`).
 */
export interface DeadlineSettings {
  /** Seconds between two sweeps of one process. */
  sweepSeconds: number;
  /** Hours a firm has to answer a push before the product withdraws it. */
  pushAnswerHours: number;
  /** Days before an entrustment's expiry that its people are told, largest first. */
  entrustWarnDays: number[];
}

export function readDeadlineSettings(env: NodeJS.ProcessEnv): DeadlineSettings {
  const seconds = env.DEADLINE_SWEEP_SECONDS || '60';
  const sweepSeconds = Number(seconds);
  if (!Number.isInteger(sweepSeconds) || sweepSeconds < 1 || sweepSeconds > 86_400)
    throw new Error(
      `DEADLINE_SWEEP_SECONDS must be a whole number of seconds from 1 to 86400, got "${seconds}"`,
    );
  const hours = env.PUSH_ANSWER_HOURS || '48';
  const pushAnswerHours = Number(hours);
  if (!/^\d+(\.\d+)?$/.test(hours) || !(pushAnswerHours > 0) || pushAnswerHours > 24 * 365)
    throw new Error(`PUSH_ANSWER_HOURS must be a positive number of hours (48, 0.5), got "${hours}"`);
  const days = env.ENTRUST_WARN_DAYS || '30,7,1';
  const entrustWarnDays = days.split(',').map((d) => Number(d.trim()));
  if (entrustWarnDays.some((d) => !Number.isInteger(d) || d < 1 || d > 366))
    throw new Error(
      `ENTRUST_WARN_DAYS must be whole days from 1 to 366, comma-separated (30,7,1), got "${days}"`,
    );
  return {
    sweepSeconds,
    pushAnswerHours,
    entrustWarnDays: [...new Set(entrustWarnDays)].sort((a, b) => b - a),
  };
}
