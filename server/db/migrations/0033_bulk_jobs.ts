import { type Kysely, sql } from 'kysely';
import { idColumn } from './portable';

/**
 * Bulk jobs (server/cases/bulk-jobs/): one row per job of many cases (push, route, assign,
 * close) with who started it in which role, what it selected (the case list's filter, or ids),
 * its parameters, its counts and, while it runs, the process that claimed it and its heartbeat.
 * `bulk_job_results` holds one row per selected case from the start (`ok` null: not yet done),
 * so the job's cases are fixed when it is started and a job cut short says which it finished.
 * Written as it shipped: a migration never changes after that.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('bulk_jobs')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('action', 'text', (c) =>
      c.notNull().check(sql`action in ('push', 'route', 'assign', 'close')`),
    )
    .addColumn('started_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('selection', 'text', (c) => c.notNull())
    .addColumn('parameters', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('queued', 'running', 'done', 'failed')`),
    )
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('succeeded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure', 'text')
    .addColumn('owner', 'text')
    .addColumn('heartbeat_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('bulk_jobs_starter_idx')
    .on('bulk_jobs')
    .columns(['started_by', 'status'])
    .execute();
  await db.schema.createIndex('bulk_jobs_status_idx').on('bulk_jobs').columns(['status']).execute();

  await db.schema
    .createTable('bulk_job_results')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('job_id', 'integer', (c) => c.notNull().references('bulk_jobs.id').onDelete('cascade'))
    .addColumn('case_id', 'integer', (c) => c.notNull())
    .addColumn('ok', 'integer')
    .addColumn('code', 'text')
    .addColumn('params', 'text')
    .execute();
  await db.schema
    .createIndex('bulk_job_results_job_idx')
    .on('bulk_job_results')
    .columns(['job_id', 'id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('bulk_job_results').execute();
  await db.schema.dropTable('bulk_jobs').execute();
}
