import type { Kysely } from 'kysely';

/**
 * Letters written in the product: which template, what it says (a JSON snapshot of the case's
 * facts and the lawyer's own paragraph, contract/letters.ts `LetterFields`) and who wrote it.
 * The PDF is rendered from that snapshot on demand, so no file is stored. Rows from before
 * (the demo data) have none of these. Certifications get a reviewer and a rejection reason,
 * like every other review.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('law_firm_letters').addColumn('template', 'text').execute();
  await db.schema.alterTable('law_firm_letters').addColumn('fields', 'text').execute();
  await db.schema
    .alterTable('law_firm_letters')
    .addColumn('lawyer_id', 'integer', (c) => c.references('lawyers.id'))
    .execute();
  await db.schema
    .createIndex('law_firm_letters_lawyer_idx')
    .on('law_firm_letters')
    .columns(['lawyer_id', 'status'])
    .execute();
  await db.schema
    .alterTable('certifications')
    .addColumn('reviewer_id', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.alterTable('certifications').addColumn('reason', 'text').execute();
  await db.schema
    .createIndex('certifications_status_idx')
    .on('certifications')
    .columns(['status', 'submitted_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('certifications_status_idx').execute();
  await db.schema.alterTable('certifications').dropColumn('reason').execute();
  await db.schema.alterTable('certifications').dropColumn('reviewer_id').execute();
  await db.schema.dropIndex('law_firm_letters_lawyer_idx').execute();
  await db.schema.alterTable('law_firm_letters').dropColumn('lawyer_id').execute();
  await db.schema.alterTable('law_firm_letters').dropColumn('fields').execute();
  await db.schema.alterTable('law_firm_letters').dropColumn('template').execute();
}
