import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { idColumn } from './portable';

/**
 * A case's parties (issue 19): debtors, co-debtors and guarantors with their ID document,
 * phones, addresses and employer. ID numbers and phones are stored in full (only the reveal
 * call answers them so) and beside each a keyed hash (HMAC-SHA256, hex) of the normalised value,
 * so the case list finds a case by a full number without an index of readable numbers.
 * `pii_keys` holds the hash key used when PII_HASH_SECRET is not set (one row, made here).
 * `pii_access` records every reveal of a full value: who, as which role, which case, party
 * and field, why, when and from where.
 *
 * Existing cases get their main debtor (position 0) from `debtor_name`, name only. Written as it
 * shipped: a migration never changes after that.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('case_parties')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('debtor', 'coDebtor', 'guarantor')`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('id_type', 'text')
    .addColumn('id_number', 'text')
    .addColumn('id_number_hash', 'text')
    .addColumn('employer', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('case_parties_case_idx')
    .on('case_parties')
    .columns(['case_id', 'position'])
    .unique()
    .execute();
  await db.schema
    .createIndex('case_parties_id_hash_idx')
    .on('case_parties')
    .columns(['id_number_hash'])
    .execute();

  await db.schema
    .createTable('party_phones')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('party_id', 'integer', (c) => c.notNull().references('case_parties.id').onDelete('cascade'))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('number_hash', 'text', (c) => c.notNull())
    .addColumn('label', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('valid', 'vacant', 'suspended', 'unknown')`),
    )
    .execute();
  await db.schema.createIndex('party_phones_party_idx').on('party_phones').columns(['party_id']).execute();
  await db.schema.createIndex('party_phones_hash_idx').on('party_phones').columns(['number_hash']).execute();

  await db.schema
    .createTable('party_addresses')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('party_id', 'integer', (c) => c.notNull().references('case_parties.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('household', 'residence', 'work')`))
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('party_addresses_party_idx')
    .on('party_addresses')
    .columns(['party_id'])
    .execute();

  await db.schema
    .createTable('pii_access')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('case_id', 'integer', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('party_id', 'integer', (c) => c.notNull().references('case_parties.id').onDelete('cascade'))
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('phone_id', 'integer')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('client_ip', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pii_access_at_idx').on('pii_access').columns(['at']).execute();
  await db.schema.createIndex('pii_access_user_idx').on('pii_access').columns(['user_id', 'at']).execute();
  await db.schema.createIndex('pii_access_case_idx').on('pii_access').columns(['case_id', 'at']).execute();

  await db.schema
    .createTable('pii_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('pii_keys')
    .values({ id: 1, key: randomBytes(32).toString('hex') })
    .execute();

  // Every existing case's main debtor, by the name the case carries.
  await sql`insert into case_parties (case_id, role, position, name, created_at, updated_at)
    select id, 'debtor', 0, debtor_name, created_at, updated_at from cases order by id`.execute(db);
}

export async function down(db: Db): Promise<void> {
  for (const table of ['pii_keys', 'pii_access', 'party_addresses', 'party_phones', 'case_parties']) {
    await db.schema.dropTable(table).execute();
  }
}
