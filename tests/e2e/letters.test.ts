import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, lawyersProcessingCase } from './api';
import { fileBrowser, signIn } from './browser';

const e2e = fileBrowser();

/** What the Content-Security-Policy refused on each page, from the console. */
const refused = new WeakMap<Page, string[]>();

async function signedIn(phone: string, landing: RegExp): Promise<Page> {
  const { page } = await e2e.freshPage();
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  refused.set(page, violations);
  await page.goto('/login');
  await signIn(page, phone);
  await page.waitForURL((url) => landing.test(url.pathname));
  return page;
}

const visible = (page: Page) => page.locator('.keep-alive-page:not([hidden])');

describe("lawyer's letters", () => {
  it('a lawyer writes a letter, a reviewer reads its PDF and sends it back, the lawyer sees why', async () => {
    const record = await lawyersProcessingCase();

    const lawyer = await signedIn('13800000005', /lawyer-workplace/);
    await lawyer.goto(`/case/processing/${record.id}`);
    await visible(lawyer).getByRole('button', { name: '撰写律师函' }).click();
    const dialog = lawyer.locator('.arco-modal').filter({ hasText: '撰写律师函' });
    await dialog.locator('.arco-select').first().click();
    await lawyer.getByRole('option', { name: '调解邀请函' }).click();
    await dialog.locator('textarea').fill('本所律师将于工作日上午接听您的来电。');
    // This letter, not another on the same case (letter-review.test.ts writes there too).
    const written = lawyer.waitForResponse(
      (r) =>
        r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/cases/${record.id}/letters`,
    );
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const { id } = ((await (await written).json()) as { data: { id: number } }).data;
    await lawyer.getByText('律师函已提交审核').waitFor();
    const token = await lawyer.evaluate(() => localStorage.getItem('token'));
    const stored = await api<{ letterNo: string }>(token, 'GET', `/letters/${id}`);
    await lawyer.goto('/profile/letters');
    const row = visible(lawyer)
      .locator('.arco-table-tr')
      .filter({ hasText: record.caseNo })
      .filter({ hasText: stored.letterNo });
    await row.waitFor();
    const letterNo = ((await row.locator('.arco-table-td').first().textContent()) ?? '').trim();
    assert.equal(letterNo, stored.letterNo, "the lawyer's list shows the letter's number first");
    assert.match(letterNo, /^LF\d{8}-\d{6}$/);

    const reviewer = await signedIn('13800000003', /workplace/);
    await reviewer.goto('/result/letter-audit');
    // The newest letter is last in the queue (oldest first): find it by its number.
    await visible(reviewer).getByPlaceholder('函件编号或标题').fill(letterNo);
    await visible(reviewer).getByRole('button', { name: '查询' }).click();
    const queued = visible(reviewer).locator('.arco-table-tr').filter({ hasText: letterNo });
    await queued.getByText('审核', { exact: true }).click();
    await reviewer.waitForURL((url) => url.pathname.startsWith('/result/letter-review/'));
    await visible(reviewer).locator('iframe[src^="blob:"]').waitFor();
    await visible(reviewer).getByRole('button', { name: '驳回' }).click();
    const reject = reviewer.locator('.arco-modal').filter({ hasText: '驳回律师函' });
    await reject.locator('textarea').fill('请写明调解地点');
    await reject.getByRole('button', { name: '驳回' }).click();
    await reviewer.waitForURL((url) => url.pathname === '/result/letter-audit');
    // The PDF frame (a blob: URL) is within the policy.
    assert.deepEqual(refused.get(reviewer), []);

    await lawyer.goto('/profile/letters');
    await visible(lawyer)
      .getByRole('button', { name: /刷新|reload/i })
      .click()
      .catch(() => undefined);
    await visible(lawyer)
      .locator('.arco-table-tr')
      .filter({ hasText: letterNo })
      .filter({ hasText: '请写明调解地点' })
      .waitFor();
  });
});
