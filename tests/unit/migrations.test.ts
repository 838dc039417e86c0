import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_NO_PATTERN, CASE_STATUSES, CASE_TYPES } from '../../contract/cases';
import { isValidCreditCode } from '../../contract/credit-code';
import { REVIEW_STATUSES } from '../../contract/reviews';
import { termsOf } from '../../server/cases/search-terms';
import { PROJECT_ROOT } from '../../server/config';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrateToLatest, migrationProvider } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/seed/demo-accounts';
import { DEMO_COUNTS, resetDatabase, type SeedCounts, seedDemoData } from '../../server/seed/seed';
import { directoryStorage } from '../../server/storage/directory';

const CASES = 300;
const NOW = new Date('2026-06-01T08:00:00Z');

let dir: string;
let handle: DatabaseHandle;
let applied: string[];
let seeded: SeedCounts;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'casedesk-migrate-'));
  handle = connectDatabase(`sqlite:${join(dir, 'fresh.db')}`, PROJECT_ROOT);
  applied = await migrateToLatest(handle.db);
  seeded = await seedDemoData(handle.db, {
    cases: CASES,
    now: NOW,
    storage: directoryStorage(join(dir, 'uploads')),
  });
});
afterAll(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

const db = () => handle.db;

async function count(table: keyof Database) {
  const row = await db()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function distinct(table: 'cases' | 'law_firms' | 'lawyers', column: string) {
  const rows = await sql<{
    v: string;
  }>`select distinct ${sql.ref(column)} as v from ${sql.table(table)}`.execute(db());
  return rows.rows.map((r) => r.v).sort();
}

const now = () => new Date().toISOString();

describe('migrating an empty database', () => {
  it('applies every migration in order, and nothing the second time', async () => {
    expect(applied).toEqual([
      '0001_initial',
      '0002_sms_withheld',
      '0003_cases',
      '0005_page_descriptors',
      '0007_operations',
      '0008_attachment_files',
      '0009_lockout_per_client',
      '0010_case_journey',
      '0011_case_imports',
      '0012_letters_and_certification_review',
      '0013_stream_tickets',
      '0014_text_search',
      '0015_stored_files',
      '0016_shared_counters',
      '0017_case_terms',
      '0018_import_owners',
      '0020_returned_position',
      '0021_letter_versions',
      '0022_review_versions',
      '0024_case_parties',
    ]);
    expect(await migrateToLatest(db())).toEqual([]);
  });

  it('creates a table for every entity the data layer knows', async () => {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
      db(),
    );
    const names = tables.rows.map((t) => t.name);
    const expected: Array<keyof Database> = [
      'users',
      'user_roles',
      'sessions',
      'login_failures',
      'login_locks',
      'sms_outbox',
      'law_firms',
      'lawyers',
      'cases',
      'case_attachments',
      'payment_follow_ups',
      'repayments',
      'case_pushes',
      'law_firm_letters',
      'certifications',
      'messages',
      'devices',
      'wallets',
      'wallet_transactions',
      'menus',
      'audit_log',
      'case_imports',
      'case_import_rows',
      'throttle_windows',
      'case_terms',
      'case_parties',
      'party_phones',
      'party_addresses',
      'pii_access',
    ];
    expect(names).toEqual(expect.arrayContaining(expected));
  });

  it('runs SQLite with WAL, foreign keys and a busy timeout', async () => {
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(db())).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBeGreaterThan(0);
  });

  it('syncs every commit to disk (synchronous=FULL) unless told otherwise', async () => {
    const pragma = async (h: DatabaseHandle) =>
      Object.values((await sql.raw('pragma synchronous').execute(h.db)).rows[0] as object)[0];
    // 2 is FULL, 1 is NORMAL.
    expect(await pragma(handle)).toBe(2);
    const relaxed = connectDatabase(`sqlite:${join(dir, 'normal.db')}`, PROJECT_ROOT, {
      sqliteSynchronous: 'NORMAL',
    });
    try {
      expect(await pragma(relaxed)).toBe(1);
    } finally {
      await relaxed.close();
    }
  });
});

describe('seeding', () => {
  it('creates at least 20 law firms, 60 lawyers and the requested cases', async () => {
    expect(await count('law_firms')).toBeGreaterThanOrEqual(20);
    expect(await count('lawyers')).toBeGreaterThanOrEqual(60);
    expect(await count('cases')).toBe(CASES);
    expect(seeded).toMatchObject({
      cases: CASES,
      lawFirms: await count('law_firms'),
      lawyers: expect.any(Number),
    });
  });

  it('creates the six demo accounts with their roles', async () => {
    const rows = await db()
      .selectFrom('users')
      .select(['phone', 'role', 'enabled'])
      .where(
        'phone',
        'in',
        DEMO_ACCOUNTS.map((a) => a.phone),
      )
      .orderBy('phone')
      .execute();
    expect(rows).toEqual(DEMO_ACCOUNTS.map((a) => ({ phone: a.phone, role: a.role, enabled: 1 })));
    const extra = await db()
      .selectFrom('user_roles')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .select('user_roles.role')
      .where('users.phone', '=', '13800000002')
      .execute();
    expect(extra.map((r) => r.role).sort()).toEqual(['bussinessOperation', 'caseOperation']);
  });

  it('spreads the cases over every status and every type', async () => {
    expect(await distinct('cases', 'status')).toEqual([...CASE_STATUSES].sort());
    expect(await distinct('cases', 'type')).toEqual([...CASE_TYPES].sort());
  });

  it('has firms and lawyers in every review status', async () => {
    expect(await distinct('law_firms', 'review_status')).toEqual([...REVIEW_STATUSES].sort());
    expect(await distinct('lawyers', 'review_status')).toEqual([...REVIEW_STATUSES].sort());
  });

  it('writes case numbers of two capital letters and eight digits', async () => {
    const rows = await db().selectFrom('cases').select('case_no').execute();
    expect(rows.every((r) => CASE_NO_PATTERN.test(r.case_no))).toBe(true);
  });

  it('fills the records around the cases', async () => {
    for (const table of [
      'case_attachments',
      'payment_follow_ups',
      'repayments',
      'case_pushes',
      'law_firm_letters',
      'certifications',
      'messages',
      'devices',
      'wallets',
      'wallet_transactions',
      'menus',
    ] as const) {
      expect(await count(table), table).toBeGreaterThan(0);
    }
  });

  it('gives every firm a credit code with a valid check character', async () => {
    const firms = await db().selectFrom('law_firms').select('credit_code').execute();
    expect(firms.length).toBeGreaterThan(0);
    expect(firms.filter((f) => !isValidCreditCode(f.credit_code))).toEqual([]);
    const first = firms[0].credit_code;
    const other = first[17] === '0' ? '1' : '0';
    expect(isValidCreditCode(first.slice(0, 17) + other)).toBe(false);
  });

  it('keeps wallet balances equal to their transactions', async () => {
    const rows = await sql<{ balance: number; total: number }>`
      select w.balance_fen as balance, coalesce(sum(t.amount_fen), 0) as total
      from wallets w left join wallet_transactions t on t.wallet_id = w.id group by w.id`.execute(db());
    expect(rows.rows.filter((r) => Number(r.balance) !== Number(r.total))).toEqual([]);
  });

  it('dates no seeded row after the moment it was seeded', async () => {
    // Every date column of every table, found from the schema so a new table is checked too;
    // only dates that lie ahead by nature (an entrustment's expiry, a scheduled court session,
    // a session's or code's expiry) may be in the future.
    const aheadByNature = /^(entrust_expires_on|court_session_at|expires_at|locked_until|.*_until)$/;
    const tables = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(
      db(),
    );
    const future: string[] = [];
    let checked = 0;
    for (const { name } of tables.rows) {
      const columns = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db());
      for (const column of columns.rows.map((c) => c.name)) {
        if (!/_(at|on)$/.test(column) || aheadByNature.test(column)) continue;
        checked++;
        const row = await sql<{ latest: string | null }>`
          select max(${sql.ref(column)}) as latest from ${sql.table(name)}`.execute(db());
        const latest = row.rows[0]?.latest;
        // A date (YYYY-MM-DD) is compared with the seed's own date, a time with its moment.
        const limit = latest && latest.length === 10 ? NOW.toISOString().slice(0, 10) : NOW.toISOString();
        if (latest && latest > limit) future.push(`${name}.${column} = ${latest}`);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(future).toEqual([]);
  });

  it('seeds the firms and lawyers the README states, and says how many passed review', async () => {
    // README.md: "(22 law firms, 64\nlawyers, 2,000 cases ..."; the numbers are read from it.
    const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
    const stated = /\((\d+) law firms, (\d+)\s+lawyers, ([\d,]+) cases/.exec(readme);
    expect(stated, 'README states the seeded counts').not.toBeNull();
    const [, firms, lawyers, cases] = stated ?? [];
    expect({
      firms: Number(firms),
      lawyers: Number(lawyers),
      cases: Number(cases.replace(/,/g, '')),
    }).toEqual(DEMO_COUNTS);
    expect(await count('law_firms')).toBe(DEMO_COUNTS.firms);
    expect(await count('lawyers')).toBe(DEMO_COUNTS.lawyers);
    const passed = async (table: 'law_firms' | 'lawyers') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .where('review_status', '=', 'passed')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // What npm start logs is what is stored: every firm and lawyer, and those who passed.
    expect(seeded).toMatchObject({
      lawFirms: DEMO_COUNTS.firms,
      lawyers: DEMO_COUNTS.lawyers,
      lawFirmsPassed: await passed('law_firms'),
      lawyersPassed: await passed('lawyers'),
    });
    expect(seeded.lawyersPassed).toBeLessThan(seeded.lawyers);
  });

  it('reviews nothing before it was submitted', async () => {
    const early: string[] = [];
    const firms = await db().selectFrom('law_firms').select(['id', 'created_at', 'reviewed_at']).execute();
    for (const f of firms)
      if (f.reviewed_at !== null && f.reviewed_at < f.created_at) early.push(`law_firms ${f.id}`);
    const lawyers = await db().selectFrom('lawyers').select(['id', 'created_at', 'reviewed_at']).execute();
    for (const l of lawyers)
      if (l.reviewed_at !== null && l.reviewed_at < l.created_at) early.push(`lawyers ${l.id}`);
    const letters = await db()
      .selectFrom('law_firm_letters')
      .select(['id', 'submitted_at', 'reviewed_at'])
      .execute();
    for (const l of letters)
      if (l.reviewed_at !== null && l.reviewed_at < l.submitted_at) early.push(`letters ${l.id}`);
    const certifications = await db()
      .selectFrom('certifications')
      .select(['id', 'user_id', 'submitted_at', 'reviewed_at'])
      .orderBy('user_id')
      .orderBy('id')
      .execute();
    for (const c of certifications)
      if (c.reviewed_at !== null && c.reviewed_at < c.submitted_at) early.push(`certifications ${c.id}`);
    // An applicant's next application came in after the previous one was decided.
    certifications.forEach((c, i) => {
      const before = certifications[i - 1];
      if (before?.user_id === c.user_id && c.submitted_at < (before.reviewed_at ?? before.submitted_at))
        early.push(`certifications ${c.id} before ${before.id} was decided`);
    });
    expect(letters.some((l) => l.reviewed_at !== null)).toBe(true);
    expect(certifications.some((c) => c.reviewed_at !== null)).toBe(true);
    expect(early).toEqual([]);
  });

  it('names courts as real ones are named', async () => {
    const rows = await db().selectFrom('cases').select('court').where('court', 'is not', null).execute();
    const courts = rows.map((r) => r.court ?? '');
    expect(courts.length).toBeGreaterThan(20);
    const odd = courts.filter(
      (c) =>
        !/^[\u4e00-\u9fa5]+(区|县|市|旗)人民法院$|^[\u4e00-\u9fa5]+中级人民法院$/.test(c) ||
        // A prefecture is not a city (the old 红河哈尼族彝族自治州市个旧市), placeholders are no place.
        /(自治州|地区|盟)市|市辖区|省直辖县|^县|直辖县级|镇人民法院|街道|开发区|管理区|园区/.test(c),
    );
    expect(odd).toEqual([]);
    expect(courts.some((c) => c.endsWith('中级人民法院'))).toBe(true);
    expect(courts.some((c) => /(区|县|市|旗)人民法院$/.test(c))).toBe(true);
  });

  it('answers every accepted push after it was pushed, and leaves waiting pushes unanswered', async () => {
    const pushes = await db()
      .selectFrom('case_pushes')
      .select(['id', 'push_status', 'pushed_at', 'answered_at'])
      .execute();
    const accepted = pushes.filter((p) => p.push_status === 'accepted');
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.filter((p) => !p.answered_at || p.answered_at < p.pushed_at)).toEqual([]);
    expect(accepted.filter((p) => (p.answered_at ?? '') > NOW.toISOString())).toEqual([]);
    expect(pushes.filter((p) => p.push_status === 'pushed' && p.answered_at !== null)).toEqual([]);
  });

  it('gives every seeded attachment its file, of the size the row says', async () => {
    const rows = await db()
      .selectFrom('case_attachments')
      .select(['case_id', 'stored_key', 'size'])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    const wrong = rows.filter((r) => {
      if (!r.stored_key) return true;
      const file = join(dir, 'uploads', String(r.case_id), r.stored_key);
      return !existsSync(file) || statSync(file).size !== Number(r.size);
    });
    expect(wrong).toEqual([]);
  });

  it('makes the same data from the same seed', async () => {
    const twin = connectDatabase(`sqlite:${join(dir, 'twin.db')}`, PROJECT_ROOT);
    try {
      await migrateToLatest(twin.db);
      await seedDemoData(twin.db, { cases: CASES, now: NOW });
      const sample = (h: DatabaseHandle) =>
        h.db
          .selectFrom('cases')
          .select(['case_no', 'title', 'amount_fen', 'status', 'region_code'])
          .orderBy('id')
          .execute();
      expect(await sample(twin)).toEqual(await sample(handle));
    } finally {
      await twin.close();
    }
  });
});

describe('constraints', () => {
  const user = (phone: string, accountId: string) => ({
    phone,
    password_hash: 'x',
    name: '约束测试',
    role: 'admin',
    registered_at: now(),
    account_id: accountId,
    updated_at: now(),
  });

  it('refuses a second account with the same phone', async () => {
    await expect(
      db().insertInto('users').values(user('13800000001', 'CDTEST0001')).execute(),
    ).rejects.toThrow(/UNIQUE constraint failed: users\.phone/);
  });

  it('refuses a second firm with the same credit code', async () => {
    const firm = await db().selectFrom('law_firms').selectAll().executeTakeFirstOrThrow();
    const { id: _, ...copy } = firm;
    await expect(
      db()
        .insertInto('law_firms')
        .values({ ...copy, name: '另一家' })
        .execute(),
    ).rejects.toThrow(/UNIQUE constraint failed: law_firms\.credit_code/);
  });

  it.each([
    ['a case status outside the four', sql`update cases set status = 'archived' where id = 1`],
    ['a case type outside the six', sql`update cases set type = 'family' where id = 1`],
    ['a negative claim', sql`update cases set amount_fen = -1 where id = 1`],
    ['an unknown review status', sql`update law_firms set review_status = 'maybe' where id = 1`],
    ['an unknown lawyer review status', sql`update lawyers set review_status = 'maybe' where id = 1`],
    ['an unknown message type', sql`update messages set type = 'spam' where id = 1`],
    ['a message status other than 0 or 1', sql`update messages set status = 2 where id = 1`],
    ['an enabled flag other than 0 or 1', sql`update users set enabled = 2 where id = 1`],
    [
      'an introduction over 200 characters',
      sql`update users set introduction = ${'律'.repeat(201)} where id = 1`,
    ],
    [
      'an unknown SMS purpose',
      sql`insert into sms_outbox (phone, purpose, code, message, created_at, expires_at)
          values ('13800000001', 'login', '123456', 'x', '2026-01-01', '2026-01-01')`,
    ],
    ['a negative wallet balance', sql`update wallets set balance_fen = -1 where id = 1`],
  ])('refuses %s (CHECK)', async (_, statement) => {
    await expect(statement.execute(db())).rejects.toThrow(/CHECK constraint failed/);
  });

  it('refuses a lawyer in a firm that does not exist (foreign key)', async () => {
    const lawyer = await db().selectFrom('lawyers').select('id').executeTakeFirstOrThrow();
    await expect(
      db().updateTable('lawyers').set({ law_firm_id: 999_999 }).where('id', '=', lawyer.id).execute(),
    ).rejects.toThrow(/FOREIGN KEY constraint failed/);
  });
});

describe('0009: lockout per client address', () => {
  it('keeps a lock from before as a lock of the phone from every address, and back', async () => {
    const other = connectDatabase(`sqlite:${join(dir, 'lockout.db')}`, PROJECT_ROOT);
    const migrator = new Migrator({ db: other.db, provider: migrationProvider });
    try {
      expect((await migrator.migrateTo('0008_attachment_files')).error).toBeUndefined();
      const legacy = other.db as unknown as Kysely<{
        login_locks: { phone: string; locked_until: string };
        login_failures: { phone: string; failed_at: string };
      }>;
      await legacy
        .insertInto('login_locks')
        .values({ phone: '13800000003', locked_until: '2026-06-01T08:15:00.000Z' })
        .execute();
      await legacy
        .insertInto('login_failures')
        .values({ phone: '13800000004', failed_at: '2026-06-01T08:00:00.000Z' })
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await other.db.selectFrom('login_locks').selectAll().execute()).toEqual([
        { phone: '13800000003', client_address: '*', locked_until: '2026-06-01T08:15:00.000Z' },
      ]);
      expect(
        await other.db.selectFrom('login_failures').select(['phone', 'client_address']).execute(),
      ).toEqual([{ phone: '13800000004', client_address: '' }]);

      await other.db
        .insertInto('login_locks')
        .values({
          phone: '13800000003',
          client_address: '203.0.113.7',
          locked_until: '2026-06-01T08:30:00.000Z',
        })
        .execute();
      expect((await migrator.migrateTo('0008_attachment_files')).error).toBeUndefined();
      expect(await legacy.selectFrom('login_locks').selectAll().execute()).toEqual([
        { phone: '13800000003', locked_until: '2026-06-01T08:30:00.000Z' },
      ]);
    } finally {
      await other.close();
    }
  });
});

describe('resetting', () => {
  it('empties every table and leaves the schema at the latest migration', async () => {
    const other = connectDatabase(`sqlite:${join(dir, 'reset.db')}`, PROJECT_ROOT);
    try {
      await migrateToLatest(other.db);
      await other.db
        .insertInto('law_firms')
        .values({
          name: '待清空',
          region_code: '440300',
          credit_code: '91350100M000100Y43',
          contact_name: '某人',
          contact_phone: '13900000000',
          review_status: 'passed',
          created_at: now(),
          updated_at: now(),
        })
        .execute();
      await resetDatabase(other.db);
      const firms = await other.db.selectFrom('law_firms').select('id').execute();
      expect(firms).toEqual([]);
      expect(await migrateToLatest(other.db)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('0017: the keyword index', () => {
  it('indexes the cases already stored when it is added, and goes away on the way down', async () => {
    const migrator = new Migrator({ db: db(), provider: migrationProvider });
    const expected = async () =>
      (await db().selectFrom('cases').select(['id', 'title', 'debtor_name', 'client_name']).execute())
        .flatMap((c) => termsOf(c).map((term) => `${c.id}:${term}`))
        .sort();
    const stored = async () =>
      (await db().selectFrom('case_terms').select(['case_id', 'term']).execute())
        .map((r) => `${r.case_id}:${r.term}`)
        .sort();
    const seeded = await expected();
    expect(seeded.length).toBeGreaterThan(CASES);
    expect(await stored()).toEqual(seeded);
    expect((await migrator.migrateTo('0016_shared_counters')).error).toBeUndefined();
    await expect(stored()).rejects.toThrow();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await stored()).toEqual(seeded);
  });
});
