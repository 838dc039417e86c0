import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact, ContactWindow } from '../../contract/contacts';
import { businessDayStart, formatDate } from '../../contract/dates';
import type { Paged } from '../../contract/paging';
import { createSession } from '../../server/auth/sessions';
import { piiHasher } from '../../server/cases/parties/pii-hash';
import { logSmsSender } from '../../server/sms/sender';
import { freshCase, useCaseServer } from './case-fixtures';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  await useCaseServer(server);
  // Only moveClockTo moves time, so the instants answered are exact.
  server.clock.stop();
});
afterAll(() => server.close());

const HOUR = 3_600_000;

/** Moves the test clock forward to `HH:mm` business time, `days` business days after today. */
function moveClockTo(days: number, time: string): void {
  const today = formatDate(server.clock.now());
  const day = new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const [h, m] = time.split(':').map(Number);
  const target = Date.parse(businessDayStart(day)) + (h * 60 + m) * 60_000;
  const ahead = target - server.clock.now().getTime();
  if (ahead < 0) throw new Error(`the clock only moves forward (${time} is past)`);
  server.clock.advance(ahead);
}

/** A session made at the (moved) clock's now, so it has not expired there. */
async function sessionOf(userId: number): Promise<string> {
  return (await createSession(server.app, userId, 'lawyer', { ip: null, userAgent: 'test' })).token;
}

/** A party added straight to a case's table: an ID number (hashed as the API does) and one phone. */
async function addParty(caseId: number, idNumber: string | null, phone: string) {
  const hash = await piiHasher(server.app.db);
  const db = server.app.db;
  const last = await db
    .selectFrom('case_parties')
    .select((eb) => eb.fn.max('position').as('p'))
    .where('case_id', '=', caseId)
    .executeTakeFirstOrThrow();
  const now = server.clock.now().toISOString();
  const party = await db
    .insertInto('case_parties')
    .values({
      case_id: caseId,
      role: 'guarantor',
      position: Number(last.p ?? 0) + 1,
      name: '测试担保人',
      id_type: idNumber ? 'residentIdCard' : null,
      id_number: idNumber,
      id_number_hash: idNumber ? hash.idNumber(idNumber) : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('party_phones')
    .values({
      party_id: party.id,
      case_id: caseId,
      position: 0,
      number: phone,
      number_hash: hash.phone(phone),
      label: '本人',
      status: 'valid',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { partyId: party.id, phoneId: row.id };
}

const call = (caseId: number, token: string, body: Record<string, unknown>) =>
  server.call<Contact>('POST', `/api/cases/${caseId}/contacts`, { token, body });
const dial = (who: { partyId: number; phoneId: number }, extra: Record<string, unknown> = {}) => ({
  ...who,
  channel: 'call',
  direction: 'outbound',
  outcome: 'connected',
  note: '电话联系，提醒还款',
  ...extra,
});
const ruleOf = (res: { body: { errors?: Array<{ path: string; value?: string }> } }) =>
  res.body.errors?.find((e) => e.path === 'rule')?.value;

describe('the contact log and the collection rules', () => {
  it('keeps quiet hours at 21:59 / 22:00 / 07:59 / 08:00 business time, and the window says until when', async () => {
    const c = await freshCase({ status: 'processing', lawyer: 'demo' });
    const party = await addParty(c.id, null, '13912340001');
    const lawyer = await server.userId('13800000005');
    moveClockTo(1, '21:59');
    let token = await sessionOf(lawyer);
    const before = await call(c.id, token, dial(party, { outcome: 'noAnswer' }));
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.data).toMatchObject({ channel: 'call', phone: '139****0001', overrideRule: null });

    server.clock.advance(60_000);
    const at22 = await call(c.id, token, dial(party));
    expect(at22.status).toBe(409);
    expect(ruleOf(at22)).toBe('contact.quietHours');
    const window = await server.call<ContactWindow>(
      'GET',
      `/api/cases/${c.id}/contact-window?partyId=${party.partyId}`,
      { token },
    );
    const tomorrow8 = new Date(server.clock.now().getTime() + 10 * HOUR).toISOString();
    expect(window.body.data).toEqual({
      allowed: false,
      rule: 'contact.quietHours',
      nextAllowedAt: tomorrow8,
    });

    moveClockTo(1, '07:59');
    token = await sessionOf(lawyer);
    expect(ruleOf(await call(c.id, token, dial(party)))).toBe('contact.quietHours');
    // An SMS is outbound contact too; an inbound call is not judged.
    const sms = await server.call('POST', `/api/cases/${c.id}/sms`, {
      token,
      body: { ...party, template: 'repaymentReminder' },
    });
    expect(ruleOf(sms)).toBe('contact.quietHours');
    expect((await call(c.id, token, dial(party, { direction: 'inbound' }))).status).toBe(200);

    server.clock.advance(60_000);
    expect((await call(c.id, token, dial(party))).status).toBe(200);
    const open = await server.call<ContactWindow>(
      'GET',
      `/api/cases/${c.id}/contact-window?partyId=${party.partyId}`,
      { token },
    );
    expect(open.body.data).toEqual({ allowed: true });
    const log = await server.call<Paged<Contact>>('GET', `/api/cases/${c.id}/contacts`, { token });
    // Newest first: this test's three, after the seeded ones of earlier weeks.
    expect(log.body.data.list.slice(0, 3).map((x) => x.direction)).toEqual([
      'outbound',
      'inbound',
      'outbound',
    ]);
    expect(await server.count('contact_refusals')).toBeGreaterThanOrEqual(3);
  });

  it('refuses the fourth connected call of the day to one person, by a lawyer of a second firm', async () => {
    const mine = await freshCase({ status: 'processing', lawyer: 'demo' });
    const theirs = await freshCase({ status: 'processing', lawyer: 'other', firm: 'other' });
    // The same person (same ID number) on both cases, with a different phone on each.
    const id = '11010519491231002X';
    const here = await addParty(mine.id, id, '13912340002');
    const there = await addParty(theirs.id, id, '13912340003');
    const otherLawyer = await server.app.db
      .selectFrom('lawyers')
      .select('user_id')
      .where('id', '=', theirs.lawyer_id as number)
      .executeTakeFirstOrThrow();
    moveClockTo(2, '10:00');
    const mineToken = await sessionOf(await server.userId('13800000005'));
    const theirToken = await sessionOf(otherLawyer.user_id);
    for (let i = 0; i < 3; i++) {
      expect((await call(mine.id, mineToken, dial(here))).status).toBe(200);
      server.clock.advance(60_000);
    }
    const fourth = await call(theirs.id, theirToken, dial(there));
    expect(fourth.status).toBe(409);
    expect(ruleOf(fourth)).toBe('contact.dailyLimit');
    const window = await server.call<ContactWindow>(
      'GET',
      `/api/cases/${theirs.id}/contact-window?partyId=${there.partyId}`,
      { token: theirToken },
    );
    expect(window.body.data.rule).toBe('contact.dailyLimit');
    expect(window.body.data.nextAllowedAt).toBe(
      new Date(Date.parse(businessDayStart(formatDate(server.clock.now()))) + 32 * HOUR).toISOString(),
    );

    // An override needs the ability (superAdmin logs contacts but holds no override) and a reason.
    const admin = await server.sessionFor('superAdmin');
    const noAbility = await call(theirs.id, admin, dial(there, { override: { reason: '当事人要求回电' } }));
    expect(noAbility.status).toBe(403);
    const noReason = await call(theirs.id, theirToken, dial(there, { override: { reason: ' ' } }));
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors?.[0]?.path).toBe('override.reason');
    const overridden = await call(
      theirs.id,
      theirToken,
      dial(there, { override: { reason: '当事人要求回电' } }),
    );
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(200);
    expect(overridden.body.data).toMatchObject({
      overrideRule: 'contact.dailyLimit',
      overrideReason: '当事人要求回电',
    });
    const breaches = await server.call<Paged<{ kind: string; rule: string }>>(
      'GET',
      '/api/compliance/breaches?pageSize=100',
      { token: await server.sessionFor('bussinessOperation') },
    );
    expect(breaches.body.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'override', rule: 'contact.dailyLimit' }),
        expect.objectContaining({ kind: 'refused', rule: 'contact.dailyLimit' }),
      ]),
    );
  });

  it('counts six outbound attempts a day, and only with the case’s own parties and numbers', async () => {
    const c = await freshCase({ status: 'processing', lawyer: 'demo' });
    const other = await freshCase({ status: 'processing', lawyer: 'demo' });
    const party = await addParty(c.id, null, '13912340004');
    const stranger = await addParty(other.id, null, '13912340005');
    moveClockTo(3, '09:00');
    const token = await sessionOf(await server.userId('13800000005'));
    for (let i = 0; i < 6; i++)
      expect((await call(c.id, token, dial(party, { outcome: 'noAnswer' }))).status).toBe(200);
    expect(ruleOf(await call(c.id, token, dial(party, { outcome: 'noAnswer' })))).toBe(
      'contact.dailyAttempts',
    );
    expect(ruleOf(await call(c.id, token, dial({ ...stranger })))).toBe('contact.notAParty');
    expect(ruleOf(await call(c.id, token, dial({ partyId: party.partyId, phoneId: stranger.phoneId })))).toBe(
      'contact.notAParty',
    );
    const future = new Date(server.clock.now().getTime() + HOUR).toISOString();
    const ahead = await call(c.id, token, dial(party, { direction: 'inbound', at: future }));
    expect(ahead.status).toBe(400);
    expect(ahead.body.errors?.[0]?.path).toBe('at');
  });

  it('sends a template SMS through the SMS sender, logs it as a contact and masks the number in the log', async () => {
    const c = await freshCase({ status: 'processing', lawyer: 'demo' });
    const party = await addParty(c.id, null, '13912340006');
    moveClockTo(4, '10:00');
    const token = await sessionOf(await server.userId('13800000005'));
    const res = await server.call<Contact>('POST', `/api/cases/${c.id}/sms`, {
      token,
      body: { ...party, template: 'mediationInvite' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ channel: 'sms', direction: 'outbound', phone: '139****0006' });
    const sent = server.sms.findLast((m) => m.phone === '13912340006');
    expect(sent?.text).toContain(c.case_no);
    const lines: unknown[] = [];
    const log = { info: (obj: unknown) => lines.push(obj) } as unknown as Parameters<typeof logSmsSender>[0];
    await logSmsSender(log).send('13912340006', 'x');
    expect(JSON.stringify(lines)).toContain('139****0006');
    expect(JSON.stringify(lines)).not.toContain('13912340006');
  });

  it('refuses a note or an SMS holding a sensitive word with 422 and code 10010, whatever its width or case', async () => {
    const c = await freshCase({ status: 'processing', lawyer: 'demo' });
    const party = await addParty(c.id, null, '13912340007');
    moveClockTo(5, '10:00');
    const token = await sessionOf(await server.userId('13800000005'));
    const threat = await call(c.id, token, dial(party, { note: '再不还钱就弄死你' }));
    expect(threat.status).toBe(422);
    expect(threat.body.code).toBe(10010);
    expect(threat.body.errors).toEqual([expect.objectContaining({ path: 'note', value: '弄死你' })]);
    const letter = await server.call('POST', `/api/cases/${c.id}/letters`, {
      token,
      body: { template: 'collection', extra: '再不还款就让你好看' },
    });
    expect(letter.status).toBe(422);
    expect(letter.body.errors).toEqual([expect.objectContaining({ path: 'extra', value: '让你好看' })]);

    const admin = await server.sessionFor('superAdmin');
    const words = await server.call<{ words: string[] }>('GET', '/api/sensitive-words', { token: admin });
    expect(words.body.data.words).toContain('弄死你');
    const lawyerPut = await server.call('PUT', '/api/sensitive-words', { token, body: { words: [] } });
    expect(lawyerPut.status).toBe(403);
    const put = await server.call<{ words: string[] }>('PUT', '/api/sensitive-words', {
      token: admin,
      body: { words: [...words.body.data.words, 'ＡＢＣ', '调解'] },
    });
    expect(put.body.data.words).toContain('abc');
    const wide = await call(c.id, token, dial(party, { note: '客户说 a b c' }));
    expect(wide.status).toBe(422);
    expect(wide.body.errors?.[0]).toMatchObject({ value: 'abc' });
    const sms = await server.call('POST', `/api/cases/${c.id}/sms`, {
      token,
      body: { ...party, template: 'mediationInvite' },
    });
    expect(sms.status).toBe(422);
    expect(sms.body.code).toBe(10010);
    await server.call('PUT', '/api/sensitive-words', { token: admin, body: words.body.data });
  });

  it("shows a promise to pay on the lawyer's workplace on its day, and as broken after it unless paid", async () => {
    const c = await freshCase({ status: 'processing', lawyer: 'demo' });
    const party = await addParty(c.id, null, '13912340008');
    moveClockTo(6, '10:00');
    const lawyer = await server.userId('13800000005');
    let token = await sessionOf(lawyer);
    const dueOn = formatDate(server.clock.now());
    const promised = await call(
      c.id,
      token,
      dial(party, { outcome: 'promised', promise: { amountFen: 50_000, dueOn } }),
    );
    expect(promised.status, JSON.stringify(promised.body)).toBe(200);
    const promiseOf = async () => {
      const res = await server.call<{ promises: Array<{ id: number; status: string }> }>(
        'GET',
        '/api/dashboard/lawyer-workplace',
        { token },
      );
      return res.body.data.promises.find((p) => p.id === promised.body.data.id)?.status;
    };
    expect(await promiseOf()).toBe('due');
    moveClockTo(1, '10:00');
    token = await sessionOf(lawyer);
    expect(await promiseOf()).toBe('broken');
  });
});
