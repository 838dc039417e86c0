import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../contract/auth';
import { issueCode } from '../../server/sms/codes';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

function lastCodeSentTo(phone: string) {
  const text = server.sms.findLast((m) => m.phone === phone)?.text ?? '';
  const code = /\d{6}/.exec(text)?.[0];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

/** A bind code for a free phone, requested the way the settings page does. */
async function bindCode(phone: string) {
  const res = await server.call('GET', `/api/send-sms?phone=${phone}&purpose=bind`);
  if (res.status !== 200) throw new Error(`send-sms ${phone}: ${res.status} ${JSON.stringify(res.body)}`);
  return lastCodeSentTo(phone);
}

function otherThan(code: string) {
  return code === '000000' ? '111111' : '000000';
}

async function phoneOf(userId: number) {
  const row = await server.app.db
    .selectFrom('users')
    .select('phone')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.phone;
}

describe('security phone', () => {
  it('binds a new phone with its bind code, answers the new user info and writes an audit row', async () => {
    const id = await server.userId('13800000005');
    const token = await server.sessionFor('lawyer');
    const code = await bindCode('13700000055');
    const res = await server.call<UserInfo>('POST', '/api/user/bind-phone', {
      token,
      body: { phone: '13700000055', code },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.phone).toBe('13700000055');
    expect(await phoneOf(id)).toBe('13700000055');
    const audit = await server.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.bindPhone')
      .where('entity_id', '=', String(id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].summary).toContain('137****0055');

    // The code is single use.
    const again = await server.call('POST', '/api/user/bind-phone', {
      token,
      body: { phone: '13700000055', code },
    });
    expect(again.status).toBe(400);
  });

  it('refuses a phone that belongs to another account (409) once its code is proven, spending the code', async () => {
    const token = await server.sessionFor('caseOperation');
    const taken = '13800000003';
    await server.app.db.deleteFrom('sms_outbox').where('phone', '=', taken).execute();
    // The send-sms route sends a taken phone a notice, never a code; a code issued before the
    // phone was taken must still not bind it.
    await issueCode(server.app, taken, 'bind');
    const code = lastCodeSentTo(taken);
    const res = await server.call('POST', '/api/user/bind-phone', { token, body: { phone: taken, code } });
    expect(res.status).toBe(409);
    expect(res.body.errors?.[0]).toMatchObject({ path: 'phone' });
    // Only the holder of the code got this far, and the code is spent: it cannot be replayed.
    const live = await server.app.db
      .selectFrom('sms_outbox')
      .select('used_at')
      .where('phone', '=', taken)
      .where('purpose', '=', 'bind')
      .executeTakeFirstOrThrow();
    expect(live.used_at).not.toBeNull();
  });

  it('answers a wrong code for a taken phone exactly as for a free one (no account is revealed)', async () => {
    const token = await server.sessionFor('bussinessOperation');
    const taken = '13800000004';
    const free = '13700000044';
    await server.app.db.deleteFrom('sms_outbox').where('phone', 'in', [taken, free]).execute();
    await issueCode(server.app, taken, 'bind');
    await issueCode(server.app, free, 'bind');
    const takenRes = await server.call('POST', '/api/user/bind-phone', {
      token,
      body: { phone: taken, code: otherThan(lastCodeSentTo(taken)) },
    });
    const freeRes = await server.call('POST', '/api/user/bind-phone', {
      token,
      body: { phone: free, code: otherThan(lastCodeSentTo(free)) },
    });
    expect(takenRes.status).toBe(400);
    expect(takenRes.body.errors?.[0]).toMatchObject({ path: 'code' });
    expect({
      status: freeRes.status,
      code: freeRes.body.code,
      msg: freeRes.body.msg,
      errors: freeRes.body.errors,
    }).toEqual({
      status: takenRes.status,
      code: takenRes.body.code,
      msg: takenRes.body.msg,
      errors: takenRes.body.errors,
    });
  });

  it('refuses a wrong code and counts it against the code', async () => {
    const id = await server.userId('13800000002');
    const token = await server.sessionFor('caseOperation');
    const code = await bindCode('13700000022');
    const res = await server.call('POST', '/api/user/bind-phone', {
      token,
      body: { phone: '13700000022', code: otherThan(code) },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]).toMatchObject({ path: 'code' });
    expect(await phoneOf(id)).toBe('13800000002');
    const row = await server.app.db
      .selectFrom('sms_outbox')
      .select('attempts')
      .where('phone', '=', '13700000022')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
  });

  it('refuses the current phone and malformed input', async () => {
    const token = await server.sessionFor('admin');
    const same = await server.call('POST', '/api/user/bind-phone', {
      token,
      body: { phone: '13800000006', code: '123456' },
    });
    expect(same.status).toBe(400);
    const bad = await server.call('POST', '/api/user/bind-phone', {
      token,
      body: { phone: '123', code: '12' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.path).sort()).toEqual(['code', 'phone']);
  });

  it('needs a signed-in caller', async () => {
    const res = await server.call('POST', '/api/user/bind-phone', {
      body: { phone: '13700000099', code: '123456' },
    });
    expect(res.status).toBe(401);
  });
});
