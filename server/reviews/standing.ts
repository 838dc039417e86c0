import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { ReviewStatus, Standing } from '../../contract/reviews';

/**
 * Where a firm or lawyer stands (contract/enum-values.ts STANDINGS): its review status, or
 * `suspended` when it passed and is suspended, which is then no longer `passed`. Both review
 * lists show it and filter by it.
 */
export function standingOf(reviewStatus: string, suspendedAt: string | null): Standing {
  return suspendedAt !== null ? 'suspended' : (reviewStatus as ReviewStatus);
}

/** The rows (`f` firms or `l` lawyers) standing in one of these. */
export function standingIn(alias: 'f' | 'l', standings: readonly Standing[]): RawBuilder<SqlBool> {
  const status = sql.ref(`${alias}.review_status`);
  const suspendedAt = sql.ref(`${alias}.suspended_at`);
  const each = standings.map((standing) => {
    if (standing === 'suspended') return sql`${suspendedAt} is not null`;
    if (standing === 'passed') return sql`(${status} = 'passed' and ${suspendedAt} is null)`;
    return sql`${status} = ${standing}`;
  });
  return sql<SqlBool>`(${sql.join(each, sql` or `)})`;
}
