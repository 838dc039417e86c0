import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SmsPurpose } from '../../contract/auth';
import { translate } from '../../contract/messages';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { serializeOn } from '../db/serialize';
import { fail } from '../http/errors';

export const SMS_RULES = { cooldownMs: 60_000, validMs: 5 * 60_000, maxAttempts: 5 } as const;

/**
 * What a request for a code sends to the phone: the code; a notice that the phone has an
 * account already (no code in it); or nothing (a reset asked for a phone without an account).
 */
export type SmsReply = 'code' | 'accountNotice' | 'nothing';

/**
 * Issues a 6-digit code: 60 s cool-down per phone and purpose, valid 5 minutes. Whatever the
 * reply, the request is recorded the same way (one row; for a notice or nothing, a row with no
 * code, spent from the start), so the cool-down and the database work cannot tell the cases
 * apart. The text goes out without waiting for the provider, so its delay cannot either.
 */
export async function issueCode(
  app: AppContext,
  phone: string,
  purpose: SmsPurpose,
  reply: SmsReply = 'code',
): Promise<void> {
  const now = app.clock.now();
  const code = reply === 'code' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : '';
  const message =
    reply === 'code'
      ? translate('zh-CN', 'sms.text', { code })
      : reply === 'accountNotice'
        ? translate('zh-CN', 'sms.phoneHasAccount')
        : '';
  // Requests for one phone and purpose take turns from the cool-down read to the insert: two
  // sent at once would otherwise both find no recent code and both send one (PostgreSQL runs
  // them side by side; so do SQLite's reader threads outside a transaction).
  await app.db.transaction().execute(async (trx) => {
    await serializeOn(trx, `sms:${phone}:${purpose}`);
    await withinCooldown(trx, phone, purpose, now);
    await trx
      .insertInto('sms_outbox')
      .values({
        phone,
        purpose,
        code,
        message,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + SMS_RULES.validMs).toISOString(),
        used_at: reply === 'code' ? null : now.toISOString(),
        delivered: reply === 'nothing' ? 0 : 1,
      })
      .execute();
  });
  if (message) {
    app.sms.send(phone, message).catch((err) => app.log.error({ err, purpose }, 'sms not sent'));
  }
}

/** Refuses (429) while the newest request for the phone and purpose is inside the cool-down. */
async function withinCooldown(trx: Kysely<Database>, phone: string, purpose: SmsPurpose, now: Date) {
  const last = await trx
    .selectFrom('sms_outbox')
    .select('created_at')
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last) {
    const waitMs = Date.parse(last.created_at) + SMS_RULES.cooldownMs - now.getTime();
    if (waitMs > 0) throw fail.tooMany('sms.cooldown', { seconds: Math.ceil(waitMs / 1000) });
  }
}

/**
 * Spends the newest live code for the phone and purpose. Single use; a wrong guess counts
 * against the code and five wrong guesses spend it. Registration and password reset spend it
 * before any other check, so that a wrong code answers the same whether the phone (licence
 * number, credit code) has an account or not; a refusal after it costs a new code.
 */
export async function consumeCode(
  db: Kysely<Database>,
  phone: string,
  purpose: SmsPurpose,
  code: string,
  now: Date,
): Promise<boolean> {
  // Guesses at one phone's code take turns: sent at once, they would all read the same
  // attempt count and each write count + 1, so any number of guesses would count as one.
  return db.transaction().execute(async (trx) => {
    await serializeOn(trx, `sms:${phone}:${purpose}`);
    const live = await trx
      .selectFrom('sms_outbox')
      .select(['id', 'code', 'attempts'])
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!live) return false;
    if (live.code === code) {
      const spent = await trx
        .updateTable('sms_outbox')
        .set({ used_at: now.toISOString() })
        .where('id', '=', live.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(spent.numUpdatedRows) === 1;
    }
    const attempts = live.attempts + 1;
    await trx
      .updateTable('sms_outbox')
      .set({ attempts, used_at: attempts >= SMS_RULES.maxAttempts ? now.toISOString() : null })
      .where('id', '=', live.id)
      .execute();
    return false;
  });
}
