import type { Kysely } from 'kysely';
import type { Role } from '../../contract/roles';
import { type AuditEntry, recordAudit } from '../audit/audit';
import type { Database } from '../db/schema';
import { fail } from '../http/errors';
import type { Caller } from '../http/route';
import { newAccountId } from './account-id';

export interface NewAccount {
  phone: string;
  /** Hashed before the transaction starts: scrypt must not hold the database. */
  passwordHash: string;
  name: string;
  role: Role;
  lawFirmId: number | null;
  /**
   * A lawyer's licence, recorded with the account in the account's firm: waiting for review
   * when the lawyer registers, passed by the administrator who creates the account.
   */
  licence?: {
    licenceNo: string;
    review: { status: 'auditing' } | { status: 'passed'; reviewerId: number };
  };
}

export interface CreatedAccount {
  userId: number;
  lawyerId: number | null;
}

/**
 * The one door for a new account (both registrations and account management): the user, its
 * role, a lawyer's licence record, an empty wallet and the audit row, written in the caller's
 * transaction. An account nobody signed in created (a registration) is its own actor.
 */
export async function createAccount(
  trx: Kysely<Database>,
  account: NewAccount,
  audit: {
    caller: Caller | null;
    requestId: string;
    at: Date;
    entry: (created: CreatedAccount) => AuditEntry;
  },
): Promise<CreatedAccount> {
  const at = audit.at.toISOString();
  const user = await trx
    .insertInto('users')
    .values({
      phone: account.phone,
      password_hash: account.passwordHash,
      name: account.name,
      role: account.role,
      law_firm_id: account.lawFirmId,
      registered_at: at,
      account_id: newAccountId(),
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('user_roles').values({ user_id: user.id, role: account.role }).execute();
  let lawyerId: number | null = null;
  if (account.licence) {
    if (account.lawFirmId === null) throw new Error('a lawyer account needs a law firm');
    const { review } = account.licence;
    const lawyer = await trx
      .insertInto('lawyers')
      .values({
        user_id: user.id,
        licence_no: account.licence.licenceNo,
        law_firm_id: account.lawFirmId,
        review_status: review.status,
        ...(review.status === 'passed' ? { reviewer_id: review.reviewerId, reviewed_at: at } : {}),
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    lawyerId = lawyer.id;
  }
  await trx
    .insertInto('wallets')
    .values({ user_id: user.id, balance_fen: 0, currency: 'CNY', updated_at: at })
    .execute();
  const created = { userId: user.id, lawyerId };
  await recordAudit(
    trx,
    {
      caller: audit.caller,
      requestId: audit.requestId,
      at: audit.at,
      actorId: audit.caller ? undefined : user.id,
    },
    audit.entry(created),
  );
  return created;
}

/**
 * Checked before anything is written or a code spent; the unique constraint still answers
 * 409 when two requests pass this check at once.
 */
export async function assertPhoneFree(db: Kysely<Database>, phone: string): Promise<void> {
  const taken = await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
  if (taken)
    throw fail.conflict('register.phoneTaken', {}, [{ path: 'phone', message: 'register.phoneTaken' }]);
}

export async function assertLicenceFree(db: Kysely<Database>, licenceNo: string): Promise<void> {
  const taken = await db
    .selectFrom('lawyers')
    .select('id')
    .where('licence_no', '=', licenceNo)
    .executeTakeFirst();
  if (taken)
    throw fail.conflict('register.licenceTaken', {}, [
      { path: 'licenceNo', message: 'register.licenceTaken' },
    ]);
}
