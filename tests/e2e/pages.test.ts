import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { fileBrowser } from './browser';

const RESET_OK = '恢复默认';

const e2e = fileBrowser();
const signedIn = e2e.signedIn;

/** Case numbers of the visible table's rows. */
async function caseNumbers(page: Page): Promise<string[]> {
  const main = page.locator('.keep-alive-page:not([hidden])');
  await main.locator('.arco-table-tr').nth(1).waitFor();
  return main
    .locator('.arco-table-td a')
    .filter({ hasText: /^[A-Z]{2}\d{8}$/ })
    .allInnerTexts();
}

describe('pages from server descriptors', () => {
  it('lets case operations filter the case list and open a case', async () => {
    const page = await signedIn('13800000002', '/dashboard/workplace');
    await page.goto('/list/search-table');
    const main = page.locator('.keep-alive-page:not([hidden])');
    await main.getByText('案件状态', { exact: true }).first().waitFor();
    await caseNumbers(page);
    // Filter by status through the form: the query lands in the URL and every row matches.
    await main.locator('.arco-select').filter({ hasText: '请选择' }).first().click();
    await page.locator('.arco-select-option').filter({ hasText: '已中止' }).first().click();
    await page.keyboard.press('Escape');
    await main.getByRole('button', { name: '查询' }).click();
    await page.waitForURL((url) => url.searchParams.getAll('status').includes('suspended'));
    // The table reloads with the filter: wait until every status tag on it says 已中止.
    await page.waitForFunction(() => {
      const tags = [...document.querySelectorAll('.keep-alive-page:not([hidden]) .arco-table-td .arco-tag')];
      return tags.length > 0 && tags.every((t) => t.textContent?.trim() === '已中止');
    });
    // Open the first case.
    const [first] = await caseNumbers(page);
    await main.getByText(first, { exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/list/case-detail/'));
    await page.locator('.keep-alive-page:not([hidden])').getByText(first).first().waitFor();
  });

  it('lets a lawyer take a case from the pool and find it under my cases', async () => {
    const page = await signedIn('13800000005', '/dashboard/lawyer-workplace');
    // The largest claim of the pool, a seeded case: the newest may be another file's own case
    // (case-journey's, pushed to the lawyer's firm), and others take the oldest.
    await page.goto('/profile/search-table-lawyer?sortField=amountFen&sortOrder=descend');
    const [taken] = await caseNumbers(page);
    const main = page.locator('.keep-alive-page:not([hidden])');
    const row = main.locator('.arco-table-tr').filter({ hasText: taken });
    await row.getByRole('button', { name: '接案' }).click();
    await page.locator('.arco-modal').getByRole('button', { name: '确定' }).click();
    await main.locator('.arco-table-tr').filter({ hasText: taken }).waitFor({ state: 'detached' });
    // 我的案件 lists the newest first, and a seeded case is older than the page: look it up.
    await page.goto(`/profile/case?keyword=${taken}`);
    const mine = page.locator('.keep-alive-page:not([hidden])');
    await mine.getByText(taken, { exact: true }).waitFor();
  });

  it('draws the workplace charts', async () => {
    const page = await signedIn('13800000001', '/dashboard/workplace');
    const charts = page.locator('.keep-alive-page:not([hidden]) canvas');
    await charts.first().waitFor();
    assert.ok((await charts.count()) >= 3, 'trend, result share and status charts');
    const drawn = await charts.first().evaluate((canvas: HTMLCanvasElement) => {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0) return false;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      return data.some((v, i) => i % 4 === 3 && v > 0);
    });
    assert.ok(drawn, 'the first chart has pixels');
  });
});

describe('reshaping navigation', () => {
  it('lets a superAdmin hide a menu entry for lawyers, and the lawyer no longer sees it', async () => {
    const admin = await signedIn('13800000001', '/dashboard/workplace');
    await admin.goto('/user/menu-editor');
    const editor = admin.locator('.keep-alive-page:not([hidden])');
    await editor.getByRole('combobox', { name: '角色' }).click();
    await admin
      .locator('.arco-select-option')
      .filter({ hasText: /^律师$/ })
      .click();
    await editor.getByRole('button', { name: '在菜单中隐藏 我的案件' }).click();
    await editor.getByTestId('menu-preview').getByText('案件池').waitFor();
    assert.equal(await editor.getByTestId('menu-preview').getByText('我的案件').count(), 0);
    await editor.getByRole('button', { name: '保存菜单' }).click();
    await admin.getByText('律师的菜单已保存，下次加载菜单时生效').waitFor();

    const lawyer = await signedIn('13800000005', '/dashboard/lawyer-workplace');
    const menu = lawyer.getByTestId('sider-menu');
    // The 律师中心 group may be folded: its entries are in the menu either way.
    await menu.getByText('案件池').waitFor({ state: 'attached' });
    assert.equal(
      await menu.getByText('我的案件').count(),
      0,
      'the hidden entry is gone from the lawyer menu',
    );
    await lawyer.context().close();

    // Leave the demo data as it was.
    await editor.getByRole('button', { name: '恢复默认' }).click();
    await admin.locator('.arco-popconfirm').getByRole('button', { name: RESET_OK }).click();
    await admin.getByText('律师的菜单已恢复默认').waitFor();
  });
});
