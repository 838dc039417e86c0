import type { Database } from '../../server/db/schema';
import { startServer, type TestServer } from './harness';

/**
 * The server of a registration test file, with the demo firm's id: started before its tests and
 * closed after them.
 */
export async function startRegistrationServer(): Promise<{ server: TestServer; demoFirmId: number }> {
  const server = await startServer();
  const firm = await server.app.db
    .selectFrom('law_firms')
    .select('id')
    .where('contact_phone', '=', '13800000004')
    .executeTakeFirstOrThrow();
  return { server, demoFirmId: firm.id };
}

/** The calls the registration tests make, on the server and demo firm their file started. */
export function registrationCalls(server: () => TestServer, demoFirmId: () => number) {
  const TOUCHED_TABLES: Array<keyof Database> = [
    'users',
    'user_roles',
    'law_firms',
    'lawyers',
    'wallets',
    'audit_log',
  ];

  /** Row counts of every table a registration writes, to prove a refusal wrote nothing. */
  async function counts() {
    return Object.fromEntries(
      await Promise.all(TOUCHED_TABLES.map(async (t) => [t, await server().count(t)])),
    );
  }

  function register(kind: 'lawfirm' | 'lawyer', body: unknown) {
    return server().call<{ userId: number; reviewStatus: string }>('POST', `/api/register/${kind}`, { body });
  }

  function login(phone: string, password: string, lang?: string) {
    return server().call('POST', '/api/login', {
      body: { phone, password },
      headers: lang ? { 'accept-language': lang } : undefined,
    });
  }

  async function firmOf(userId: number) {
    const user = await server()
      .app.db.selectFrom('users')
      .select('law_firm_id')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return user.law_firm_id as number;
  }

  async function lawyerIdOf(userId: number) {
    const row = await server()
      .app.db.selectFrom('lawyers')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A decision on the version the reviewer reads now (server/reviews/decision.ts requires it). */
  async function review(kind: 'lawfirms' | 'lawyers', id: number, body: object, token?: string) {
    const row = await server()
      .app.db.selectFrom(kind === 'lawfirms' ? 'law_firms' : 'lawyers')
      .select('version')
      .where('id', '=', id)
      .executeTakeFirst();
    return server().call<{ reviewStatus: string; reviewReason: string | null }>(
      'PUT',
      `/api/${kind}/${id}/review`,
      {
        token: token ?? (await server().sessionFor('bussinessOperation')),
        body: { version: row?.version ?? 1, ...body },
      },
    );
  }

  /** A signed-in contact person of a passed firm other than the demo firm. */
  async function otherContactPerson() {
    const row = await server()
      .app.db.selectFrom('users as u')
      .innerJoin('law_firms as f', 'f.id', 'u.law_firm_id')
      .select(['u.phone', 'u.law_firm_id'])
      .where('u.role', '=', 'lawfirmContactPerson')
      .where('u.enabled', '=', 1)
      .where('f.review_status', '=', 'passed')
      .where('f.id', '!=', demoFirmId())
      .executeTakeFirstOrThrow();
    return { token: await server().login(row.phone), firmId: row.law_firm_id as number };
  }

  return { counts, register, login, firmOf, lawyerIdOf, review, otherContactPerson };
}
