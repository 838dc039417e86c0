import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { idColumn } from './portable';

/**
 * Every entity of the product. Types are portable (integer, bigint, text); timestamps are
 * ISO-8601 text so SQLite and PostgreSQL sort and compare them the same way.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

function withId<T extends string>(db: Db, table: CreateTableBuilder<T, never>) {
  return table.addColumn('id', 'integer', idColumn(db));
}

export async function up(db: Db): Promise<void> {
  await withId(db, db.schema.createTable('law_firms'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('region_code', 'text', (c) => c.notNull())
    .addColumn('credit_code', 'text', (c) => c.notNull().unique())
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('contact_phone', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('review_status', 'text', (c) =>
      c.notNull().check(sql`review_status in ('auditing', 'passed', 'rejected')`),
    )
    .addColumn('review_reason', 'text')
    .addColumn('reviewer_id', 'integer')
    .addColumn('reviewed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('phone', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1).check(sql`enabled in (0, 1)`))
    .addColumn('law_firm_id', 'integer', (c) => c.references('law_firms.id'))
    .addColumn('avatar', 'text')
    .addColumn('email', 'text')
    .addColumn('nickname', 'text')
    .addColumn('country_region', 'text')
    .addColumn('area', 'text')
    .addColumn('address', 'text')
    .addColumn('introduction', 'text', (c) => c.check(sql`length(introduction) <= 200`))
    .addColumn('website', 'text')
    .addColumn('registered_at', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().unique())
    .addColumn('certification', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_role_idx').on('users').columns(['role', 'id']).execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id']).execute();

  await withId(db, db.schema.createTable('login_failures'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_phone_idx')
    .on('login_failures')
    .columns(['phone', 'failed_at'])
    .execute();

  await db.schema
    .createTable('login_locks')
    .addColumn('phone', 'text', (c) => c.primaryKey())
    .addColumn('locked_until', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('sms_outbox'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('register', 'reset', 'bind')`))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('sms_outbox_phone_idx')
    .on('sms_outbox')
    .columns(['phone', 'purpose', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('lawyers'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('licence_no', 'text', (c) => c.notNull().unique())
    .addColumn('law_firm_id', 'integer', (c) => c.notNull().references('law_firms.id'))
    .addColumn('review_status', 'text', (c) =>
      c.notNull().check(sql`review_status in ('auditing', 'passed', 'rejected')`),
    )
    .addColumn('review_reason', 'text')
    .addColumn('reviewer_id', 'integer')
    .addColumn('reviewed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lawyers_firm_idx').on('lawyers').columns(['law_firm_id']).execute();

  await withId(db, db.schema.createTable('cases'))
    .addColumn('case_no', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`type in ('civil', 'criminal', 'administrative', 'commercial', 'litigation', 'arbitration')`,
        ),
    )
    .addColumn('debtor_name', 'text', (c) => c.notNull())
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('region_code', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull().check(sql`amount_fen >= 0`))
    .addColumn('entrust_expires_on', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'processing', 'suspended', 'closed')`),
    )
    .addColumn('close_result', 'text', (c) =>
      c.check(sql`close_result is null or close_result in ('mediated', 'repaid', 'failed', 'withdrawn')`),
    )
    .addColumn('suspend_reason', 'text')
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('lawyer_id', 'integer', (c) => c.references('lawyers.id'))
    .addColumn('law_firm_id', 'integer', (c) => c.references('law_firms.id'))
    .addColumn('court', 'text')
    .addColumn('court_session_at', 'text')
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // Indexes shaped after the case list's filters and sorts (status + region, newest first).
  await db.schema
    .createIndex('cases_status_region_created_idx')
    .on('cases')
    .columns(['status', 'region_code', 'created_at'])
    .execute();
  await db.schema.createIndex('cases_created_idx').on('cases').columns(['created_at']).execute();
  await db.schema
    .createIndex('cases_lawyer_idx')
    .on('cases')
    .columns(['lawyer_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('cases_firm_idx')
    .on('cases')
    .columns(['law_firm_id', 'status', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('case_attachments'))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('case_attachments_case_idx')
    .on('case_attachments')
    .columns(['case_id'])
    .execute();

  await withId(db, db.schema.createTable('payment_follow_ups'))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('followed_at', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('payment_status', 'text', (c) =>
      c.notNull().check(sql`payment_status in ('unpaid', 'promised', 'partial', 'paid')`),
    )
    .addColumn('operator_id', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema
    .createIndex('payment_follow_ups_case_idx')
    .on('payment_follow_ups')
    .columns(['case_id', 'followed_at'])
    .execute();

  await withId(db, db.schema.createTable('repayments'))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('amount_fen', 'bigint', (c) => c.notNull().check(sql`amount_fen > 0`))
    .addColumn('repaid_on', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('repayments_case_idx').on('repayments').columns(['case_id']).execute();

  await withId(db, db.schema.createTable('case_pushes'))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('law_firm_id', 'integer', (c) => c.notNull().references('law_firms.id'))
    .addColumn('pushed_at', 'text', (c) => c.notNull())
    .addColumn('push_status', 'text', (c) =>
      c.notNull().check(sql`push_status in ('pending', 'accepted', 'rejected')`),
    )
    .addColumn('operator_id', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('case_pushes_case_idx').on('case_pushes').columns(['case_id']).execute();
  await db.schema
    .createIndex('case_pushes_firm_idx')
    .on('case_pushes')
    .columns(['law_firm_id', 'pushed_at'])
    .execute();

  await withId(db, db.schema.createTable('law_firm_letters'))
    .addColumn('law_firm_id', 'integer', (c) => c.notNull().references('law_firms.id'))
    .addColumn('case_id', 'integer', (c) => c.references('cases.id'))
    .addColumn('letter_no', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('file_url', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('auditing', 'passed', 'rejected')`))
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addColumn('reviewer_id', 'integer', (c) => c.references('users.id'))
    .addColumn('reviewed_at', 'text')
    .addColumn('reason', 'text')
    .execute();
  await db.schema
    .createIndex('law_firm_letters_status_idx')
    .on('law_firm_letters')
    .columns(['status', 'submitted_at'])
    .execute();

  await withId(db, db.schema.createTable('certifications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('cert_type', 'text', (c) => c.notNull())
    .addColumn('enterprise_name', 'text', (c) => c.notNull())
    .addColumn('enterprise_cert_type', 'text', (c) => c.notNull())
    .addColumn('credit_code', 'text', (c) => c.notNull())
    .addColumn('legal_person_name', 'text', (c) => c.notNull())
    .addColumn('legal_person_id_type', 'text', (c) => c.notNull())
    .addColumn('legal_person_id_number', 'text', (c) => c.notNull())
    .addColumn('contact_phone', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('auditing', 'passed', 'rejected', 'withdrawn')`),
    )
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addColumn('reviewed_at', 'text')
    .execute();
  await db.schema.createIndex('certifications_user_idx').on('certifications').columns(['user_id']).execute();

  await withId(db, db.schema.createTable('messages'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('message', 'notice', 'todo')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0).check(sql`status in (0, 1)`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('messages_user_idx')
    .on('messages')
    .columns(['user_id', 'status', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('devices'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_uid', 'text', (c) => c.notNull().unique())
    .addColumn('device_name', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('bound_at', 'text', (c) => c.notNull())
    .addColumn('last_active_at', 'text')
    .addColumn('unbound_at', 'text')
    .execute();
  await db.schema.createIndex('devices_user_idx').on('devices').columns(['user_id']).execute();

  await withId(db, db.schema.createTable('wallets'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('balance_fen', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`balance_fen >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('CNY'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('wallet_transactions'))
    .addColumn('wallet_id', 'integer', (c) => c.notNull().references('wallets.id').onDelete('cascade'))
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('balance_after_fen', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('recharge', 'fee', 'reward', 'withdraw', 'refund')`),
    )
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wallet_transactions_wallet_idx')
    .on('wallet_transactions')
    .columns(['wallet_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('menus')
    .addColumn('role', 'text', (c) => c.primaryKey())
    .addColumn('tree', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('actor_id', 'integer')
    .addColumn('actor_role', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_entity_idx')
    .on('audit_log')
    .columns(['entity', 'entity_id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'audit_log',
    'menus',
    'wallet_transactions',
    'wallets',
    'devices',
    'messages',
    'certifications',
    'law_firm_letters',
    'case_pushes',
    'repayments',
    'payment_follow_ups',
    'case_attachments',
    'cases',
    'lawyers',
    'sms_outbox',
    'login_locks',
    'login_failures',
    'sessions',
    'user_roles',
    'users',
    'law_firms',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
