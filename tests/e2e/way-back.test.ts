import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileBrowser, pathOf } from './browser';

const e2e = fileBrowser();
const signedIn = e2e.signedIn;

describe('finding the way in the signed-in app', () => {
  it('tells a lawyer who follows a link to the case list why they landed on their workplace', async () => {
    const page = await signedIn('13800000005', '/dashboard/lawyer-workplace');
    await page.goto('/list/search-table');
    await page.getByText('当前角色无权打开「案件列表」，已为你打开可访问的页面').waitFor();
    // The notice can show a moment before the address is replaced: wait for the address too.
    await page.waitForURL((url) => url.pathname === '/dashboard/lawyer-workplace');
    assert.equal(pathOf(page), '/dashboard/lawyer-workplace');
  });

  it('offers the way home from a page that does not exist', async () => {
    const page = await signedIn('13800000002', '/dashboard/workplace');
    await page.goto('/no/such/page');
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/workplace');
  });

  it("shows admin's monitor page in the sidebar, with no notice on signing in", async () => {
    const page = await signedIn('13800000006', '/dashboard/monitor');
    await page.locator('.arco-menu-item').filter({ hasText: '系统监控' }).waitFor();
    assert.equal(await page.getByText('当前角色无权打开').count(), 0);
  });
});
