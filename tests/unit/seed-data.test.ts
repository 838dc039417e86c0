import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CASE_NO_PATTERN, CASE_STATUSES, CASE_TYPES } from '../../contract/cases';
import { isValidCreditCode } from '../../contract/credit-code';
import { REVIEW_STATUSES } from '../../contract/reviews';
import { PROJECT_ROOT } from '../../server/config';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/seed/demo-accounts';
import { DEMO_COUNTS, seedDemoData } from '../../server/seed/seed';
import {
  SEEDED_CASES as CASES,
  countRows,
  distinctValues,
  SEEDED_AT as NOW,
  seedDatabaseForFile,
} from './seeded-database';

// The demo data a fresh database is seeded with; the schema and its migrations are migrations.test.ts'.
const fresh = seedDatabaseForFile('casedesk-seed-');
const db = () => fresh.handle.db;
const count = (table: keyof Database) => countRows(db(), table);
const distinct = (table: 'cases' | 'law_firms' | 'lawyers', column: string) =>
  distinctValues(db(), table, column);

describe('seeding', () => {
  it('creates at least 20 law firms, 60 lawyers and the requested cases', async () => {
    expect(await count('law_firms')).toBeGreaterThanOrEqual(20);
    expect(await count('lawyers')).toBeGreaterThanOrEqual(60);
    expect(await count('cases')).toBe(CASES);
    expect(fresh.seeded).toMatchObject({
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
      'contacts',
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
    // a session's or code's expiry, the day a debtor promised to pay by, a follow-up planned, a plan
    // instalment's due day) may be in the future.
    const aheadByNature =
      /^(entrust_expires_on|court_session_at|expires_at|locked_until|.*_until|promise_due_on|next_follow_up_on|due_on)$/;
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
    expect(fresh.seeded).toMatchObject({
      lawFirms: DEMO_COUNTS.firms,
      lawyers: DEMO_COUNTS.lawyers,
      lawFirmsPassed: await passed('law_firms'),
      lawyersPassed: await passed('lawyers'),
    });
    expect(fresh.seeded.lawyersPassed).toBeLessThan(fresh.seeded.lawyers);
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
      const file = join(fresh.dir, 'uploads', String(r.case_id), r.stored_key);
      return !existsSync(file) || statSync(file).size !== Number(r.size);
    });
    expect(wrong).toEqual([]);
  });

  it('makes the same data from the same seed', async () => {
    const twin = connectDatabase(`sqlite:${join(fresh.dir, 'twin.db')}`, PROJECT_ROOT);
    try {
      await migrateToLatest(twin.db);
      await seedDemoData(twin.db, { cases: CASES, now: NOW });
      const sample = (h: DatabaseHandle) =>
        h.db
          .selectFrom('cases')
          .select(['case_no', 'title', 'amount_fen', 'status', 'region_code'])
          .orderBy('id')
          .execute();
      expect(await sample(twin)).toEqual(await sample(fresh.handle));
    } finally {
      await twin.close();
    }
  });
});
