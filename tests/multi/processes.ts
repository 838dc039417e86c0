import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { inject } from 'vitest';
import { PROJECT_ROOT, THROTTLES } from '../../server/config';
import { connectDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemoData } from '../../server/seed/seed';
import { databaseUrl, withAdmin } from '../api/test-database';

/**
 * Real server processes (`node --import tsx server/main.ts`, as `npm start` runs it, with
 * SKIP_BUILD=1) on loopback and port 0, sharing one database: a PostgreSQL database of their
 * own on the server TEST_PG_URL names, or else one SQLite file. Every wait is for what a user
 * waits for (the process says it is up and /api/health answers; an answer; an event), never
 * for a fixed time.
 */

export const onPostgres = Boolean(process.env.TEST_PG_URL);

export interface SharedDatabase {
  url: string;
  /** Problems the database's own checks find (empty: consistent). */
  integrityProblems(): Promise<string[]>;
  /** One query's rows, straight from the database (not through a server). */
  rows<T>(query: string): Promise<T[]>;
  /** One statement that writes (what another process left behind), with its returned rows. */
  write<T>(statement: string): Promise<T[]>;
  drop(): Promise<void>;
}

/**
 * A database for one test file. `seeded`: the demo data (SQLite: a copy of the run's seeded
 * template; PostgreSQL: migrated and seeded here with few cases); else empty, not even migrated.
 */
export async function sharedDatabase(seeded: boolean): Promise<SharedDatabase> {
  const suffix = randomBytes(4).toString('hex');
  const adminUrl = process.env.TEST_PG_URL;
  if (adminUrl) {
    const name = `casedesk_multi_${suffix}`;
    await withAdmin(adminUrl, (c) => c.query(`create database "${name}"`));
    const url = databaseUrl(adminUrl, name);
    if (seeded) {
      const handle = connectDatabase(url, PROJECT_ROOT, { dataDir: join(PROJECT_ROOT, '.tmp', name) });
      try {
        await migrateToLatest(handle.db);
        await seedDemoData(handle.db, { cases: 100 });
      } finally {
        await handle.close();
      }
    }
    const query = async <T>(text: string) => withAdmin(url, async (c) => (await c.query(text)).rows as T[]);
    return {
      url,
      rows: query,
      write: query,
      integrityProblems: () => postgresProblems(url),
      drop: () =>
        withAdmin(adminUrl, async (c) => {
          await c.query(`drop database if exists "${name}" with (force)`);
        }),
    };
  }
  // A folder of its own: files (uploads) live beside the database.
  const dir = join(PROJECT_ROOT, '.tmp', `multi-${process.pid}-${suffix}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'casedesk.db');
  if (seeded) copyFileSync(inject('templateDb'), file);
  const query = async <T>(text: string, readonly = true) => {
    const db = new SQLite(file, { readonly, timeout: 5_000 });
    try {
      return db.prepare(text).all() as T[];
    } finally {
      db.close();
    }
  };
  return {
    url: `sqlite:${file}`,
    rows: (text) => query(text),
    write: (text) => query(text, false),
    async integrityProblems() {
      const db = new SQLite(file, { readonly: true });
      try {
        const integrity = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
        const foreignKeys = db.pragma('foreign_key_check') as Array<Record<string, unknown>>;
        return [
          ...integrity.filter((r) => r.integrity_check !== 'ok').map((r) => r.integrity_check),
          ...foreignKeys.map((r) => `foreign key: ${JSON.stringify(r)}`),
        ];
      } finally {
        db.close();
      }
    },
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * PostgreSQL's consistency checks: every constraint validated, no row pointing at a row that is
 * not there (each single-column foreign key), and every B-tree index matching its table
 * (amcheck's bt_index_check).
 */
async function postgresProblems(url: string): Promise<string[]> {
  return withAdmin(url, async (c) => {
    const problems: string[] = [];
    const unvalidated = await c.query(
      `select conname from pg_constraint where connamespace = 'public'::regnamespace and not convalidated`,
    );
    problems.push(...unvalidated.rows.map((r) => `constraint not validated: ${r.conname}`));
    const keys = await c.query(`
      select con.conname, child.relname as child, ca.attname as child_col,
             parent.relname as parent, pa.attname as parent_col
      from pg_constraint con
      join pg_class child on child.oid = con.conrelid
      join pg_class parent on parent.oid = con.confrelid
      join pg_attribute ca on ca.attrelid = con.conrelid and ca.attnum = con.conkey[1]
      join pg_attribute pa on pa.attrelid = con.confrelid and pa.attnum = con.confkey[1]
      where con.contype = 'f' and con.connamespace = 'public'::regnamespace and array_length(con.conkey, 1) = 1`);
    for (const k of keys.rows) {
      const orphans = await c.query(
        `select count(*)::int as n from "${k.child}" c where c."${k.child_col}" is not null
         and not exists (select 1 from "${k.parent}" p where p."${k.parent_col}" = c."${k.child_col}")`,
      );
      if (orphans.rows[0].n > 0) problems.push(`${k.conname}: ${orphans.rows[0].n} rows point nowhere`);
    }
    await c.query('create extension if not exists amcheck');
    const indexes = await c.query(`
      select c.relname from pg_index i join pg_class c on c.oid = i.indexrelid
      join pg_am am on am.oid = c.relam
      where am.amname = 'btree' and c.relnamespace = 'public'::regnamespace`);
    for (const { relname } of indexes.rows) {
      try {
        await c.query('select bt_index_check($1::regclass, true)', [`public."${relname}"`]);
      } catch (err) {
        problems.push(`index ${relname}: ${(err as Error).message}`);
      }
    }
    return problems;
  });
}

const UNTHROTTLED = Object.fromEntries(Object.values(THROTTLES).map((t) => [t.env, '1000000']));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote, for failure messages. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM: a graceful stop. */
  stop(): Promise<number | null>;
  /** SIGKILL: gone at once, mid-write or not. */
  kill(): Promise<number | null>;
}

const started = new Set<ChildProcess>();

/**
 * Kills (SIGKILL) every process this file started that is still running: for afterAll, so a
 * failed or timed-out test leaves nothing behind (workers end with their primary).
 */
export async function killAll(): Promise<void> {
  const running = [...started].filter((child) => child.exitCode === null && child.signalCode === null);
  await Promise.all(
    running.map((child) => {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      return gone;
    }),
  );
}

/** Starts `npm start`'s server on `databaseUrl` and resolves once it says it is up and /api/health answers 200. */
export async function startProcess(
  database: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      ...UNTHROTTLED,
      DATABASE_URL: database,
      HOST: '127.0.0.1',
      PORT: '0',
      SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const up = /CaseDesk is up on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (up) resolve(up[1]);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then((code) => reject(new Error(`server exited (${code}) before it was up:\n${output}`)));
  });
  await waitForHealth(url);
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    return exited;
  };
  return {
    url,
    child,
    output: () => output,
    exited,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
  };
}

/** Asks /api/health until it answers 200 (a process starting, or one just replaced). */
export async function waitForHealth(url: string): Promise<Health> {
  for (;;) {
    const answer = await freshGet(`${url}/api/health`).catch(() => null);
    if (answer?.status === 200) return (answer.body as { data: Health }).data;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Health {
  status: string;
  database: string;
  pid: number;
  worker: number | null;
}

/**
 * GET on a connection of its own, closed after the answer: with several workers on one port,
 * each new connection may land on another worker (fetch would reuse one kept alive). A
 * connection handed to a worker as it was killed is never answered: given up after 5 s idle.
 */
export function freshGet(url: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { connection: 'close' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      res.on('error', reject);
    });
    req.setTimeout(5000, () => req.destroy(new Error('no answer')));
    req.on('error', reject);
  });
}

export interface Answer<T = unknown> {
  status: number;
  body: { status: string; code: number; msg: string; data: T };
}

/** A JSON API call to one process. */
export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: (await res.json()) as Answer<T>['body'] };
}

export async function login(base: string, phone: string): Promise<string> {
  const res = await call<{ token: string }>(base, 'POST', '/api/login', {
    body: { phone, password: 'Demo@2026' },
  });
  if (res.status !== 200)
    throw new Error(`login ${phone} on ${base}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

/** Whether a process of this id is still running. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
