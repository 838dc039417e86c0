import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LetterRow } from '../../../contract/firm-api';
import { fail, ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import LetterReview from '../../../src/pages/letters/LetterReview';
import { renderPage, signIn, withHttpLayer } from './harness';

withHttpLayer();

beforeEach(async () => {
  await signIn({ role: 'bussinessOperation', roles: ['bussinessOperation'] });
});

const LETTER: LetterRow = {
  id: 7,
  letterNo: 'LF20261126-000007',
  title: '律师函（催收函） ZC00000088',
  fileUrl: null,
  status: 'auditing',
  lawFirmId: 1,
  lawFirmName: '深圳恒信律师事务所',
  caseId: 88,
  caseNo: 'ZC00000088',
  submittedAt: '2026-11-26T01:02:03.000Z',
  reviewerName: null,
  reviewedAt: null,
  reason: null,
  resubmissions: 0,
  template: 'collection',
  written: true,
  version: 3,
};

/** The letter, its PDF and the review call, as the server answers them; what the page sent is kept. */
function serve(letter: LetterRow = LETTER) {
  const reviews: unknown[] = [];
  const pdfs: string[] = [];
  server.use(
    http.get('/api/letters/:id', () => ok(letter)),
    http.get('/api/letters/:id/pdf', ({ request }) => {
      pdfs.push(request.headers.get('authorization') ?? '');
      return new HttpResponse(new TextEncoder().encode('%PDF-1.7\n%%EOF'), {
        headers: { 'content-type': 'application/pdf' },
      });
    }),
    http.put('/api/letters/:id/review', async ({ request }) => {
      reviews.push(await request.json());
      return ok({ ...letter, status: 'passed' });
    }),
  );
  return { reviews, pdfs };
}

const open = () => renderPage('/result/letter-review/7', <LetterReview params={{ id: '7' }} />);

describe('letter review page', () => {
  it('shows the letter and its PDF, fetched with the session, in a frame', async () => {
    const { pdfs } = serve();
    open();
    const frame = await screen.findByTitle('律师函 LF20261126-000007 的 PDF');
    expect(frame.getAttribute('src')).toMatch(/^blob:/);
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0]).toMatch(/^Bearer /);
    expect(screen.getByText('深圳恒信律师事务所')).toBeInTheDocument();
    expect(screen.getByText('催收函')).toBeInTheDocument();
  });

  it('asks for a reason before rejecting, then sends it and goes back to the list', async () => {
    const { reviews } = serve();
    const router = open();
    const user = userEvent.setup();
    await screen.findByTitle('律师函 LF20261126-000007 的 PDF');
    await user.click(screen.getByRole('button', { name: '驳回' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(
      [...dialog.querySelectorAll('button')].find(
        (b) => b.textContent?.replace(/\s/g, '') === '驳回',
      ) as HTMLElement,
    );
    expect(await screen.findByText('驳回时必须填写原因')).toBeInTheDocument();
    expect(reviews).toHaveLength(0);
    await user.type(screen.getByPlaceholderText('请写明驳回原因，律师将看到这段话'), '金额表述有误');
    await user.click(
      [...dialog.querySelectorAll('button')].find(
        (b) => b.textContent?.replace(/\s/g, '') === '驳回',
      ) as HTMLElement,
    );
    await waitFor(() =>
      expect(reviews).toEqual([{ status: 'rejected', reason: '金额表述有误', version: 3 }]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/result/letter-audit'));
  });

  it('passes after one confirmation', async () => {
    const { reviews } = serve();
    open();
    // The confirmation's buttons take pointer events once its opening animation ends.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await screen.findByTitle('律师函 LF20261126-000007 的 PDF');
    await user.click(screen.getByRole('button', { name: '通过' }));
    await screen.findByText('确认通过律师函 LF20261126-000007？');
    await user.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(reviews).toEqual([{ status: 'passed', version: 3 }]));
  });

  it('says an early letter has no PDF, and asks for none', async () => {
    const { pdfs } = serve({ ...LETTER, written: false, template: null });
    open();
    expect(await screen.findByText('这份律师函是早期记录，没有可预览的 PDF 文件。')).toBeInTheDocument();
    expect(pdfs).toHaveLength(0);
  });

  it('offers a retry when the letter cannot be loaded', async () => {
    server.use(http.get('/api/letters/:id', () => fail(404, 40400, '律师函不存在或不在您的可见范围内')));
    open();
    expect(await screen.findByText('律师函加载失败')).toBeInTheDocument();
  });
});
