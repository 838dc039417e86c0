import type { Kysely } from 'kysely';
import { rolesOf } from '../auth/sessions';
import type { Database } from '../db/schema';
import { serializeOn } from '../db/serialize';
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
  // After this change's writes, one change at a time counts: on PostgreSQL two transactions
  // demoting each other would each still see the other's super admin (not yet committed) and
  // both commit. Waiting here, the second counts after the first has committed.
  await serializeOn(trx, 'superAdmins');
  const { n } = await trx
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .where('user_roles.role', '=', 'superAdmin')
    .where('users.enabled', '=', 1)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n) === 0) throw fail.conflict('user.lastSuperAdmin');
}
