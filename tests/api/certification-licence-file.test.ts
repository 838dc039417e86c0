import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CertificationOverview,
  CertificationRecord,
  CertificationReviewRow,
} from '../../contract/certifications';
import type { TablePage } from '../../contract/pages/descriptor';
import { letterPages } from '../../server/pages/catalog/letters';
import { uploadLicenceImage } from './fixtures';
import { startServer, type TestServer } from './harness';

/**
 * The certification review queue opens the licence image an applicant uploaded: its rows say
 * whether there is one and where, the page offers 查看证照 on those rows, and the server serves
 * the image to the reviewers (the roles holding certifications.review) and its applicant only.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);

/** A resident ID number with its GB 11643 check character. */
function residentId(first17: string) {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((acc, d, i) => acc + Number(d) * weights[i], 0);
  return first17 + '10X98765432'[sum % 11];
}

async function applyWithImage(token: string) {
  // One application at a time: an earlier one still pending is withdrawn first.
  const pending = (await server.call<CertificationOverview>('GET', '/api/user/certification', { token })).body
    .data.pending;
  if (pending) await server.call('POST', `/api/user/certifications/${pending.id}/withdraw`, { token });
  const fileId = await uploadLicenceImage(server, token, PNG);
  const res = await server.call<CertificationRecord>('POST', '/api/user/certifications', {
    token,
    body: {
      certType: 'personal',
      legalPersonName: '李律师',
      legalPersonIdType: 'residentIdCard',
      legalPersonIdNumber: residentId('11010119900307123'),
      licenceNo: '14403201710012345',
      contactPhone: '13912345678',
      licenceFileId: fileId,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const open = (url: string, token?: string) =>
  fetch(`${server.url}${url}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

describe('the licence image in the certification review queue', () => {
  it('is named on the row and served to reviewers and the applicant, byte for byte', async () => {
    const applicant = await server.sessionFor('lawyer');
    const record = await applyWithImage(applicant);
    const url = record.licenceFile?.url;
    if (!url) throw new Error('no licence file on the application');

    const queue = await server.call<{ list: CertificationReviewRow[] }>(
      'GET',
      '/api/certifications?status=auditing&pageSize=100',
      { token: await server.sessionFor('bussinessOperation') },
    );
    expect(queue.status).toBe(200);
    const row = queue.body.data.list.find((r) => r.id === record.id);
    expect(row).toMatchObject({ hasLicenceFile: true, licenceFile: { name: '执业证.png', url } });

    for (const token of [
      applicant,
      await server.sessionFor('bussinessOperation'),
      await server.sessionFor('superAdmin'),
    ]) {
      const image = await open(url, token);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    }
  });

  it('is refused to everyone else: other roles 404, no session 401', async () => {
    const record = await applyWithImage(await server.sessionFor('lawyer'));
    const url = record.licenceFile?.url as string;
    for (const role of ['caseOperation', 'lawfirmContactPerson', 'admin'] as const) {
      const res = await open(url, await server.sessionFor(role));
      expect(res.status, role).toBe(404);
      expect(res.headers.get('content-type')).not.toBe('image/png');
    }
    expect((await open(url)).status).toBe(401);
  });

  it('marks rows without an image, and the page offers 查看证照 only on rows that have one', async () => {
    const rows = (
      await server.call<{ list: CertificationReviewRow[] }>('GET', '/api/certifications?pageSize=100', {
        token: await server.sessionFor('bussinessOperation'),
      })
    ).body.data.list;
    for (const row of rows) expect(row.hasLicenceFile).toBe(row.licenceFile !== null);
    expect(rows.some((r) => !r.hasLicenceFile)).toBe(true);

    const page = letterPages.find((p) => p.id === 'certification-review') as TablePage;
    const action = page.rowActions.find((a) => a.key === 'licenceFile');
    expect(action).toEqual({
      kind: 'export',
      key: 'licenceFile',
      label: 'certification.action.licenceFile',
      path: '/certifications/:id/licence-file',
      when: { field: 'hasLicenceFile', in: [true] },
    });
    expect(page.columns.map((c) => c.field)).toContain('licenceFile.name');
  });
});
