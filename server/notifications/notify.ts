import type { Kysely } from 'kysely';
import { type AccessRule, rolesHolding } from '../../contract/access';
import type { NoticeKind } from '../../contract/notices';
import type { Database } from '../db/schema';
import { afterCommit, messageBus } from './bus';

export type NoticeParams = Record<string, string | number | null>;

export interface Notice {
  kind: NoticeKind;
  params: NoticeParams;
  /** The app route where the reader acts on it. */
  link: string | null;
  /** The bell's tab: a to-do asks the reader to act, a notice tells them. */
  type?: 'todo' | 'notice' | 'message';
}

/**
 * Tells the users who act next: one message each, stored as the notice's kind and parameters
 * (rendered in each reader's language when read) with the route where they act. Runs inside
 * the write's transaction, so a hand-over and its message land together or not at all; open
 * message streams of those users hear of it once the transaction has committed (bus.ts).
 */
export async function notify(
  trx: Kysely<Database>,
  userIds: readonly number[],
  notice: Notice,
  at: Date,
): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  await trx
    .insertInto('messages')
    .values(
      ids.map((userId) => ({
        user_id: userId,
        type: notice.type ?? 'todo',
        title: notice.kind,
        content: '',
        status: 0,
        created_at: at.toISOString(),
        kind: notice.kind,
        params: JSON.stringify(notice.params),
        link: notice.link,
      })),
    )
    .execute();
  afterCommit(trx, () => messageBus().publish(ids));
}

/** Enabled users holding a role that holds this rule (contract/access.ts), e.g. operations. */
export async function usersHolding(trx: Kysely<Database>, rule: AccessRule): Promise<number[]> {
  const roles = rolesHolding(rule);
  if (roles.length === 0) return [];
  const rows = await trx
    .selectFrom('user_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .where('r.role', 'in', roles)
    .where('u.enabled', '=', 1)
    .select('u.id')
    .distinct()
    .execute();
  return rows.map((r) => r.id);
}

/** The enabled contact persons of a law firm. */
export async function firmContacts(trx: Kysely<Database>, lawFirmId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('user_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .where('r.role', '=', 'lawfirmContactPerson')
    .where('u.law_firm_id', '=', lawFirmId)
    .where('u.enabled', '=', 1)
    .select('u.id')
    .distinct()
    .execute();
  return rows.map((r) => r.id);
}

/** The user of a lawyer record, if enabled. */
export async function lawyerUser(trx: Kysely<Database>, lawyerId: number): Promise<number[]> {
  const row = await trx
    .selectFrom('lawyers as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .where('l.id', '=', lawyerId)
    .where('u.enabled', '=', 1)
    .select('u.id')
    .executeTakeFirst();
  return row ? [row.id] : [];
}
