import type { Kysely } from 'kysely';
import { scopeOf } from '../../../contract/access';
import type { RevealRequest } from '../../../contract/parties';
import { scopeRefusal } from '../../../machines/caseGuards';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { fail } from '../../http/errors';
import type { Caller } from '../../http/route';
import { databaseThrottleStore, type ThrottleStore } from '../../http/throttle-store';
import { actorOf, type CaseViewer } from '../scope';
import { visibleCase } from '../visible-case';

const HOUR_MS = 3_600_000;
const stores = new WeakMap<object, ThrottleStore>();

/** Reveals per user, counted in the database so every process counts together. */
function revealCounter(db: Kysely<Database>): ThrottleStore {
  let store = stores.get(db);
  if (!store) {
    store = databaseThrottleStore(db);
    stores.set(db, store);
  }
  return store;
}

/**
 * POST /api/cases/:id/parties/:partyId/reveal: one ID number or phone of a party in full, to
 * whoever holds `parties.reveal` over the case (the handling lawyer, the firm's contact person,
 * case operations), at most PII_REVEAL_PER_HOUR a user an hour. Each reveal is a `pii_access`
 * row, stored before the value is answered; the value is never logged.
 */
export async function revealPartyValue(
  app: AppContext,
  who: { caller: Caller; viewer: CaseViewer; ip: string },
  caseId: number,
  partyId: number,
  body: RevealRequest,
): Promise<{ value: string }> {
  const current = await visibleCase(app.db, who.viewer, caseId);
  const refusal = scopeRefusal(scopeOf('parties.reveal', who.viewer.role), current, actorOf(who.viewer));
  if (refusal) throw fail.forbidden(refusal);
  const party = await app.db
    .selectFrom('case_parties')
    .select(['id', 'id_number', 'pii_erased_at'])
    .where('id', '=', partyId)
    .where('case_id', '=', caseId)
    .executeTakeFirst();
  if (!party) throw fail.notFound('party.notFound');
  // The retention sweep left only masked forms: there is nothing in full to show.
  if (party.pii_erased_at) throw fail.conflict('party.piiErased');
  let value: string | null = party.id_number;
  if (body.field === 'phone') {
    const phone = await app.db
      .selectFrom('party_phones')
      .select('number')
      .where('id', '=', body.phoneId ?? 0)
      .where('party_id', '=', partyId)
      .executeTakeFirst();
    if (!phone) throw fail.notFound('party.phoneNotFound');
    value = phone.number;
  } else if (value === null) {
    throw fail.notFound('party.noIdNumber');
  }
  const now = app.clock.now();
  const max = app.config.piiRevealPerHour;
  const { count } = await revealCounter(app.db).hit(`piiReveal:${who.caller.userId}`, HOUR_MS, now.getTime());
  if (count > max) throw fail.tooMany('pii.revealLimit', { max });
  await app.db
    .insertInto('pii_access')
    .values({
      user_id: who.caller.userId,
      role: who.caller.role,
      case_id: caseId,
      party_id: partyId,
      field: body.field,
      phone_id: body.field === 'phone' ? (body.phoneId ?? null) : null,
      reason: body.reason,
      note: body.note ?? null,
      client_ip: who.ip || null,
      at: now.toISOString(),
    })
    .execute();
  return { value };
}
