import type { Kysely } from 'kysely';
import type { NoticeKind } from '../../contract/notices';
import type { Database } from '../db/schema';
import { firmContacts, lawyerUser, type NoticeParams, notify, usersHolding } from '../notifications/notify';

/** The enabled users of a firm's lawyers (they keep their cases while the firm is suspended). */
async function firmLawyers(trx: Kysely<Database>, lawFirmId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('lawyers as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .where('l.law_firm_id', '=', lawFirmId)
    .where('u.enabled', '=', 1)
    .select('u.id')
    .execute();
  return rows.map((r) => r.id);
}

export interface SuspensionChange {
  table: 'law_firms' | 'lawyers';
  id: number;
  name: string;
  suspended: boolean;
  reason: string | null;
  /** The firm's unassigned cases the suspension returned to the pool. */
  released: number;
}

/**
 * Who hears of a suspension or its lifting, in the same transaction (stored as kinds and
 * parameters, read in each reader's language):
 * - a firm: its contact persons, its lawyers (told they keep their cases), and case operations
 *   when cases went back to the pool (how many) or when the firm may take pushes again;
 * - a lawyer: the lawyer and the contact persons of the lawyer's firm.
 */
export async function tellSuspension(trx: Kysely<Database>, change: SuspensionChange, at: Date) {
  const params: NoticeParams = { name: change.name, reason: change.reason, count: change.released };
  const send = async (userIds: number[], kind: NoticeKind, link: string | null) =>
    notify(trx, userIds, { kind, params, link, type: 'notice' }, at);
  if (change.table === 'lawyers') {
    const lawyer = await trx
      .selectFrom('lawyers')
      .select('law_firm_id')
      .where('id', '=', change.id)
      .executeTakeFirstOrThrow();
    const told = [...(await lawyerUser(trx, change.id)), ...(await firmContacts(trx, lawyer.law_firm_id))];
    await send(told, change.suspended ? 'lawyer.suspended' : 'lawyer.resumed', null);
    return;
  }
  const contacts = await firmContacts(trx, change.id);
  const lawyers = await firmLawyers(trx, change.id);
  if (change.suspended) {
    await send(contacts, 'law_firm.suspended', '/form/accountfirm');
    await send(lawyers, 'law_firm.suspendedLawyer', null);
    if (change.released > 0)
      await send(await usersHolding(trx, 'cases.push:all'), 'law_firm.casesReleased', '/list/push-manage');
    return;
  }
  await send(contacts, 'law_firm.resumed', '/form/accountfirm');
  await send(lawyers, 'law_firm.resumedLawyer', null);
  await send(await usersHolding(trx, 'cases.push:all'), 'law_firm.resumedOperations', '/list/push-manage');
}
