import type { Kysely } from 'kysely';

/**
 * Accounts that registered themselves before registration went through the one account door
 * (server/users/create-account.ts) have their role only on `users.role`, with no `user_roles`
 * row: a firm's contact person so made was missed by everything that finds a firm's contacts
 * through user_roles (notices of pushes, reviews and suspensions; ending their sessions). Each
 * law-firm contact person and lawyer gets the row of the role they hold. `down` leaves the rows:
 * they cannot be told from rows written since, and holding one's own role is always right. The
 * role names are written here as they were when this shipped (a migration never changes after).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db
    .insertInto('user_roles')
    .columns(['user_id', 'role'])
    .expression((eb) =>
      eb
        .selectFrom('users as u')
        .select(['u.id', 'u.role'])
        .where('u.role', 'in', ['lawfirmContactPerson', 'lawyer'])
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('user_roles as r')
                .select('r.user_id')
                .whereRef('r.user_id', '=', 'u.id')
                .whereRef('r.role', '=', 'u.role'),
            ),
          ),
        ),
    )
    .execute();
}

export async function down(_db: Db): Promise<void> {}
