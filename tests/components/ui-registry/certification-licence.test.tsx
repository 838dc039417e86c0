import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CertificationReviewRow } from '../../../contract/certifications';
import type { TablePage } from '../../../contract/pages/descriptor';
import { ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { letterPages } from '../../../server/pages/catalog/letters';
import { DescriptorView } from '../../../ui-registry/PageHost';
import { preloadRenderers, renderWithRegistry } from './environment';

/** The certification review queue opens an application's licence image with the reviewer's session. */

beforeAll(preloadRenderers, 30_000);

const queue = letterPages.find((p) => p.id === 'certification-review') as TablePage;

function row(id: number, name: string, file: boolean): CertificationReviewRow {
  return {
    id,
    certType: 'personal',
    enterpriseName: name,
    enterpriseCertType: 'unifiedSocialCreditCode',
    creditCode: '91440300MA5F12345X',
    legalPersonName: '李律师',
    legalPersonIdType: 'residentIdCard',
    legalPersonIdNumber: '110101********1234',
    contactPhone: '139****5678',
    status: 'auditing',
    submittedAt: '2026-06-01T08:00:00.000Z',
    reviewedAt: null,
    licenceNo: '14403201710012345',
    licenceFile: file ? { name: `执业证${id}.png`, url: `/api/certifications/${id}/licence-file` } : null,
    reason: null,
    version: 1,
    userId: 100 + id,
    applicantName: `${name}本人`,
    applicantPhone: '139****5678',
    reviewerName: null,
    hasLicenceFile: file,
  };
}

describe('the certification review queue', () => {
  it('offers 查看证照 on a row with a licence image and downloads it through the environment', async () => {
    let opened = 0;
    server.use(
      http.get('/api/certifications', () =>
        ok({ list: [row(1, '有证照申请人', true), row(2, '无证照申请人', false)], total: 2 }),
      ),
      http.get('/api/certifications/1/licence-file', () => {
        opened += 1;
        return new HttpResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
          headers: { 'content-type': 'image/png' },
        });
      }),
    );
    const { env } = renderWithRegistry(<DescriptorView descriptor={queue} />);
    // The file's name is a column in the settings (hidden at first); the row action opens it.
    expect(await screen.findByText('有证照申请人', { selector: 'td *' })).toBeInTheDocument();
    const withFile = screen.getByText('有证照申请人', { selector: 'td *' }).closest('tr') as HTMLElement;
    const withoutFile = screen.getByText('无证照申请人', { selector: 'td *' }).closest('tr') as HTMLElement;
    const open = await within(withFile).findByRole('button', { name: '查看证照' });
    // Both rows are under review: the other shows its 审核 but no licence to open.
    expect(await within(withoutFile).findByRole('button', { name: '审核' })).toBeInTheDocument();
    expect(within(withoutFile).queryByRole('button', { name: '查看证照' })).not.toBeInTheDocument();
    await userEvent.click(open);
    await waitFor(() => expect(env.download).toHaveBeenCalled());
    expect(env.download).toHaveBeenCalledWith('/certifications/1/licence-file', expect.anything());
    await waitFor(() => expect(opened).toBe(1));
  });
});
