import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lawyersProcessingCase } from './api';
import { fileBrowser } from './browser';

/**
 * 案件处理, the lawyer's page for one case: its actions come from the one record the page
 * loads (the case's `can` and allowed events), so they appear together. Before, the status
 * events (结案, 退回案件池) showed first and 添加跟进 / 登记还款 / 撰写律师函 about 200 ms
 * later, moving the buttons under the pointer.
 */

const e2e = fileBrowser();

/** What a lawyer may do on a case of their own in processing; 制定分期 while it has no open plan. */
const actionsOf = (record: { can: { proposePlan: boolean } }) => [
  '记录联系',
  '发短信',
  '添加跟进',
  '登记还款',
  '登记费用',
  '约定冲抵顺序',
  ...(record.can.proposePlan ? ['制定分期'] : []),
  '撰写律师函',
  '中止',
  '结案',
  '退回案件池',
];

describe('案件处理', () => {
  it("shows all of the case's actions at once, none arriving after the others", async () => {
    const record = await lawyersProcessingCase();
    const ACTIONS = actionsOf(record);
    const page = await e2e.signedIn('13800000005', '/dashboard/lawyer-workplace');

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
