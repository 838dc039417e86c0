import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import { translate } from '../../contract/messages';
import { consumeCode } from '../../server/sms/codes';
import { freshPhone, requestCode } from './fixtures';
import { startServer, type TestServer } from './harness';

const SECOND = 1000;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  // Answers carrying a wait ("try again in 60 s") are compared exactly.
  server.clock.stop();
});
afterAll(() => server.close());

function sendSms(phone: string, purpose: string, lang?: string) {
  return server.call('GET', `/api/send-sms?phone=${phone}&purpose=${purpose}`, {
    headers: lang ? { 'accept-language': lang } : undefined,
  });
}

/** Spends a code the way registration and reset do. */
function spend(phone: string, purpose: 'register' | 'reset' | 'bind', code: string) {
  return consumeCode(server.app.db, phone, purpose, code, server.clock.now());
}

function outboxFor(phone: string) {
  return server.app.db.selectFrom('sms_outbox').selectAll().where('phone', '=', phone).execute();
}

describe('sending SMS codes', () => {
  it('writes a 6-digit code to the outbox and sends the same text through the SMS sender', async () => {
    const phone = freshPhone();
    const res = await sendSms(phone, 'register');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ cooldownSeconds: 60, expiresInSeconds: 300 });
    const rows = await outboxFor(phone);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'register', used_at: null, attempts: 0 });
    expect(rows[0].code).toMatch(/^\d{6}$/);
    expect(server.sms.filter((m) => m.phone === phone)).toEqual([{ phone, text: rows[0].message }]);
    expect(rows[0].message).toContain(rows[0].code);
    expect(Date.parse(rows[0].expires_at) - Date.parse(rows[0].created_at)).toBe(300 * SECOND);
  });

  it('never puts the code in the answer', async () => {
    const phone = freshPhone();
    const res = await sendSms(phone, 'register');
    expect(JSON.stringify(res.body)).not.toContain(server.smsCode(phone));
  });

  it('refuses a second code for the same phone and purpose within 60 seconds', async () => {
    const phone = freshPhone();
    await sendSms(phone, 'register');
    server.clock.advance(30 * SECOND);
    const again = await sendSms(phone, 'register');
    expect(again.status).toBe(429);
    expect(again.body.code).toBe(CODES.tooManyRequests);
    expect(again.body.msg).toBe('验证码发送过于频繁，请 30 秒后再试');
    expect(await outboxFor(phone)).toHaveLength(1);

    server.clock.advance(30 * SECOND);
    expect((await sendSms(phone, 'register')).status).toBe(200);
    expect(await outboxFor(phone)).toHaveLength(2);
  });

  it('keeps the cool-down of each purpose apart', async () => {
    const phone = freshPhone();
    expect((await sendSms(phone, 'register')).status).toBe(200);
    expect((await sendSms(phone, 'bind')).status).toBe(200);
    expect((await sendSms(phone, 'register')).status).toBe(429);
    expect((await sendSms(phone, 'bind')).status).toBe(429);
  });

  it.each(['register', 'bind'] as const)(
    'answers a %s request for a phone that has an account exactly like one for a free phone',
    async (purpose) => {
      const taken = '13800000001';
      const free = freshPhone();
      const first = [await sendSms(taken, purpose), await sendSms(free, purpose)];
      expect(first.map((r) => r.status)).toEqual([200, 200]);
      expect(first[0].body).toEqual(first[1].body);
      const second = [await sendSms(taken, purpose), await sendSms(free, purpose)];
      expect(second.map((r) => r.status)).toEqual([429, 429]);
      expect(second[0].body).toEqual(second[1].body);
      // The database does the same work for both: one row each.
      const [takenRows, freeRows] = [await outboxFor(taken), await outboxFor(free)];
      expect(takenRows.filter((r) => r.purpose === purpose)).toHaveLength(1);
      expect(freeRows).toHaveLength(1);
      // Only the phone's owner learns the difference: a code for the free phone, and for the
      // taken one a notice that carries no code and leaves nothing to spend.
      expect(server.smsCode(free)).toMatch(/^\d{6}$/);
      const notice = server.sms.findLast((m) => m.phone === taken)?.text;
      expect(notice).toBe(translate('zh-CN', 'sms.phoneHasAccount'));
      expect(notice).not.toMatch(/\d{6}/);
      const row = takenRows.find((r) => r.purpose === purpose);
      expect(row).toMatchObject({ code: '', delivered: 1 });
      expect(row?.used_at).not.toBeNull();
      expect(await spend(taken, purpose, '')).toBe(false);
    },
  );

  it('sends a bind code to a phone about to be bound to an account', async () => {
    const phone = freshPhone();
    expect((await sendSms(phone, 'bind')).status).toBe(200);
    expect(server.smsCode(phone)).toMatch(/^\d{6}$/);
  });

  it('sends a reset code to a phone that has an account', async () => {
    expect((await sendSms('13800000005', 'reset')).status).toBe(200);
    expect(server.smsCode('13800000005')).toMatch(/^\d{6}$/);
  });

  it('answers a reset request for an unknown phone just like one for a known phone', async () => {
    const unknown = freshPhone();
    const known = '13800000004';
    const first = [await sendSms(unknown, 'reset'), await sendSms(known, 'reset')];
    expect(first.map((r) => r.status)).toEqual([200, 200]);
    expect(first[0].body).toEqual(first[1].body);
    // Asking again at once must not tell them apart either.
    const second = [await sendSms(unknown, 'reset'), await sendSms(known, 'reset')];
    expect(second.map((r) => r.status)).toEqual([429, 429]);
    expect(second[0].body).toEqual(second[1].body);
    expect(server.sms.some((m) => m.phone === unknown)).toBe(false);
    // The withheld request is on record for the cool-down, but can never be spent.
    const rows = await outboxFor(unknown);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ delivered: 0, code: '' });
    expect(rows[0].used_at).not.toBeNull();
    expect(await spend(unknown, 'reset', '')).toBe(false);
  });

  it.each([
    ['phone', 'phone=12345&purpose=register'],
    ['phone', 'purpose=register'],
    ['purpose', `phone=13912345678&purpose=login`],
    ['purpose', 'phone=13912345678'],
  ])('refuses a bad %s with a 400 naming it (%s)', async (field, query) => {
    const res = await server.call('GET', `/api/send-sms?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path)).toEqual([field]);
    expect(res.body.errors?.[0].message).toBeTruthy();
  });
});

describe('spending SMS codes', () => {
  it('accepts a code once', async () => {
    const phone = freshPhone();
    const code = await requestCode(server, phone, 'register');
    expect(await spend(phone, 'register', code)).toBe(true);
    expect(await spend(phone, 'register', code)).toBe(false);
  });

  it('accepts a code only for its own purpose', async () => {
    const phone = freshPhone();
    const code = await requestCode(server, phone, 'bind');
    expect(await spend(phone, 'register', code)).toBe(false);
    expect(await spend(phone, 'bind', code)).toBe(true);
  });

  it('refuses a code after its 5 minutes', async () => {
    const phone = freshPhone();
    const code = await requestCode(server, phone, 'register');
    server.clock.advance(5 * 60 * SECOND);
    expect(await spend(phone, 'register', code)).toBe(false);
  });

  it('still accepts a code just before its 5 minutes are over', async () => {
    const phone = freshPhone();
    const code = await requestCode(server, phone, 'register');
    server.clock.advance(5 * 60 * SECOND - SECOND);
    expect(await spend(phone, 'register', code)).toBe(true);
  });

  it('spends a code after five wrong guesses', async () => {
    const phone = freshPhone();
    const code = await requestCode(server, phone, 'register');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect(await spend(phone, 'register', wrong)).toBe(false);
    expect(await spend(phone, 'register', code)).toBe(false);
  });

  it('still accepts the right code after four wrong guesses', async () => {
    const phone = freshPhone();
    const code = await requestCode(server, phone, 'register');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect(await spend(phone, 'register', wrong)).toBe(false);
    expect(await spend(phone, 'register', code)).toBe(true);
  });

  it('accepts only the newest code when a second one was sent', async () => {
    const phone = freshPhone();
    const first = await requestCode(server, phone, 'register');
    server.clock.advance(61 * SECOND);
    const second = await requestCode(server, phone, 'register');
    if (first !== second) expect(await spend(phone, 'register', first)).toBe(false);
    expect(await spend(phone, 'register', second)).toBe(true);
  });
});
