import type { Kysely } from 'kysely';
import { maskPhone, scopeOf } from '../../../contract/access';
import type { PAYMENT_STATUSES } from '../../../contract/cases';
import type { Contact, ContactChannel, ContactRequest, ContactRule } from '../../../contract/contacts';
import { formatDate } from '../../../contract/dates';
import type { Paged, PageQuery } from '../../../contract/paging';
import { scopeRefusal } from '../../../machines/caseGuards';
import { recordAudit } from '../../audit/audit';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { serializeOn } from '../../db/serialize';
import { fail } from '../../http/errors';
import type { Caller } from '../../http/route';
import { actorOf, type CaseViewer } from '../scope';
import { visibleCase } from '../visible-case';
import { type PartyOfCase, partyOfCase } from './person';
import { brokenRule, clockText } from './rules';
import { refuseSensitiveWords } from './sensitive-words';

export type Who = { caller: Caller; viewer: CaseViewer; requestId: string };

/** The case, when the caller may log contacts on it (`contacts.write`): else 403 (404 out of scope). */
export async function contactableCase(app: AppContext, viewer: CaseViewer, caseId: number) {
  const current = await visibleCase(app.db, viewer, caseId);
  const refusal = scopeRefusal(scopeOf('contacts.write', viewer.role), current, actorOf(viewer));
  if (refusal) throw fail.forbidden(refusal);
  return current;
}

/** A refusal by a collection rule: 409 naming the rule; kept in `contact_refusals` for 合规监控. */
export async function refuseContact(
  app: AppContext,
  who: Who,
  caseId: number,
  partyId: number | null,
  channel: ContactChannel,
  rule: ContactRule,
): Promise<never> {
  await app.db
    .insertInto('contact_refusals')
    .values({
      case_id: caseId,
      party_id: partyId,
      user_id: who.caller.userId,
      law_firm_id: who.viewer.lawFirmId,
      rule,
      channel,
      at: app.clock.now().toISOString(),
    })
    .execute();
  const { quietStart, quietEnd, dailyCalls, dailyAttempts } = app.config.contactRules;
  const params = {
    start: clockText(quietStart),
    end: clockText(quietEnd),
    max: rule === 'contact.dailyLimit' ? dailyCalls : dailyAttempts,
  };
  throw fail.conflict(rule, params, [{ path: 'rule', message: rule, value: rule }]);
}

export interface ContactToStore {
  channel: ContactChannel;
  direction: 'outbound' | 'inbound';
  at: Date;
  outcome: Contact['outcome'];
  note: string;
  phoneId: number | null;
  promise?: { amountFen: number; dueOn: string };
  nextFollowUpOn?: string;
  override?: { reason: string };
  /** Audit action and its extra parameters (an SMS is `contact.sms`). */
  audit?: { action: string; params: Record<string, string | number> };
}

/**
 * Judges an outbound contact against the rules and stores it, in one transaction that takes
 * turns per person (serializeOn), so two lawyers of two firms calling the same person at once
 * cannot both take the last call of the day. A breach is refused (409, recorded) unless the
 * caller holds `contacts.override` over the case and gives a reason: then it is stored with the
 * rule and the reason. Answers the new contact's id.
 */
export async function storeContact(
  app: AppContext,
  who: Who,
  current: { id: number; caseNo: string; lawyerId: number | null; lawFirmId: number | null },
  party: PartyOfCase,
  input: ContactToStore,
): Promise<number> {
  const caseId = current.id;
  const now = app.clock.now();
  const outbound = input.direction === 'outbound';
  const personKey = party.keyFor(input.phoneId);
  const result = await app.db.transaction().execute(async (trx) => {
    for (const key of [...party.keys].sort()) await serializeOn(trx, `person:${key}`);
    const rule = outbound
      ? await brokenRule(trx, app.config.contactRules, party.keys, input.channel, input.at)
      : null;
    if (rule && !input.override) return { id: 0, refused: rule } as const;
    if (rule && input.override) {
      const refusal = scopeRefusal(
        scopeOf('contacts.override', who.viewer.role),
        current,
        actorOf(who.viewer),
      );
      if (refusal) throw fail.forbidden('contact.overrideNotAllowed');
    }
    const row = await trx
      .insertInto('contacts')
      .values({
        case_id: caseId,
        party_id: party.id,
        channel: input.channel,
        phone_id: input.phoneId,
        direction: input.direction,
        at: input.at.toISOString(),
        logged_at: now.toISOString(),
        outcome: input.outcome,
        payment_status: input.promise ? 'promised' : null,
        note: input.note,
        promise_amount_fen: input.promise?.amountFen ?? null,
        promise_due_on: input.promise?.dueOn ?? null,
        next_follow_up_on: input.nextFollowUpOn ?? null,
        override_rule: rule,
        override_reason: rule ? (input.override?.reason ?? null) : null,
        created_by: who.caller.userId,
        law_firm_id: who.viewer.lawFirmId,
        person_key: personKey,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const base = { caseNo: current.caseNo, partyName: party.name, channel: input.channel };
    const audit = input.audit ?? {
      action: 'contact.create',
      params: { outcome: input.outcome ?? '' },
    };
    const at = { caller: who.caller, requestId: who.requestId, at: now };
    await recordAudit(trx, at, {
      action: audit.action,
      entity: 'case',
      entityId: caseId,
      summary: `${audit.action}: ${input.direction} ${input.channel}`,
      params: { ...base, ...audit.params },
    });
    if (rule)
      await recordAudit(trx, at, {
        action: 'contact.override',
        entity: 'case',
        entityId: caseId,
        summary: `contact against ${rule}`,
        params: { ...base, rule, reason: input.override?.reason ?? '' },
      });
    return { id: row.id, refused: null } as const;
  });
  if (result.refused) return refuseContact(app, who, caseId, party.id, input.channel, result.refused);
  return result.id;
}

/** POST /api/cases/:id/contacts. */
export async function addContact(
  app: AppContext,
  who: Who,
  caseId: number,
  body: ContactRequest,
): Promise<Contact> {
  const current = await contactableCase(app, who.viewer, caseId);
  const now = app.clock.now();
  const at = body.at ? new Date(body.at) : now;
  if (at.getTime() > now.getTime()) throw fail.field('at', 'contact.atInFuture');
  if (body.promise && body.promise.dueOn < formatDate(at))
    throw fail.field('promise.dueOn', 'contact.promiseInPast');
  const outbound = body.direction === 'outbound';
  if (outbound && (body.channel === 'call' || body.channel === 'sms') && body.phoneId === undefined)
    throw fail.field('phoneId', 'contact.phoneRequired');
  await refuseSensitiveWords(app.db, [{ path: 'note', text: body.note }]);
  const party = await partyOfCase(app.db, caseId, body.partyId);
  const phoneId = body.phoneId ?? null;
  if (!party || (phoneId !== null && !party.phones.has(phoneId)))
    return refuseContact(app, who, caseId, party?.id ?? null, body.channel, 'contact.notAParty');
  const id = await storeContact(app, who, current, party, {
    channel: body.channel,
    direction: body.direction,
    at,
    outcome: body.outcome,
    note: body.note,
    phoneId,
    promise: body.promise,
    nextFollowUpOn: body.nextFollowUpOn,
    override: body.override,
  });
  const [contact] = await contactsOf(app.db, caseId, { ids: [id] });
  return contact as Contact;
}

type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Contacts of a case, newest first (all of them, or the ones asked for by id). */
export async function contactsOf(
  db: Kysely<Database>,
  caseId: number,
  options: { ids?: number[]; page?: PageQuery } = {},
): Promise<Contact[]> {
  let query = db
    .selectFrom('contacts as c')
    .leftJoin('case_parties as p', 'p.id', 'c.party_id')
    .leftJoin('party_phones as ph', 'ph.id', 'c.phone_id')
    .leftJoin('users as u', 'u.id', 'c.created_by')
    .where('c.case_id', '=', caseId)
    .select([
      'c.id',
      'c.case_id',
      'c.party_id',
      'p.name as party_name',
      'c.channel',
      'c.phone_id',
      'ph.number',
      'c.direction',
      'c.at',
      'c.logged_at',
      'c.outcome',
      'c.payment_status',
      'c.note',
      'c.promise_amount_fen',
      'c.promise_due_on',
      'c.next_follow_up_on',
      'c.override_rule',
      'c.override_reason',
      'u.name as created_by_name',
    ])
    .orderBy('c.at', 'desc')
    .orderBy('c.id', 'desc');
  if (options.ids) query = query.where('c.id', 'in', options.ids);
  if (options.page)
    query = query.limit(options.page.pageSize).offset((options.page.page - 1) * options.page.pageSize);
  const rows = await query.execute();
  return rows.map((c) => ({
    id: c.id,
    caseId: c.case_id,
    partyId: c.party_id,
    partyName: c.party_name,
    channel: c.channel as Contact['channel'],
    phoneId: c.phone_id,
    phone: c.number ? maskPhone(c.number) : null,
    direction: c.direction as Contact['direction'],
    at: c.at,
    loggedAt: c.logged_at,
    outcome: c.outcome as Contact['outcome'],
    paymentStatus: c.payment_status as PaymentStatus | null,
    note: c.note,
    promiseAmountFen: c.promise_amount_fen === null ? null : Number(c.promise_amount_fen),
    promiseDueOn: c.promise_due_on,
    nextFollowUpOn: c.next_follow_up_on,
    overrideRule: c.override_rule as Contact['overrideRule'],
    overrideReason: c.override_reason,
    createdByName: c.created_by_name,
  }));
}

/** GET /api/cases/:id/contacts: the log, newest first, paged. */
export async function listContacts(
  app: AppContext,
  viewer: CaseViewer,
  caseId: number,
  page: PageQuery,
): Promise<Paged<Contact>> {
  await visibleCase(app.db, viewer, caseId);
  const [list, count] = await Promise.all([
    contactsOf(app.db, caseId, { page }),
    app.db
      .selectFrom('contacts')
      .where('case_id', '=', caseId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.n) };
}
