import { type Kysely, sql } from 'kysely';
import { idColumn } from './portable';

/**
 * Routing rules (issue 20, server/routing/): an ordered list of rules, each matching cases by
 * region prefixes, an amount range and creditors (JSON arrays of text), each with its firms'
 * weights and capacities. `current_weight` is the smooth weighted round-robin's position of a
 * firm within its rule, kept here so every process continues the same sequence (read and
 * written under the routing lock, server/routing/route.ts).
 *
 * Written as it shipped: a migration never changes after that.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('routing_rules')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('region_prefixes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('min_amount_fen', 'bigint')
    .addColumn('max_amount_fen', 'bigint')
    .addColumn('creditor_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('route_on_approve', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('routing_rule_firms')
    .addColumn('rule_id', 'integer', (c) => c.notNull().references('routing_rules.id').onDelete('cascade'))
    .addColumn('law_firm_id', 'integer', (c) => c.notNull().references('law_firms.id'))
    .addColumn('weight', 'integer', (c) => c.notNull().check(sql`weight > 0`))
    .addColumn('capacity', 'integer', (c) => c.notNull().check(sql`capacity >= 0`))
    .addColumn('current_weight', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('routing_rule_firms_pk', ['rule_id', 'law_firm_id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('routing_rule_firms').execute();
  await db.schema.dropTable('routing_rules').execute();
}
