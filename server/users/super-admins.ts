import type { Kysely } from 'kysely';
import { rolesOf } from '../auth/sessions';
import type { Database } from '../db/schema';
import { fail } from '../http/errors';

export async function holdsSuperAdmin(db: Kysely<Database>, userId: number): Promise<boolean> {
  return (await rolesOf(db, userId)).includes('superAdmin');
}

/**
 * Someone must always be able to manage accounts: a change that leaves no enabled user holding
 * superAdmin is refused (409). Called inside the change's transaction, after its writes, so
 * two super admins demoting or disabling each other at once cannot both get through.
 */
export async function assertSuperAdminRemains(trx: Kysely<Database>): Promise<void> {
  const { n } = await trx
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .where('user_roles.role', '=', 'superAdmin')
    .where('users.enabled', '=', 1)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n) === 0) throw fail.conflict('user.lastSuperAdmin');
}
