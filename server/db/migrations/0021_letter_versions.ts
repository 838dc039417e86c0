import type { Kysely } from 'kysely';

/**
 * Letters gain a `version` (issue 18): 1 when written, +1 on every change (a review decision, a
 * resubmission), so a reviewer's decision names the letter it was taken on and an older one is
 * refused (409). `changed_by` / `changed_at` say who made the latest change and when, for the
 * 409's `data: {version, savedBy, savedAt}`. Letters already stored start at 1 and have no
 * recorded changer (their last change is `reviewed_at`, else `submitted_at`).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('law_firm_letters')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('law_firm_letters')
    .addColumn('changed_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.alterTable('law_firm_letters').addColumn('changed_at', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('law_firm_letters').dropColumn('changed_at').execute();
  await db.schema.alterTable('law_firm_letters').dropColumn('changed_by').execute();
  await db.schema.alterTable('law_firm_letters').dropColumn('version').execute();
}
