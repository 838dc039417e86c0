import { type Expression, type SqlBool, sql } from 'kysely';
import { positionsTagged, statusesTagged } from '../../machines/caseRules';
import type { CaseTag } from '../../machines/caseTags';

/**
 * A case's group (an XState tag of the case status machine, machines/caseTags.ts) as a SQL
 * condition, so that no query writes a list of statuses or positions: `caseTagged('worked')`
 * is `status IN ('processing', 'suspended')` today, and whatever the machine says tomorrow.
 *
 * `table` is the alias the query gives `cases` (`cases`, `c`, or `''` for a query on `cases`
 * alone). A tag carried by positions only (inside `pending`) reads `position` alone: a case
 * has a position only while pending (server/cases/transitions.ts stores null otherwise), and
 * `cases_position_idx` serves it.
 */
export function caseTagged(tag: CaseTag, table = 'cases'): Expression<SqlBool> {
  const column = (name: string) => sql.ref(table === '' ? name : `${table}.${name}`);
  const statuses = statusesTagged(tag);
  const positions = positionsTagged(tag);
  const parts: Expression<SqlBool>[] = [];
  if (statuses.length > 0)
    parts.push(sql<SqlBool>`${column('status')} in (${sql.join(statuses.map((s) => sql.lit(s)))})`);
  if (positions.length > 0)
    parts.push(sql<SqlBool>`${column('position')} in (${sql.join(positions.map((p) => sql.lit(p)))})`);
  if (parts.length === 0) return sql<SqlBool>`1 = 0`;
  if (parts.length === 1) return parts[0];
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
