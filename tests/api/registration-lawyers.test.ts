import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import { auditRows, freshLicenceNo, lawFirmApplication, lawyerApplication } from './fixtures';
import type { TestServer } from './harness';
import { registrationCalls, startRegistrationServer } from './registration-fixtures';

// A lawyer's registration and its review; a firm's is registration.test.ts.
let server: TestServer;
let demoFirmId: number;
let serial = 0;
beforeAll(async () => {
  ({ server, demoFirmId } = await startRegistrationServer());
});
afterAll(() => server.close());

const { counts, register, login, firmOf, lawyerIdOf, review, otherContactPerson } = registrationCalls(
  () => server,
  () => demoFirmId,
);

describe('lawyer registration', () => {
  it('keeps a new lawyer out until the review passes', async () => {
    const application = await lawyerApplication(server, demoFirmId);
    const res = await register('lawyer', application);
    expect(res.status).toBe(200);
    expect(res.body.data.reviewStatus).toBe('auditing');
    const lawyerId = await lawyerIdOf(res.body.data.userId);
    expect(await auditRows(server, 'register.lawyer', lawyerId)).toHaveLength(1);

    const waiting = await login(application.phone, application.password, 'en');
    expect(waiting.status).toBe(403);
    expect(waiting.body.code).toBe(CODES.accountNotReviewed);
    expect(waiting.body.msg).toBe('This account is under review; you can log in once it is approved');

    expect((await review('lawyers', lawyerId, { status: 'passed' })).status).toBe(200);
    expect(await auditRows(server, 'lawyer.review.passed', lawyerId)).toHaveLength(1);
    expect((await login(application.phone, application.password)).status).toBe(200);
  });

  it('tells a rejected lawyer the reason at sign-in', async () => {
    const application = await lawyerApplication(server, demoFirmId);
    const { userId } = (await register('lawyer', application)).body.data;
    await review('lawyers', await lawyerIdOf(userId), { status: 'rejected', reason: '执业证书照片不清晰' });
    const res = await login(application.phone, application.password);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('账号审核未通过：执业证书照片不清晰');
  });

  it("lets a firm's contact person review the firm's own lawyers", async () => {
    const application = await lawyerApplication(server, demoFirmId);
    const { userId } = (await register('lawyer', application)).body.data;
    const res = await review(
      'lawyers',
      await lawyerIdOf(userId),
      { status: 'passed' },
      await server.sessionFor('lawfirmContactPerson'),
    );
    expect(res.status).toBe(200);
    expect((await login(application.phone, application.password)).status).toBe(200);
  });

  it("does not let a contact person review another firm's lawyer", async () => {
    const application = await lawyerApplication(server, demoFirmId);
    const { userId } = (await register('lawyer', application)).body.data;
    const lawyerId = await lawyerIdOf(userId);
    const other = await otherContactPerson();
    const res = await review('lawyers', lawyerId, { status: 'passed' }, other.token);
    expect(res.status).toBe(404);
    const row = await server.app.db
      .selectFrom('lawyers')
      .select('review_status')
      .where('id', '=', lawyerId)
      .executeTakeFirstOrThrow();
    expect(row.review_status).toBe('auditing');
  });

  it('lists only firms that passed review as open for lawyers', async () => {
    const application = await lawFirmApplication(server, ++serial);
    const firmId = await firmOf((await register('lawfirm', application)).body.data.userId);
    const list = async () =>
      (await server.call<{ list: Array<{ id: number }> }>('GET', '/api/register/lawfirms')).body.data.list;
    const passed = await server.app.db
      .selectFrom('law_firms')
      .select('id')
      .where('review_status', '=', 'passed')
      .execute();
    expect((await list()).map((f) => f.id).sort((a, b) => a - b)).toEqual(
      passed.map((f) => f.id).sort((a, b) => a - b),
    );
    expect((await list()).some((f) => f.id === firmId)).toBe(false);
    await review('lawfirms', firmId, { status: 'passed' });
    expect((await list()).some((f) => f.id === firmId)).toBe(true);
  });

  it('refuses a firm that has not passed review, naming lawFirmId', async () => {
    const application = await lawFirmApplication(server, ++serial);
    const firmId = await firmOf((await register('lawfirm', application)).body.data.userId);
    const lawyer = await lawyerApplication(server, firmId);
    const before = await counts();
    const res = await register('lawyer', lawyer);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path)).toEqual(['lawFirmId']);
    expect(await counts()).toEqual(before);
  });

  it('refuses a licence number already registered, naming the field, and writes nothing', async () => {
    const first = await lawyerApplication(server, demoFirmId);
    expect((await register('lawyer', first)).status).toBe(200);
    const second = await lawyerApplication(server, demoFirmId);
    const before = await counts();
    const res = await register('lawyer', { ...second, licenceNo: first.licenceNo });
    expect(res.status).toBe(409);
    expect(res.body.errors?.map((e) => e.path)).toEqual(['licenceNo']);
    expect(await counts()).toEqual(before);
  });

  it('answers 409, not 500, when two applications race for one licence number', async () => {
    const first = await lawyerApplication(server, demoFirmId);
    const second = await lawyerApplication(server, demoFirmId);
    const answers = await Promise.all([
      register('lawyer', first),
      register('lawyer', { ...second, licenceNo: first.licenceNo }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.errors?.map((e) => e.path)).toEqual(['licenceNo']);
  });

  it('answers a phone that already has an account as a wrong code (it never gets one)', async () => {
    const application = await lawyerApplication(server, demoFirmId);
    const before = await counts();
    const res = await register('lawyer', { ...application, phone: '13800000001' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path)).toEqual(['code']);
    expect(await counts()).toEqual(before);
  });

  it('requires the agreement to be accepted', async () => {
    const application = await lawyerApplication(server, demoFirmId);
    const res = await register('lawyer', { ...application, agreed: false });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'agreed', message: '请阅读并同意《律师入驻协议》' }]);
  });

  it('refuses a licence number that is not 17 digits', async () => {
    const application = await lawyerApplication(server, demoFirmId);
    const res = await register('lawyer', { ...application, licenceNo: `${freshLicenceNo()}0` });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path)).toEqual(['licenceNo']);
  });

  it('does not let a phone register twice with one code', async () => {
    const application = await lawyerApplication(server, demoFirmId);
    expect((await register('lawyer', application)).status).toBe(200);
    const again = await register('lawyer', { ...application, licenceNo: freshLicenceNo() });
    expect(again.status).toBe(400);
    expect(again.body.errors?.map((e) => e.path)).toEqual(['code']);
  });
});
