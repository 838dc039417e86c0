import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import {
  auditRows,
  lawFirmApplication,
  lawyerApplication,
  requestCode,
  validCreditCode,
  wrongCheckChar,
} from './fixtures';
import type { TestServer } from './harness';
import { registrationCalls, startRegistrationServer } from './registration-fixtures';

// Law firm registration, and what a wrong code tells; a lawyer's registration-lawyers.test.ts.
let server: TestServer;
let demoFirmId: number;
let serial = 0;
beforeAll(async () => {
  ({ server, demoFirmId } = await startRegistrationServer());
});
afterAll(() => server.close());

const { counts, register, login, firmOf, review } = registrationCalls(
  () => server,
  () => demoFirmId,
);

describe('law firm registration', () => {
  it('creates the firm and its contact person, both waiting for review', async () => {
    const application = await lawFirmApplication(server, ++serial);
    const res = await register('lawfirm', application);
    expect(res.status).toBe(200);
    expect(res.body.data.reviewStatus).toBe('auditing');
    const firmId = await firmOf(res.body.data.userId);
    const firm = await server.app.db
      .selectFrom('law_firms')
      .selectAll()
      .where('id', '=', firmId)
      .executeTakeFirstOrThrow();
    expect(firm).toMatchObject({
      name: application.firmName,
      credit_code: application.creditCode,
      contact_phone: application.phone,
      review_status: 'auditing',
    });
    expect(await auditRows(server, 'register.lawfirm', firmId)).toHaveLength(1);
  });

  it('keeps the new contact person out until the firm passes review', async () => {
    const application = await lawFirmApplication(server, ++serial);
    const { userId } = (await register('lawfirm', application)).body.data;

    const waiting = await login(application.phone, application.password);
    expect(waiting.status).toBe(403);
    expect(waiting.body.code).toBe(CODES.accountNotReviewed);
    expect(waiting.body.msg).toBe('账号正在审核中，审核通过后即可登录');

    const firmId = await firmOf(userId);
    const passed = await review('lawfirms', firmId, { status: 'passed' });
    expect(passed.status).toBe(200);
    expect(passed.body.data).toMatchObject({ reviewStatus: 'passed', reviewReason: null });
    expect(await auditRows(server, 'lawfirm.review.passed', firmId)).toHaveLength(1);
    expect((await login(application.phone, application.password)).status).toBe(200);
  });

  it('tells a rejected applicant the reason at sign-in', async () => {
    const application = await lawFirmApplication(server, ++serial);
    const { userId } = (await register('lawfirm', application)).body.data;
    const firmId = await firmOf(userId);
    const decided = await review('lawfirms', firmId, { status: 'rejected', reason: '执业许可证已过期' });
    expect(decided.body.data).toMatchObject({ reviewStatus: 'rejected', reviewReason: '执业许可证已过期' });
    const firm = await server.app.db
      .selectFrom('law_firms')
      .select(['review_status', 'review_reason', 'reviewer_id', 'reviewed_at'])
      .where('id', '=', firmId)
      .executeTakeFirstOrThrow();
    expect(firm).toMatchObject({
      review_status: 'rejected',
      review_reason: '执业许可证已过期',
      reviewer_id: await server.userId('13800000003'),
    });
    expect(await auditRows(server, 'lawfirm.review.rejected', firmId)).toHaveLength(1);
    const res = await login(application.phone, application.password);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(CODES.accountNotReviewed);
    expect(res.body.msg).toBe('账号审核未通过：执业许可证已过期');
  });

  it('says nothing about the review to someone without the password', async () => {
    const application = await lawFirmApplication(server, ++serial);
    await register('lawfirm', application);
    const res = await login(application.phone, 'Wrong@2026');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('账号或密码错误');
  });

  it('requires a reason to reject', async () => {
    const application = await lawFirmApplication(server, ++serial);
    const { userId } = (await register('lawfirm', application)).body.data;
    const res = await review('lawfirms', await firmOf(userId), { status: 'rejected' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path)).toEqual(['reason']);
  });

  it('answers 404 for a firm that does not exist', async () => {
    expect((await review('lawfirms', 999_999, { status: 'passed' })).status).toBe(404);
  });

  it('accepts a credit code typed in lower case and stores it in upper case', async () => {
    const application = await lawFirmApplication(server, ++serial);
    const creditCode = validCreditCode(++serial, 'MA');
    const res = await register('lawfirm', { ...application, creditCode: creditCode.toLowerCase() });
    expect(res.status).toBe(200);
    const firm = await server.app.db
      .selectFrom('law_firms')
      .select('credit_code')
      .where('id', '=', await firmOf(res.body.data.userId))
      .executeTakeFirstOrThrow();
    expect(firm.credit_code).toBe(creditCode);
  });

  it('answers a phone that already has an account as a wrong code (it never gets one), and writes nothing', async () => {
    const application = await lawFirmApplication(server, ++serial);
    const before = await counts();
    const res = await register('lawfirm', { ...application, phone: '13800000005' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path)).toEqual(['code']);
    expect(await counts()).toEqual(before);
  });

  it('refuses a credit code already registered, naming the field; the code is spent', async () => {
    const first = await lawFirmApplication(server, ++serial);
    expect((await register('lawfirm', first)).status).toBe(200);
    const second = await lawFirmApplication(server, ++serial);
    const before = await counts();
    const res = await register('lawfirm', { ...second, creditCode: first.creditCode });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(CODES.conflict);
    expect(res.body.errors?.map((e) => e.path)).toEqual(['creditCode']);
    expect(await counts()).toEqual(before);
    // The code was checked and spent first, so the corrected application needs a new one.
    const spent = await register('lawfirm', second);
    expect(spent.status).toBe(400);
    expect(spent.body.errors?.map((e) => e.path)).toEqual(['code']);
    server.clock.advance(61_000);
    const code = await requestCode(server, second.phone, 'register');
    expect((await register('lawfirm', { ...second, code })).status).toBe(200);
  });

  it('answers 409, not 500, when two applications race for one credit code', async () => {
    const first = await lawFirmApplication(server, ++serial);
    const second = await lawFirmApplication(server, ++serial);
    const answers = await Promise.all([
      register('lawfirm', first),
      register('lawfirm', { ...second, creditCode: first.creditCode }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409);
    expect(refused?.body.errors?.map((e) => e.path)).toEqual(['creditCode']);
    expect(refused?.body.msg).toBe('该统一社会信用代码已被注册');
  });

  it('refuses a credit code with a wrong check character with a 400 naming creditCode', async () => {
    const application = await lawFirmApplication(server, ++serial);
    const before = await counts();
    const res = await register('lawfirm', {
      ...application,
      creditCode: wrongCheckChar(application.creditCode),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path)).toEqual(['creditCode']);
    expect(res.body.errors?.[0].message).toContain('GB 32100-2015');
    expect(await counts()).toEqual(before);
  });

  it('refuses a wrong SMS code and writes nothing', async () => {
    const application = await lawFirmApplication(server, ++serial);
    const before = await counts();
    const res = await register('lawfirm', {
      ...application,
      code: application.code === '123456' ? '654321' : '123456',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path)).toEqual(['code']);
    expect(await counts()).toEqual(before);
  });

  it('names every wrong field of an application at once', async () => {
    const before = await counts();
    const res = await register('lawfirm', {
      firmName: 'x',
      regionCode: '44',
      creditCode: 'nope',
      contactName: '',
      phone: '123',
      code: '12',
      password: 'weak',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path).sort()).toEqual(
      ['code', 'contactName', 'creditCode', 'firmName', 'password', 'phone', 'regionCode'].sort(),
    );
    expect(await counts()).toEqual(before);
  });
});

describe('registration tells nothing to whoever lacks the code', () => {
  /** Everything a wrong-code answer shows, to compare a taken value's answer with a free one's. */
  const answerOf = (res: Awaited<ReturnType<typeof register>>) => ({
    status: res.status,
    code: res.body.code,
    msg: res.body.msg,
    errors: res.body.errors,
  });

  it('answers a wrong code the same whether the phone, licence number or credit code is taken or free', async () => {
    const takenFirm = await lawFirmApplication(server, ++serial);
    expect((await register('lawfirm', takenFirm)).status).toBe(200);
    const takenLawyer = await lawyerApplication(server, demoFirmId);
    expect((await register('lawyer', takenLawyer)).status).toBe(200);

    const firm = await lawFirmApplication(server, ++serial);
    const lawyer = await lawyerApplication(server, demoFirmId);
    const wrong = { code: firm.code === '000000' ? '000001' : '000000' };
    const firmAnswers = [
      await register('lawfirm', { ...firm, ...wrong }),
      await register('lawfirm', { ...firm, ...wrong, phone: '13800000004' }),
      await register('lawfirm', { ...firm, ...wrong, creditCode: takenFirm.creditCode }),
    ].map(answerOf);
    const lawyerWrong = { code: lawyer.code === '000000' ? '000001' : '000000' };
    const lawyerAnswers = [
      await register('lawyer', { ...lawyer, ...lawyerWrong }),
      await register('lawyer', { ...lawyer, ...lawyerWrong, phone: '13800000005' }),
      await register('lawyer', { ...lawyer, ...lawyerWrong, licenceNo: takenLawyer.licenceNo }),
    ].map(answerOf);
    for (const answers of [firmAnswers, lawyerAnswers]) {
      expect(answers[0]).toMatchObject({ status: 400, errors: [{ path: 'code' }] });
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
    }
  });
});
