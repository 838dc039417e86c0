import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { freshPage, launch, signIn } from './browser';

/**
 * A case handed from role to role in the browser, through the pages each role uses: case
 * operations push a pooled case to the demo firm as a bulk action, the firm's contact person
 * accepts it and assigns the demo lawyer, business operations read the decisions in its record.
 */

const DEMO_FIRM = '深圳恒信律师事务所';

let browser: Browser;
let close: () => Promise<void>;

before(async () => {
  ({ browser, close } = await launch());
});
after(async () => {
  await close();
});

async function signedIn(phone: string, landing: string): Promise<Page> {
  const { page } = await freshPage(browser);
  await page.goto('/login');
  await signIn(page, phone);
  await page.waitForURL((url) => url.pathname === landing);
  return page;
}

const mainOf = (page: Page) => page.locator('.keep-alive-page:not([hidden])');

/** Picks an option of the select under a form label (in a page or a dialog). */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.locator('.arco-form-item').filter({ hasText: label }).locator('.arco-select-view').click();
  await page.locator('.arco-select-option:visible').filter({ hasText: option }).first().click();
}

/** The table row of a case number. */
const rowOf = (page: Page, caseNo: string) =>
  mainOf(page).locator('.arco-table-tr').filter({ hasText: caseNo });

describe('a case handed from role to role', () => {
  it('is pushed by operations, accepted and assigned by the firm, and read by business operations', async () => {
    // Case operations: the pooled cases, the first ticked and pushed to the demo firm.
    const ops = await signedIn('13800000002', '/dashboard/workplace');
    await ops.goto('/list/search-table?position=pool');
    const opsMain = mainOf(ops);
    await opsMain.locator('.arco-table-tr').nth(1).waitFor();
    const caseNo = (
      (await opsMain
        .locator('.arco-table-td a')
        .filter({ hasText: /^[A-Z]{2}\d{8}$/ })
        .first()
        .textContent()) ?? ''
    ).trim();
    await rowOf(ops, caseNo).locator('.arco-checkbox').click();
    await opsMain.getByRole('button', { name: '推送律所' }).first().click();
    const pushDialog = ops.getByRole('dialog');
    await choose(ops, pushDialog, '律所', DEMO_FIRM);
    await pushDialog.getByRole('button', { name: '确定' }).click();
    const result = ops.locator('.arco-modal').filter({ hasText: '成功 1 件，未完成 0 件' });
    await result.getByText(caseNo).waitFor();
    await result.locator('.arco-modal-footer').getByRole('button', { name: '关闭' }).click();
    await ops.context().close();

    // The firm's contact person: the push waits for an answer; accept it, then assign a lawyer.
    const firm = await signedIn('13800000004', '/dashboard/lawfirm-workplace');
    await firm.goto(`/form/casefirm?keyword=${caseNo}`);
    const row = rowOf(firm, caseNo);
    await row.getByText('已推送').waitFor();
    await row.getByRole('button', { name: '接收' }).click();
    await firm.locator('.arco-modal').getByRole('button', { name: '确定' }).click();
    await row.getByText('律所已接收').waitFor();
    await row.getByRole('button', { name: '分配' }).click();
    const assignDialog = firm.getByRole('dialog');
    await choose(firm, assignDialog, '承办律师', /./);
    await assignDialog.getByRole('button', { name: '确定' }).click();
    await row.getByText('处理中').waitFor();
    const href = await row.locator('a').filter({ hasText: caseNo }).getAttribute('href');
    const id = href?.split('/').pop();
    assert.ok(id && /^\d+$/.test(id), `the firm's case link names the case: ${href}`);
    await firm.context().close();

    // Business operations: the record, read-only, tells what happened.
    const biz = await signedIn('13800000003', '/dashboard/workplace');
    await biz.goto(`/result/case-record/${id}`);
    const bizMain = mainOf(biz);
    await bizMain.getByText(caseNo).first().waitFor();
    await bizMain.getByRole('tab', { name: '推送与操作记录' }).click();
    await bizMain.getByText('推送律所', { exact: true }).first().waitFor();
    await bizMain.getByText('律所接收', { exact: true }).first().waitFor();
    await bizMain.getByText('分配律师', { exact: true }).first().waitFor();
    assert.equal(await bizMain.getByRole('button', { name: /编辑|结案|分配|删除/ }).count(), 0);
    await biz.context().close();
  });
});
