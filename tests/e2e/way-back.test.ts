import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { freshPage, launch, pathOf, signIn } from './browser';

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

describe('finding the way in the signed-in app', () => {
  it('tells a lawyer who follows a link to the case list why they landed on their workplace', async () => {
    const page = await signedIn('13800000005', '/dashboard/lawyer-workplace');
    await page.goto('/list/search-table');
    await page.getByText('当前角色无权打开「案件列表」，已为你打开可访问的页面').waitFor();
    // The notice can show a moment before the address is replaced: wait for the address too.
    await page.waitForURL((url) => url.pathname === '/dashboard/lawyer-workplace');
    assert.equal(pathOf(page), '/dashboard/lawyer-workplace');
    await page.context().close();
  });

  it('offers the way home from a page that does not exist', async () => {
    const page = await signedIn('13800000002', '/dashboard/workplace');
    await page.goto('/no/such/page');
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/workplace');
    await page.context().close();
  });

  it("shows admin's monitor page in the sidebar, with no notice on signing in", async () => {
    const page = await signedIn('13800000006', '/dashboard/monitor');
    await page.locator('.arco-menu-item').filter({ hasText: '系统监控' }).waitFor();
    assert.equal(await page.getByText('当前角色无权打开').count(), 0);
    await page.context().close();
  });
});
