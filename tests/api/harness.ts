import { copyFileSync, linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import { createSession } from '../../server/auth/sessions';
import { readConfig, THROTTLES } from '../../server/config';
import type { AppContext, SmsSender } from '../../server/context';
import type { DatabaseHandle } from '../../server/db/connect';
import type { Database } from '../../server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/seed/demo-accounts';
import { copyFiles } from '../../server/storage/copy';
import { directoryStorage, uploadsRootFor } from '../../server/storage/directory';
import { TestClock } from '../test-clock';
import { PersonalDataCapture } from './personal-data-scan';
import { copyTestDatabase } from './test-database';

export interface ApiAnswer<T = unknown> {
  status: number;
  body: {
    status: 'ok' | 'fail';
    code: number;
    msg: string;
    data: T;
    errors?: Array<{ path: string; message: string }>;
  };
  headers: Headers;
}

export interface TestServer {
  url: string;
  app: AppContext;
  fastify: FastifyInstance;
  clock: TestClock;
  /** SMS texts sent, newest last. */
  sms: Array<{ phone: string; text: string }>;
  call<T = unknown>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<ApiAnswer<T>>;
  login(phone: string, password?: string): Promise<string>;
  tokenFor(role: (typeof DEMO_ACCOUNTS)[number]['role']): Promise<string>;
  /** A fresh session of a demo account, written straight to the database (no password, no lockout). */
  sessionFor(role: (typeof DEMO_ACCOUNTS)[number]['role']): Promise<string>;
  userId(phone: string): Promise<number>;
  count(table: keyof Database): Promise<number>;
  /** The code in the newest SMS captured for a phone. */
  smsCode(phone: string): string;
  /** Every answer (but the reveal's) and log line so far, scanned for full party numbers when the server closes. */
  personalData: PersonalDataCapture;
  /** Closes the server; fails when a full ID number or party phone left it outside a reveal answer. */
  close(): Promise<void>;
}

/**
 * The seeded attachments' files, hard-linked rather than copied (thousands of files per test
 * file): the server only ever creates new files and unlinks old ones, never writes into one,
 * so a copy's changes cannot reach the template.
 */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory()) linkTree(join(from, entry.name), join(to, entry.name));
    else linkSync(join(from, entry.name), join(to, entry.name));
  }
}

/** Throttles so high no suite trips them by accident; tests of the throttles set real ones. */
const UNTHROTTLED = Object.fromEntries(Object.values(THROTTLES).map((t) => [t.env, '1000000']));

/**
 * The real server on 127.0.0.1 (port 0) with its own copy of the seeded demo database,
 * answers checked against their declared schemas. `STORAGE=database` in `env`: the seeded
 * attachments' files are copied into the database first, so they download as with a directory.
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const [server] = await startServers([env]);
  return server as TestServer;
}

/**
 * Several app instances sharing ONE copy of the seeded database, as several hosts behind one
 * address would (issue 9): each listens on its own port with its own files directory (the
 * seeded uploads linked into each) and its own `env`. Each server's `close` closes it; the
 * last one closed also removes the database copy.
 */
export async function startServers(envs: Array<Record<string, string>>): Promise<TestServer[]> {
  const dirs = envs.map(() => mkdtempSync(join(tmpdir(), 'casedesk-api-')));
  const first = dirs[0] as string;
  const file = join(first, 'test.db');
  const kind = inject('testDatabase');
  if (kind.kind === 'sqlite') copyFileSync(inject('templateDb'), file);
  for (const dir of dirs) linkTree(inject('templateUploads'), join(dir, 'uploads'));
  const copy = await copyTestDatabase(kind, file, first);
  let open = envs.length;
  const servers: TestServer[] = [];
  let filesCopied = false;
  for (const [i, env] of envs.entries()) {
    const dir = dirs[i] as string;
    const database = i === 0 ? copy.handle : copy.another(dir);
    const server = await serve(env, database, async () => {
      if (database !== copy.handle) await database.close();
      // The first directory holds the SQLite file the others still use: it goes last.
      if (dir !== first) rmSync(dir, { recursive: true, force: true });
      if (--open > 0) return;
      // The first handle last: the others may borrow its connection (PGlite).
      await copy.handle.close();
      await copy.drop();
      rmSync(first, { recursive: true, force: true });
    });
    if (server.app.storage.kind === 'database' && !filesCopied) {
      await copyFiles(directoryStorage(uploadsRootFor(dir)), server.app.storage);
      filesCopied = true;
    }
    servers.push(server);
  }
  return servers;
}

async function serve(
  env: Record<string, string>,
  database: DatabaseHandle,
  closed: () => Promise<void>,
): Promise<TestServer> {
  const config = {
    ...readConfig({ ...UNTHROTTLED, ...env }),
    staticDir: null,
    // Every line is kept in memory, not printed: the personal-data scan reads them.
    logLevel: env.LOG_LEVEL ?? 'info',
    port: 0,
  };
  const clock = new TestClock();
  const sms: Array<{ phone: string; text: string }> = [];
  const sender: SmsSender = { send: async (phone, text) => void sms.push({ phone, text }) };
  const personalData = new PersonalDataCapture();
  const { fastify, app } = await buildApp({
    config,
    database,
    clock,
    sms: sender,
    validateResponses: true,
    logStream: personalData.logStream,
  });
  personalData.hook(fastify);
  await fastify.listen({ host: '127.0.0.1', port: 0 });
  const address = fastify.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const call: TestServer['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { raw: text };
    }
    return { status: res.status, body: parsed as ApiAnswer['body'], headers: res.headers } as never;
  };

  const tokens = new Map<string, string>();
  const login = async (phone: string, password = DEMO_PASSWORD) => {
    const res = await call<{ token: string }>('POST', '/api/login', { body: { phone, password } });
    if (res.status !== 200)
      throw new Error(`login ${phone} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.token;
  };

  const userId = async (phone: string) => {
    const row = await app.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
    if (!row) throw new Error(`no user with phone ${phone}`);
    return row.id;
  };

  return {
    url,
    app,
    fastify,
    clock,
    sms,
    call,
    login,
    async tokenFor(role) {
      const account = DEMO_ACCOUNTS.find((a) => a.role === role);
      if (!account) throw new Error(`no demo account for ${role}`);
      const cached = tokens.get(role);
      if (cached) return cached;
      const token = await login(account.phone);
      tokens.set(role, token);
      return token;
    },
    async sessionFor(role) {
      const account = DEMO_ACCOUNTS.find((a) => a.role === role);
      if (!account) throw new Error(`no demo account for ${role}`);
      const id = await userId(account.phone);
      const session = await createSession(app, id, role, { ip: null, userAgent: 'harness' });
      return session.token;
    },
    userId,
    async count(table) {
      const row = await app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    smsCode(phone) {
      const text = sms.findLast((m) => m.phone === phone)?.text;
      const code = text ? /\b(\d{6})\b/.exec(text)?.[1] : undefined;
      if (!code) throw new Error(`no SMS code was sent to ${phone}`);
      return code;
    },
    personalData,
    async close() {
      await fastify.close();
      const leaks = await personalData.leaks(app.db).finally(closed);
      if (leaks.length)
        throw new Error(
          `full party numbers left the server outside a reveal answer:\n${leaks.slice(0, 10).join('\n')}`,
        );
    },
  };
}
