import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { type Ability, scopeOf } from '../../contract/access';
import type { Database } from '../db/schema';
import type { Caller } from '../http/route';

/**
 * Whose accounts, devices and wallets a caller may see and manage through an ability, by the
 * scope their role holds it in (contract/access.ts): `all` everyone's; `firm` the people of
 * their firm (users carrying the firm's id) and their own; `own` their own; else no one's.
 * One rule for device management, the account page and the wallet page.
 */
export function peopleInScope(caller: Caller, ability: Ability) {
  return (eb: ExpressionBuilder<Database, 'users'>): Expression<SqlBool> => {
    const scope = scopeOf(ability, caller.role);
    if (scope === 'all') return sql<SqlBool>`1 = 1`;
    if (scope === null) return sql<SqlBool>`1 = 0`;
    const self = eb('users.id', '=', caller.userId);
    if (scope === 'own' || caller.lawFirmId === null) return self;
    return eb.or([eb('users.law_firm_id', '=', caller.lawFirmId), self]);
  };
}
