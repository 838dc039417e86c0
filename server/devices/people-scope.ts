import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { Caller } from '../http/route';

/**
 * Whose accounts, devices and wallets a caller may see and manage: operations
 * (bussinessOperation, superAdmin) everyone's; a law firm's contact person the people of
 * their firm (users carrying the firm's id) and their own; nobody else anyone's. One rule for
 * device management, the account page and the wallet page.
 */
export function peopleInScope(caller: Caller) {
  return (eb: ExpressionBuilder<Database, 'users'>): Expression<SqlBool> => {
    if (caller.role === 'superAdmin' || caller.role === 'bussinessOperation') return sql<SqlBool>`1 = 1`;
    if (caller.role !== 'lawfirmContactPerson') return sql<SqlBool>`1 = 0`;
    const self = eb('users.id', '=', caller.userId);
    return caller.lawFirmId === null ? self : eb.or([eb('users.law_firm_id', '=', caller.lawFirmId), self]);
  };
}
