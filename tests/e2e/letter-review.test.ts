import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, lawyersProcessingCase, tokenOf } from './api';
import { fileBrowser } from './browser';

/**
 * Issue 18: a review decision lands on what the reviewer saw, and lists show a decision without
 * the ↻ icon. Each person signs in in a browser context of their own; both stay open side by side.
 */

const e2e = fileBrowser();
const signedIn = e2e.signedIn;

/** Setup only: the demo lawyer writes a letter on a case in processing (writing is tested in letters.test.ts). */
async function writtenLetter(): Promise<string> {
  const record = await lawyersProcessingCase();
  const token = await tokenOf('13800000005');
  const { id } = await api<{ id: number }>(token, 'POST', `/cases/${record.id}/letters`, {
    template: 'collection',
  });
  return (await api<{ letterNo: string }>(token, 'GET', `/letters/${id}`)).letterNo;
}

const visible = (page: Page) => page.locator('.keep-alive-page:not([hidden])');
const rowOf = (page: Page, letterNo: string) =>
  visible(page).locator('.arco-table-tr').filter({ hasText: letterNo });
const rejectDialog = (page: Page) => page.locator('.arco-modal').filter({ hasText: '驳回律师函' });

/** The reviewer finds the letter in 律师函审核 and opens its review page. */
async function openReview(reviewer: Page, letterNo: string): Promise<void> {
  await visible(reviewer).getByPlaceholder('函件编号或标题').fill(letterNo);
  await visible(reviewer).getByRole('button', { name: '查询' }).click();
  await rowOf(reviewer, letterNo).getByText('审核', { exact: true }).click();
  await reviewer.waitForURL((url) => url.pathname.startsWith('/result/letter-review/'));
  await visible(reviewer).locator('iframe[src^="blob:"]').waitFor();
}

describe('letter review lands on what the reviewer saw', () => {
  it('the reject dialog closes; a resubmitted letter needs a fresh decision, with no leftover reason', async () => {
    const letterNo = await writtenLetter();
    const reviewer = await signedIn('13800000003', /workplace/);
    const lawyer = await signedIn('13800000005', /lawyer-workplace/);

    await reviewer.goto('/result/letter-audit');
    await openReview(reviewer, letterNo);
    await visible(reviewer).getByRole('button', { name: '驳回' }).click();
    await rejectDialog(reviewer).locator('textarea').fill('第一次的驳回原因');
    await rejectDialog(reviewer).getByRole('button', { name: '驳回' }).click();
    await reviewer.waitForURL((url) => url.pathname === '/result/letter-audit');
    // The decision is done: the dialog is gone, not left over the list.
    await rejectDialog(reviewer).waitFor({ state: 'hidden', timeout: 10_000 });

    // The lawyer sends it in again from 我的律师函.
    await lawyer.goto('/profile/letters');
    const sentBack = rowOf(lawyer, letterNo).filter({ hasText: '第一次的驳回原因' });
    await sentBack.getByText('重新提交', { exact: true }).click();
    const resubmit = lawyer.locator('.arco-modal').filter({ hasText: '重新提交' });
    await resubmit.getByRole('button', { name: /确\s*定/ }).click();
    await lawyer.getByText('律师函已重新提交审核').waitFor();

    // The reviewer's list shows it needing a decision again (without ↻), and its review page
    // asks afresh: under review, no dialog open, an empty reason.
    // (Back on the list after the decision, the queue shows every letter, oldest first: the
    // reviewer looks for this one by its number.)
    await visible(reviewer).getByPlaceholder('函件编号或标题').fill(letterNo);
    await visible(reviewer).getByRole('button', { name: '查询' }).click();
    await rowOf(reviewer, letterNo).waitFor();
    assert.equal(await rejectDialog(reviewer).isVisible(), false);
    await rowOf(reviewer, letterNo).getByText('审核', { exact: true }).click();
    await reviewer.waitForURL((url) => url.pathname.startsWith('/result/letter-review/'));
    await visible(reviewer).getByText('审核中').first().waitFor();
    assert.equal(await rejectDialog(reviewer).isVisible(), false);
    await visible(reviewer).getByRole('button', { name: '驳回' }).click();
    assert.equal(await rejectDialog(reviewer).locator('textarea').inputValue(), '');
    await rejectDialog(reviewer)
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await rejectDialog(reviewer).waitFor({ state: 'hidden' });
  });

  it("after the reviewer's decision the lawyer's 我的律师函 shows it without ↻", async () => {
    const letterNo = await writtenLetter();
    const lawyer = await signedIn('13800000005', /lawyer-workplace/);
    await lawyer.goto('/profile/letters');
    await rowOf(lawyer, letterNo).filter({ hasText: '审核中' }).waitFor();

    const reviewer = await signedIn('13800000003', /workplace/);
    await reviewer.goto('/result/letter-audit');
    await openReview(reviewer, letterNo);
    await visible(reviewer).getByRole('button', { name: '通过' }).click();
    await reviewer
      .locator('.arco-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await reviewer.waitForURL((url) => url.pathname === '/result/letter-audit');
    // The reviewer's own list no longer holds it.
    await visible(reviewer).locator('.arco-table').waitFor();
    await rowOf(reviewer, letterNo).waitFor({ state: 'detached' });

    // The lawyer, who pressed nothing, sees the decision.
    await rowOf(lawyer, letterNo).filter({ hasText: '已通过' }).waitFor();
  });
});
