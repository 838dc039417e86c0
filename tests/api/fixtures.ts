import { sql } from 'kysely';
import { creditCodeCheckChar } from '../../contract/credit-code';
import { formatDate } from '../../contract/dates';
import type { TestServer } from './harness';

/** The demo lawyer's (13800000005) lawyer record: its id and firm. */
export function demoLawyer(server: TestServer): Promise<{ id: number; law_firm_id: number }> {
  return server.app.db
    .selectFrom('lawyers as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.law_firm_id'])
    .where('u.phone', '=', '13800000005')
    .executeTakeFirstOrThrow();
}

/** One of the demo lawyer's cases in processing: the lowest id, or with `last` the highest. */
export async function demoLawyersProcessingCase(server: TestServer, which: 'first' | 'last' = 'first') {
  const lawyer = await demoLawyer(server);
  return server.app.db
    .selectFrom('cases')
    .select(['id', 'version'])
    .where('lawyer_id', '=', lawyer.id)
    .where('status', '=', 'processing')
    .orderBy('id', which === 'first' ? 'asc' : 'desc')
    .executeTakeFirstOrThrow();
}

/** Today by the server's (test) clock, as the business day `YYYY-MM-DD` forms take. */
export function businessToday(server: TestServer): string {
  return formatDate(server.clock.now());
}

/** Phones no seeded account uses (the seed takes 137…, 138… and 139…). */
let nextPhone = 0;
export function freshPhone(): string {
  nextPhone++;
  return `186${String(nextPhone).padStart(8, '0')}`;
}

/** A unified social credit code with a correct GB 32100-2015 check character. */
export function validCreditCode(serial: number, letters = ''): string {
  const first17 = `31440300${letters}${String(serial).padStart(9 - letters.length, '0')}`;
  return first17 + creditCodeCheckChar(first17);
}

/** The same code with its check character swapped for another valid one. */
export function wrongCheckChar(code: string): string {
  const replacement = code[17] === '0' ? '1' : '0';
  return code.slice(0, 17) + replacement;
}

let nextLicence = 0;
export function freshLicenceNo(): string {
  nextLicence++;
  return `19999${String(nextLicence).padStart(12, '0')}`;
}

export const NEW_PASSWORD = 'Fresh@2027';

/** Asks for an SMS code and returns it as the phone would read it. */
export async function requestCode(
  server: TestServer,
  phone: string,
  purpose: 'register' | 'reset' | 'bind',
): Promise<string> {
  const res = await server.call('GET', `/api/send-sms?phone=${phone}&purpose=${purpose}`);
  if (res.status !== 200) throw new Error(`send-sms failed: ${res.status} ${JSON.stringify(res.body)}`);
  return server.smsCode(phone);
}

/** A complete law-firm registration for a new phone, with a code already sent. */
export async function lawFirmApplication(server: TestServer, serial: number) {
  const phone = freshPhone();
  const code = await requestCode(server, phone, 'register');
  return {
    firmName: `测试律师事务所${serial}`,
    regionCode: '440300',
    creditCode: validCreditCode(serial),
    address: '深南大道 1 号',
    contactName: '测试联系人',
    phone,
    code,
    password: 'Firm@2026',
  };
}

/** A complete lawyer registration with a passed firm, for a new phone, with a code already sent. */
export async function lawyerApplication(server: TestServer, lawFirmId: number) {
  const phone = freshPhone();
  const code = await requestCode(server, phone, 'register');
  return {
    name: '测试律师',
    phone,
    code,
    password: 'Lawyer@2026',
    licenceNo: freshLicenceNo(),
    lawFirmId,
    agreed: true,
  };
}

/** A new account made by the super admin, with its one-time password. */
export async function createAccount(server: TestServer, role = 'caseOperation') {
  const phone = freshPhone();
  const res = await server.call<{ user: { id: number }; initialPassword: string }>('POST', '/api/users', {
    token: await server.sessionFor('superAdmin'),
    body: { phone, name: '测试账号', role },
  });
  if (res.status !== 200) throw new Error(`create account failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.user.id, phone, password: res.body.data.initialPassword };
}

/** Stores a role's menu tree as is, behind the API and its checks (an old or hand-edited row). */
export async function storeMenuBehindTheApi(server: TestServer, role: string, tree: unknown): Promise<void> {
  await server.app.db
    .insertInto('menus')
    .values({ role, tree: JSON.stringify(tree), updated_at: new Date().toISOString(), updated_by: null })
    .onConflict((oc) => oc.column('role').doUpdateSet({ tree: JSON.stringify(tree) }))
    .execute();
}

export async function auditRows(server: TestServer, action: string, entityId?: number | string) {
  let query = server.app.db.selectFrom('audit_log').selectAll().where('action', '=', action);
  if (entityId !== undefined) query = query.where('entity_id', '=', String(entityId));
  return query.execute();
}

/**
 * Makes every insert into `table` fail until the returned function is called: a write that
 * fails half-way, to show nothing is left behind. A trigger in each database's own syntax.
 */
export async function refuseInserts(server: TestServer, table: string): Promise<() => Promise<void>> {
  const db = server.app.db;
  if (server.app.database.dialect === 'postgres') {
    await sql`create function refuse_by_test() returns trigger language plpgsql as $$
      begin raise exception 'refused by test'; end $$`.execute(db);
    await sql`create trigger refuse_by_test before insert on ${sql.table(table)}
      for each row execute function refuse_by_test()`.execute(db);
    return async () => {
      await sql`drop trigger refuse_by_test on ${sql.table(table)}`.execute(db);
      await sql`drop function refuse_by_test()`.execute(db);
    };
  }
  await sql`create trigger refuse_by_test before insert on ${sql.table(table)}
    begin select raise(abort, 'refused by test'); end`.execute(db);
  return async () => {
    await sql`drop trigger refuse_by_test`.execute(db);
  };
}

/** Uploads a licence image for a certification application (POST /user/certification-files); answers its id. */
export async function uploadLicenceImage(
  server: TestServer,
  token: string,
  bytes: Uint8Array<ArrayBuffer> = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
  name = '执业证.png',
): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/png' }), name);
  const upload = await fetch(`${server.url}/api/user/certification-files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (upload.status !== 200) throw new Error(`licence upload answered ${upload.status}`);
  return ((await upload.json()) as { data: { id: number } }).data.id;
}
