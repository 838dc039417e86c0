import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, DEMO_PASSWORD, freshPage, launch, signIn } from './browser';

let browser: Browser;
let close: () => Promise<void>;

before(async () => {
  ({ browser, close } = await launch());
});
after(async () => {
  await close();
});

/** What the Content-Security-Policy refused on each page, from the console. */
const refused = new WeakMap<Page, string[]>();

async function signedIn(phone: string, landing: RegExp): Promise<Page> {
  const { page } = await freshPage(browser);
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

/** Setup only: one case the demo lawyer handles in processing (the steps under test go through the screens). */
async function lawyersProcessingCase(): Promise<{ id: number; caseNo: string; debtorName: string }> {
  const login = await fetch(`${BASE_URL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: '13800000005', password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const res = await fetch(`${BASE_URL}/api/cases/mine?status=processing&pageSize=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [first] = (
    (await res.json()) as { data: { list: Array<{ id: number; caseNo: string; debtorName: string }> } }
  ).data.list;
  assert.ok(first, 'the demo lawyer handles a case in processing');
  return first;
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
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await lawyer.getByText('律师函已提交审核').waitFor();
    await lawyer.goto('/profile/letters');
    const row = visible(lawyer).locator('.arco-table-tr').filter({ hasText: record.caseNo }).first();
    await row.waitFor();
    const letterNo = ((await row.locator('.arco-table-td').first().textContent()) ?? '').trim();
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
    await lawyer.context().close();
    await reviewer.context().close();
  });
});
