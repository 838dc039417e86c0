import { type Kysely, sql } from 'kysely';
import { idColumn } from './portable';

/**
 * Repayment plans (issue 19, server/cases/plans/): a plan per proposal with its instalments.
 * `repaid_base_fen` is what the case had repaid when the plan became active: repayments after
 * that fill its instalments in order. `fields` is what the agreement (分期还款协议) prints,
 * copied when the plan is proposed; `pdf_key` its stored PDF. At most one plan per case is open
 * (waiting for approval, active or broken): a partial unique index, so two processes proposing
 * at once cannot both succeed. `cases.plan_status` is the status of the case's latest plan, for
 * the case lists' column and filter (`planStatus`).
 *
 * Written as it shipped: a migration never changes after that.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

const PLAN_STATUS_CHECK = sql`status in ('pendingApproval', 'active', 'broken', 'completed', 'rejected')`;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('repayment_plans')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(PLAN_STATUS_CHECK))
    .addColumn('total_fen', 'bigint', (c) => c.notNull().check(sql`total_fen > 0`))
    .addColumn('outstanding_fen', 'bigint', (c) => c.notNull())
    .addColumn('repaid_base_fen', 'bigint')
    .addColumn('reason', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('proposed_by', 'integer', (c) => c.references('users.id'))
    .addColumn('reviewer_id', 'integer', (c) => c.references('users.id'))
    .addColumn('reviewed_at', 'text')
    .addColumn('review_reason', 'text')
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('pdf_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('activated_at', 'text')
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema
    .createIndex('repayment_plans_case_idx')
    .on('repayment_plans')
    .columns(['case_id'])
    .execute();
  await db.schema
    .createIndex('repayment_plans_status_idx')
    .on('repayment_plans')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('repayment_plans_open_idx')
    .on('repayment_plans')
    .column('case_id')
    .unique()
    .where(sql.ref('status'), 'in', ['pendingApproval', 'active', 'broken'])
    .execute();

  await db.schema
    .createTable('plan_instalments')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('repayment_plans.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('due_on', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull().check(sql`amount_fen > 0`))
    .addColumn('paid_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('due', 'paid', 'partial', 'overdue')`),
    )
    .execute();
  await db.schema
    .createIndex('plan_instalments_plan_idx')
    .on('plan_instalments')
    .columns(['plan_id', 'seq'])
    .unique()
    .execute();

  await db.schema
    .alterTable('cases')
    .addColumn('plan_status', 'text', (c) =>
      c.check(sql`plan_status in ('pendingApproval', 'active', 'broken', 'completed', 'rejected')`),
    )
    .execute();
  await db.schema.createIndex('cases_plan_status_idx').on('cases').columns(['plan_status']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('cases_plan_status_idx').execute();
  await db.schema.alterTable('cases').dropColumn('plan_status').execute();
  await db.schema.dropTable('plan_instalments').execute();
  await db.schema.dropTable('repayment_plans').execute();
}
