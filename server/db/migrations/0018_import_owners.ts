import type { Kysely } from 'kysely';

/**
 * Who runs a case import, and since when it last said so (server/cases/imports/run.ts): `owner`
 * names the process (host, pid and a boot id of its own), `heartbeat_at` is refreshed while the
 * job runs, and `temp_file` is the name of its uploaded file in this host's `import-tmp`. A
 * process starting fails only the running imports whose heartbeat is stale or whose owner was
 * an earlier process on its own host that is gone; imports older than this migration have
 * neither and count as stale.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('case_imports').addColumn('owner', 'text').execute();
  await db.schema.alterTable('case_imports').addColumn('heartbeat_at', 'text').execute();
  await db.schema.alterTable('case_imports').addColumn('temp_file', 'text').execute();
  await db.schema.createIndex('case_imports_status_idx').on('case_imports').column('status').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('case_imports_status_idx').execute();
  await db.schema.alterTable('case_imports').dropColumn('temp_file').execute();
  await db.schema.alterTable('case_imports').dropColumn('heartbeat_at').execute();
  await db.schema.alterTable('case_imports').dropColumn('owner').execute();
}
