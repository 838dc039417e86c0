import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CertificationOverview,
  CertificationRecord,
  CertificationReviewRow,
} from '../../contract/certifications';
import type { Message } from '../../contract/notifications';
import { application, withWrongCheck } from './certification-fixtures';
import { createAccount } from './fixtures';
import { startServer, type TestServer } from './harness';

type Role = Parameters<TestServer['sessionFor']>[0];

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

async function auditRows(action: string) {
  return server.app.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
}

async function stateOf(phone: string) {
  const row = await server.app.db
    .selectFrom('users')
    .select('certification')
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
  return row.certification;
}

describe('enterprise certification', () => {
  it('shows a certified contact person their enterprise and record table', async () => {
    const token = await server.sessionFor('lawfirmContactPerson');
    const overview = await server.call<CertificationOverview>('GET', '/api/user/certification', { token });
    expect(overview.status).toBe(200);
    expect(overview.body.data.state).toBe('enterprise');
    expect(overview.body.data.current?.status).toBe('passed');
    expect(overview.body.data.pending).toBeNull();

    const records = await server.call<{ list: CertificationRecord[]; total: number }>(
      'GET',
      '/api/user/certifications',
      { token },
    );
    expect(records.status).toBe(200);
    expect(records.body.data.total).toBe(records.body.data.list.length);
    expect(records.body.data.list.map((r) => r.id)).toContain(overview.body.data.current?.id);
  });

  it('takes an application, masks the legal person’s ID number and sets the account auditing', async () => {
    const token = await server.sessionFor('lawyer');
    const audits = (await auditRows('certification.submit')).length;
    const res = await server.call<CertificationRecord>('POST', '/api/user/certifications', {
      token,
      body: application,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'auditing', enterpriseName: application.enterpriseName });
    const id = application.legalPersonIdNumber;
    expect(res.body.data.legalPersonIdNumber).toBe(`${id.slice(0, 6)}********${id.slice(-4)}`);
    const stored = await server.app.db
      .selectFrom('certifications')
      .select('legal_person_id_number')
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.legal_person_id_number).not.toContain('19900307');
    expect(await stateOf('13800000005')).toBe('auditing');
    expect((await auditRows('certification.submit')).length).toBe(audits + 1);

    const overview = await server.call<CertificationOverview>('GET', '/api/user/certification', { token });
    expect(overview.body.data).toMatchObject({ state: 'auditing', current: null });
    expect(overview.body.data.pending?.id).toBe(res.body.data.id);
  });

  it('refuses a second application while one is under review (409)', async () => {
    const token = await server.sessionFor('bussinessOperation');
    const first = await server.call('POST', '/api/user/certifications', { token, body: application });
    expect(first.status).toBe(200);
    const second = await server.call('POST', '/api/user/certifications', { token, body: application });
    expect(second.status).toBe(409);
    expect(second.body.msg).toContain('审核中');
  });

  it('names every wrong field: credit code check character, ID number, phone', async () => {
    const token = await server.sessionFor('caseOperation');
    const res = await server.call('POST', '/api/user/certifications', {
      token,
      body: {
        ...application,
        creditCode: withWrongCheck(application.creditCode),
        contactPhone: '12345',
        enterpriseCertType: 'other',
      },
    });
    expect(res.status).toBe(400);
    const paths = res.body.errors?.map((e) => e.path) ?? [];
    expect(paths).toEqual(expect.arrayContaining(['creditCode', 'contactPhone', 'enterpriseCertType']));
    expect(res.body.errors?.find((e) => e.path === 'creditCode')?.message).toContain('统一社会信用代码');
  });

  it('checks the ID number against its document type', async () => {
    const token = await server.sessionFor('caseOperation');
    const wrongId = await server.call('POST', '/api/user/certifications', {
      token,
      body: { ...application, legalPersonIdNumber: withWrongCheck(application.legalPersonIdNumber) },
    });
    expect(wrongId.status).toBe(400);
    expect(wrongId.body.errors?.[0]).toMatchObject({ path: 'legalPersonIdNumber' });

    const passport = await server.call<CertificationRecord>('POST', '/api/user/certifications', {
      token,
      body: { ...application, legalPersonIdType: 'passport', legalPersonIdNumber: 'e12345678' },
    });
    expect(passport.status).toBe(200);
    expect(passport.body.data.legalPersonIdNumber).toBe('E1*****78');
  });

  it('lets the applicant withdraw while under review, and only then', async () => {
    const token = await server.sessionFor('admin');
    const submitted = await server.call<CertificationRecord>('POST', '/api/user/certifications', {
      token,
      body: application,
    });
    const id = submitted.body.data.id;
    const audits = (await auditRows('certification.withdraw')).length;

    const res = await server.call<CertificationRecord>('POST', `/api/user/certifications/${id}/withdraw`, {
      token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('withdrawn');
    expect(await stateOf('13800000006')).toBe('none');
    expect((await auditRows('certification.withdraw')).length).toBe(audits + 1);

    const again = await server.call('POST', `/api/user/certifications/${id}/withdraw`, { token });
    expect(again.status).toBe(409);
  });

  it('keeps a certified account certified when it withdraws a new application', async () => {
    const token = await server.sessionFor('lawfirmContactPerson');
    const submitted = await server.call<CertificationRecord>('POST', '/api/user/certifications', {
      token,
      body: application,
    });
    expect(await stateOf('13800000004')).toBe('enterprise');
    await server.call('POST', `/api/user/certifications/${submitted.body.data.id}/withdraw`, { token });
    expect(await stateOf('13800000004')).toBe('enterprise');
  });

  it('answers 404 for another user’s record and leaves it alone', async () => {
    const owner = await server.sessionFor('superAdmin');
    const submitted = await server.call<CertificationRecord>('POST', '/api/user/certifications', {
      token: owner,
      body: application,
    });
    const stranger = await server.sessionFor('lawyer');
    const res = await server.call('POST', `/api/user/certifications/${submitted.body.data.id}/withdraw`, {
      token: stranger,
    });
    expect(res.status).toBe(404);
    const row = await server.app.db
      .selectFrom('certifications')
      .select('status')
      .where('id', '=', submitted.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('auditing');
  });

  it('needs a signed-in caller', async () => {
    expect((await server.call('GET', '/api/user/certification')).status).toBe(401);
    expect((await server.call('POST', '/api/user/certifications', { body: application })).status).toBe(401);
  });
});

describe('certification review', () => {
  /** A new account with an application under review, and its session. */
  async function applicant() {
    const account = await createAccount(server, 'caseOperation');
    const token = await server.login(account.phone, account.password);
    const res = await server.call<CertificationRecord>('POST', '/api/user/certifications', {
      token,
      body: application,
    });
    if (res.status !== 200) throw new Error(`application failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { ...account, token, recordId: res.body.data.id };
  }
  // Each decision names the version it was taken on (the one the list showed).
  const storedVersion = async (id: number) =>
    (
      await server.app.db
        .selectFrom('certifications')
        .select('version')
        .where('id', '=', id)
        .executeTakeFirst()
    )?.version;
  const review = async (id: number, body: Record<string, unknown>, role: Role = 'bussinessOperation') =>
    server.call<CertificationReviewRow>('PUT', `/api/certifications/${id}/review`, {
      token: await server.sessionFor(role),
      body: { version: (await storedVersion(id)) ?? 1, ...body },
    });
  const list = async (query: string, role: Role = 'bussinessOperation') =>
    server.call<{ list: CertificationReviewRow[]; total: number }>('GET', `/api/certifications?${query}`, {
      token: await server.sessionFor(role),
    });
  const messagesOf = async (token: string) =>
    (await server.call<{ list: Message[] }>('GET', '/api/message/list?limit=50', { token })).body.data.list;

  it('starts the demo with firms waiting for review, each account marked under review', async () => {
    const waiting = await server.app.db
      .selectFrom('certifications as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['u.certification', 'c.reviewed_at'])
      .where('c.status', '=', 'auditing')
      .where('u.role', '=', 'lawfirmContactPerson')
      .execute();
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((w) => w.certification === 'auditing' && w.reviewed_at === null)).toBe(true);
  });

  it('lists applications under review with the applicant, newest first, phones masked for business operations', async () => {
    const a = await applicant();
    const res = await list('status=auditing&pageSize=100');
    expect(res.status).toBe(200);
    expect(res.body.data.list.every((r) => r.status === 'auditing')).toBe(true);
    const row = res.body.data.list.find((r) => r.id === a.recordId);
    expect(row).toMatchObject({
      userId: a.id,
      applicantName: '测试账号',
      enterpriseName: application.enterpriseName,
    });
    // bussinessOperation holds phones.read over everyone; the super admin too.
    expect(row?.applicantPhone).toBe(a.phone);
    const submitted = res.body.data.list.map((r) => r.submittedAt);
    expect(submitted).toEqual([...submitted].sort().reverse());
    const counted = await server.app.db
      .selectFrom('certifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'auditing')
      .executeTakeFirstOrThrow();
    expect(res.body.data.total).toBe(Number(counted.n));
    const bad = await list('status=approved');
    expect(bad.status).toBe(400);
  });

  it('passes an application: the account is certified and the applicant told', async () => {
    const a = await applicant();
    const res = await review(a.recordId, { status: 'passed' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'passed', reason: null, reviewerName: expect.any(String) });
    expect(await stateOf(a.phone)).toBe('enterprise');
    const notice = (await messagesOf(a.token)).find((m) => m.title === '实名认证已通过');
    expect(notice?.content).toContain(application.enterpriseName);
    expect(notice?.link).toBe('/user/setting');
    expect(
      (await auditRows('certification.review.passed')).some((r) => r.entity_id === String(a.recordId)),
    ).toBe(true);
  });

  it('rejects only with a reason, which the applicant reads; the account is no longer under review', async () => {
    const a = await applicant();
    const noReason = await review(a.recordId, { status: 'rejected' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors?.map((e) => e.path)).toEqual(['reason']);
    expect(await stateOf(a.phone)).toBe('auditing');

    const res = await review(a.recordId, { status: 'rejected', reason: '营业执照照片不清晰' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'rejected', reason: '营业执照照片不清晰' });
    expect(await stateOf(a.phone)).toBe('none');
    const notice = (await messagesOf(a.token)).find((m) => m.title === '实名认证未通过');
    expect(notice?.content).toContain('营业执照照片不清晰');

    const again = await review(a.recordId, { status: 'passed' });
    expect(again.status).toBe(409);
    expect(await stateOf(a.phone)).toBe('none');
  });

  it('refuses a withdrawn application, a missing one, and roles that do not review', async () => {
    const a = await applicant();
    expect((await review(a.recordId, { status: 'passed' }, 'caseOperation')).status).toBe(403);
    expect((await review(a.recordId, { status: 'passed' }, 'lawyer')).status).toBe(403);
    expect((await list('', 'lawfirmContactPerson')).status).toBe(403);
    await server.call('POST', `/api/user/certifications/${a.recordId}/withdraw`, { token: a.token });
    expect((await review(a.recordId, { status: 'passed' })).status).toBe(409);
    expect(await stateOf(a.phone)).toBe('none');
    expect((await review(999_999, { status: 'passed', version: 1 })).status).toBe(404);
  });
});
