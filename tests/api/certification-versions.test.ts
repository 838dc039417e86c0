import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CertificationOverview,
  CertificationRecord,
  CertificationReviewRow,
} from '../../contract/certifications';
import { application } from './certification-fixtures';
import { createAccount, uploadLicenceImage } from './fixtures';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('certification: versions, landlines, personal certification, rejection shown', () => {
  async function applicantWith(body: Record<string, unknown>, role = 'caseOperation') {
    const account = await createAccount(server, role);
    const token = await server.login(account.phone, account.password);
    const res = await server.call<CertificationRecord>('POST', '/api/user/certifications', { token, body });
    return { token, res };
  }
  const decide = async (id: number, body: Record<string, unknown>) =>
    server.call<CertificationReviewRow>('PUT', `/api/certifications/${id}/review`, {
      token: await server.sessionFor('bussinessOperation'),
      body,
    });

  it('serves version 1, needs it (400 at version) and answers a stale decision 409 with the stored figures', async () => {
    const { res } = await applicantWith(application);
    expect(res.status).toBe(200);
    expect(res.body.data.version).toBe(1);
    const id = res.body.data.id;
    const missing = await decide(id, { status: 'passed' });
    expect(missing.status).toBe(400);
    expect((missing.body.errors ?? []).map((e) => e.path)).toEqual(['version']);
    expect((await decide(id, { status: 'rejected', reason: '执照模糊', version: 1 })).status).toBe(200);
    const stale = await decide(id, { status: 'passed', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({
      version: 2,
      savedBy: { id: await server.userId('13800000003') },
    });
  });

  it('accepts a landline (area code and number) as the contact phone, stored as 0755-12345678', async () => {
    const { res } = await applicantWith({ ...application, contactPhone: '(0755) 1234 5678' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.contactPhone).toBe('0755-12345678');
    const wrong = await applicantWith({ ...application, contactPhone: '12345' });
    expect(wrong.res.status).toBe(400);
    expect((wrong.res.body.errors ?? []).map((e) => e.path)).toEqual(['contactPhone']);
  });

  it('lets a lawyer apply for personal certification with the licence number and its uploaded image', async () => {
    const token = await server.sessionFor('lawyer');
    const pending = (await server.call<CertificationOverview>('GET', '/api/user/certification', { token }))
      .body.data.pending;
    if (pending) await server.call('POST', `/api/user/certifications/${pending.id}/withdraw`, { token });
    const noFile = await server.call('POST', '/api/user/certifications', {
      token,
      body: {
        certType: 'personal',
        legalPersonName: '李律师',
        legalPersonIdType: 'residentIdCard',
        legalPersonIdNumber: application.legalPersonIdNumber,
        licenceNo: '14403201710012345',
        contactPhone: '13912345678',
      },
    });
    expect(noFile.status).toBe(400);
    expect((noFile.body.errors ?? []).map((e) => e.path)).toEqual(['licenceFileId']);

    const fileId = await uploadLicenceImage(server, token);
    const res = await server.call<CertificationRecord>('POST', '/api/user/certifications', {
      token,
      body: {
        certType: 'personal',
        legalPersonName: '李律师',
        legalPersonIdType: 'residentIdCard',
        legalPersonIdNumber: application.legalPersonIdNumber,
        licenceNo: '14403201710012345',
        contactPhone: '010-87654321',
        licenceFileId: fileId,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      certType: 'personal',
      licenceNo: '14403201710012345',
      licenceFile: { name: '执业证.png' },
    });
    const image = await fetch(`${server.url}${res.body.data.licenceFile?.url}`, {
      headers: { authorization: `Bearer ${await server.sessionFor('bussinessOperation')}` },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const other = await fetch(`${server.url}${res.body.data.licenceFile?.url}`, {
      headers: { authorization: `Bearer ${await server.sessionFor('caseOperation')}` },
    });
    expect(other.status).toBe(404);

    // Rejected: the applicant's panel reads the rejection and why.
    expect(
      (await decide(res.body.data.id, { status: 'rejected', reason: '执业证已过期', version: 1 })).status,
    ).toBe(200);
    const overview = await server.call<CertificationOverview>('GET', '/api/user/certification', { token });
    expect(overview.body.data.pending).toBeNull();
    expect(overview.body.data.latest).toMatchObject({ status: 'rejected', reason: '执业证已过期' });
  });

  it('refuses personal certification to an account that is not a lawyer', async () => {
    const { res } = await applicantWith({
      certType: 'personal',
      legalPersonName: '王五',
      legalPersonIdType: 'residentIdCard',
      legalPersonIdNumber: application.legalPersonIdNumber,
      licenceNo: '14403201710012345',
      contactPhone: '13912345678',
      licenceFileId: 999999,
    });
    expect(res.status).toBe(400);
    expect((res.body.errors ?? []).map((e) => e.path)).toEqual(['certType']);
  });
});
