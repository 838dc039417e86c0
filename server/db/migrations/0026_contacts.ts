import { type Kysely, sql } from 'kysely';
import { afterCopyWithIds, idColumn } from './portable';

/**
 * The contact log of a case (issue 19, ARCHITECTURE §8 "Contacts"): every call, SMS, visit,
 * letter or message with a party, when it happened and when it was logged, its outcome, note,
 * promise to pay and next follow-up, and the override reason of a contact recorded against a
 * collection rule. `person_key` (the keyed hash of the party's ID number, else of the phone)
 * with `at` is the index the daily limits count by, across every case.
 *
 * Payment follow-ups (添加跟进) become contacts without a channel: their rows are copied with
 * their ids and `payment_follow_ups` goes. `contact_refusals` keeps the outbound contacts the
 * rules refused; `sensitive_words` the words a note, SMS or letter may not hold, seeded with
 * the usual threats and abuse. Written as it shipped: a migration never changes after that.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

const SEEDED_WORDS = [
  '弄死你',
  '杀了你',
  '砍死你',
  '打死你',
  '去死',
  '找人收拾你',
  '让你好看',
  '不得好死',
  '死全家',
  '要你的命',
  '上门砸',
  '泼油漆',
  '爆通讯录',
  '曝光你全家',
  '让你坐牢',
  '黑社会',
  '王八蛋',
  '混蛋',
  '畜生',
  '他妈的',
  '傻逼',
  '贱人',
  '滚蛋',
  '废物',
];

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('contacts')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('party_id', 'integer', (c) => c.references('case_parties.id').onDelete('set null'))
    .addColumn('channel', 'text', (c) =>
      c.check(sql`channel in ('call', 'sms', 'visit', 'letter', 'wechat', 'other')`),
    )
    .addColumn('phone_id', 'integer', (c) => c.references('party_phones.id').onDelete('set null'))
    .addColumn('direction', 'text', (c) => c.check(sql`direction in ('outbound', 'inbound')`))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('logged_at', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .addColumn('payment_status', 'text', (c) =>
      c.check(sql`payment_status in ('unpaid', 'promised', 'partial', 'paid')`),
    )
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('promise_amount_fen', 'bigint')
    .addColumn('promise_due_on', 'text')
    .addColumn('next_follow_up_on', 'text')
    .addColumn('override_rule', 'text')
    .addColumn('override_reason', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('law_firm_id', 'integer', (c) => c.references('law_firms.id'))
    .addColumn('person_key', 'text')
    .execute();
  await db.schema.createIndex('contacts_case_idx').on('contacts').columns(['case_id', 'at']).execute();
  await db.schema.createIndex('contacts_person_idx').on('contacts').columns(['person_key', 'at']).execute();
  await db.schema.createIndex('contacts_at_idx').on('contacts').columns(['at']).execute();
  await db.schema
    .createIndex('contacts_promise_idx')
    .on('contacts')
    .columns(['promise_due_on'])
    .where(sql.ref('promise_due_on'), 'is not', null)
    .execute();

  await db.schema
    .createTable('contact_refusals')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('party_id', 'integer', (c) => c.references('case_parties.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('law_firm_id', 'integer', (c) => c.references('law_firms.id'))
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_refusals_at_idx').on('contact_refusals').columns(['at']).execute();

  await db.schema
    .createTable('sensitive_words')
    .addColumn('word', 'text', (c) => c.primaryKey())
    .execute();
  await db
    .insertInto('sensitive_words')
    .values(SEEDED_WORDS.map((word) => ({ word })))
    .execute();

  await sql`insert into contacts (id, case_id, at, logged_at, payment_status, note, created_by)
    select id, case_id, followed_at, followed_at, payment_status, note, operator_id
    from payment_follow_ups order by id`.execute(db);
  await afterCopyWithIds(db, 'contacts');
  await db.schema.dropTable('payment_follow_ups').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema
    .createTable('payment_follow_ups')
    .addColumn('id', 'integer', idColumn(db))
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
  await db.schema
    .createIndex('payment_follow_ups_followed_idx')
    .on('payment_follow_ups')
    .columns(['followed_at'])
    .execute();
  await sql`insert into payment_follow_ups (id, case_id, followed_at, note, payment_status, operator_id)
    select id, case_id, at, note, payment_status, created_by from contacts
    where payment_status is not null order by id`.execute(db);
  await afterCopyWithIds(db, 'payment_follow_ups');
  for (const table of ['sensitive_words', 'contact_refusals', 'contacts']) {
    await db.schema.dropTable(table).execute();
  }
}
