import { join } from 'node:path';
import { type Kysely, Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrateToLatest, migrationProvider } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { resetDatabase } from '../../server/seed/seed';
import { SEEDED_CASES as CASES, expectKeywordIndexMigration, seedDatabaseForFile } from './seeded-database';

// The schema, its constraints and its migrations up and down; the seeded data is seed-data.test.ts'.
const fresh = seedDatabaseForFile('casedesk-migrate-');
const db = () => fresh.handle.db;
const now = () => new Date().toISOString();

describe('migrating an empty database', () => {
  it('applies every migration in order, and nothing the second time', async () => {
    expect(fresh.applied).toEqual([
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
      '0023_registered_roles',
      '0024_case_parties',
      '0025_case_ledger',
      '0026_contacts',
      '0027_repayment_plans',
      '0028_loan_numbers',
      '0029_sweeps_and_retention',
      '0030_term_counts',
      '0031_creditors_and_batches',
      '0032_menu_known_routes',
      '0033_bulk_jobs',
      '0034_deadlines',
      '0035_routing',
      '0036_descriptor_versions',
      '0037_platform_figures',
      '0038_editing_presence',
      '0039_deadlines_in_hand',
      '0040_batch_figure_statements',
      '0041_redundant_case_indexes',
    ]);
    expect(await migrateToLatest(db())).toEqual([]);
  });

  it('creates a table for every entity the data layer knows', async () => {
    const tables = await sql<{
      name: string;
    }>`select name from sqlite_master where type in ('table', 'view')`.execute(db());
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
      'contacts',
      'contact_refusals',
      'sensitive_words',
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
      'ledger_entries',
      'repayment_plans',
      'plan_instalments',
      'sweep_runs',
      'case_term_counts',
      'deadline_acts',
      'push_lapses',
      'routing_rules',
      'routing_rule_firms',
      'creditors',
      'creditor_fee_rates',
      'case_batches',
      'batch_figures',
      'batch_figure_counts',
      'batch_repaid_days',
      'bulk_jobs',
      'bulk_job_results',
      'ledger_entry_holders',
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
    expect(await pragma(fresh.handle)).toBe(2);
    const relaxed = connectDatabase(`sqlite:${join(fresh.dir, 'normal.db')}`, PROJECT_ROOT, {
      sqliteSynchronous: 'NORMAL',
    });
    try {
      expect(await pragma(relaxed)).toBe(1);
    } finally {
      await relaxed.close();
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
    const other = connectDatabase(`sqlite:${join(fresh.dir, 'lockout.db')}`, PROJECT_ROOT);
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
    const other = connectDatabase(`sqlite:${join(fresh.dir, 'reset.db')}`, PROJECT_ROOT);
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
    await expectKeywordIndexMigration(db(), CASES);
  });
});
