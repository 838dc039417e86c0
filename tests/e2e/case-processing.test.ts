import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, DEMO_PASSWORD, freshPage, launch, signIn } from './browser';

/**
 * 案件处理, the lawyer's page for one case: its actions come from the one record the page
 * loads (the case's `can` and allowed events), so they appear together. Before, the status
 * events (结案, 退回案件池) showed first and 添加跟进 / 登记还款 / 撰写律师函 about 200 ms
 * later, moving the buttons under the pointer.
 */

let browser: Browser;
let close: () => Promise<void>;

before(async () => {
  ({ browser, close } = await launch());
});
after(async () => {
  await close();
});

/** Setup only: a case in processing that the demo lawyer handles. */
async function lawyersProcessingCase(): Promise<{ id: number; caseNo: string }> {
  const login = await fetch(`${BASE_URL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: '13800000005', password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const res = await fetch(`${BASE_URL}/api/cases/mine?status=processing&pageSize=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [first] = ((await res.json()) as { data: { list: Array<{ id: number; caseNo: string }> } }).data.list;
  assert.ok(first, 'the demo lawyer handles a case in processing');
  return first;
}

/** What a lawyer may do on a case of their own in processing. */
const ACTIONS = ['添加跟进', '登记还款', '撰写律师函', '中止', '结案', '退回案件池'];

describe('案件处理', () => {
  it("shows all of the case's actions at once, none arriving after the others", async () => {
    const record = await lawyersProcessingCase();
    const { page } = await freshPage(browser);
    await page.goto('/login');
    await signIn(page, '13800000005');
    await page.waitForURL((url) => url.pathname === '/dashboard/lawyer-workplace');

    // 我的案件, found by its number, as a lawyer looks a case up.
    await page.goto(`/profile/case?keyword=${encodeURIComponent(record.caseNo)}`);
    const main = page.locator('.keep-alive-page:not([hidden])');
    const row = main.locator('.arco-table-tr').filter({ hasText: record.caseNo });
    await row.getByRole('button', { name: '办理', exact: true }).waitFor();

    // The buttons of the page's header, as they were the first time any of them was drawn:
    // read by the browser in the same task as that change, so nothing later can slip in.
    await page.evaluate(() => {
      const win = window as unknown as { firstActions?: string[] };
      const observer = new MutationObserver(() => {
        const header = document.querySelector(
          '.keep-alive-page:not([hidden]) [data-page-type="detail"] > .arco-space-item:first-child',
        );
        const labels = [...(header?.querySelectorAll('button') ?? [])]
          .map((button) => button.textContent?.trim() ?? '')
          .filter((label) => label !== '');
        if (labels.length === 0) return;
        win.firstActions = labels;
        observer.disconnect();
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await row.getByRole('button', { name: '办理', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/case/processing/${record.id}`);

    const header = main.locator('[data-page-type="detail"] > .arco-space-item').first();
    for (const name of ACTIONS) await header.getByRole('button', { name, exact: true }).waitFor();
    const first = await page.evaluate(() => (window as unknown as { firstActions?: string[] }).firstActions);
    assert.deepEqual(
      [...(first ?? [])].sort(),
      [...ACTIONS].sort(),
      'the first buttons drawn are every action of the page',
    );
  });
});
