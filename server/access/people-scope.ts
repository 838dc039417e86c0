import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { type Ability, scopeOf } from '../../contract/access';
import type { Database } from '../db/schema';
import { fail } from '../http/errors';
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

/** A user in the caller's scope of an ability; one outside it is answered like a missing one (404). */
export async function personInScope(db: Kysely<Database>, caller: Caller, ability: Ability, userId: number) {
  const person = await db
    .selectFrom('users')
    .leftJoin('law_firms', 'law_firms.id', 'users.law_firm_id')
    .where('users.id', '=', userId)
    .where(peopleInScope(caller, ability))
    .select([
      'users.id',
      'users.name',
      'users.phone',
      'users.role',
      'users.enabled',
      'users.account_id',
      'users.email',
      'users.nickname',
      'users.registered_at',
      'users.law_firm_id',
      'law_firms.name as law_firm_name',
    ])
    .executeTakeFirst();
  if (!person) throw fail.notFound('user.notFound');
  return person;
}
