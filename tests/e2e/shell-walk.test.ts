import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { fileBrowser, pathOf } from './browser';

/** What a walk through the shell saw at 1366x768 and 1920x1080, and what it sees now. */

const e2e = fileBrowser();

async function signedIn(phone: string, landing: string, width = 1366, height = 768) {
  const page = await e2e.signedIn(phone, landing, { width, height });
  await page.locator('.layout-navbar').waitFor();
  return page;
}

async function boxOf(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  assert.ok(box, `${selector} is on screen`);
  return box;
}

describe('the avatar menu', () => {
  const ROLES: Array<[role: string, phone: string, landing: string]> = [
    ['lawyer', '13800000005', '/dashboard/lawyer-workplace'],
    ['caseOperation', '13800000002', '/dashboard/workplace'],
    ['admin', '13800000006', '/dashboard/monitor'],
  ];
  for (const [role, phone, landing] of ROLES) {
    it(`takes the ${role} from 用户设置 to their own settings page`, async () => {
      const page = await signedIn(phone, landing);
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: '用户设置' }).click();
      await page.waitForURL((url) => url.pathname === '/user/setting');
      // The page itself, not a refusal: the profile's tabs are there.
      await page.getByRole('tab', { name: '基础信息' }).waitFor();
      assert.equal(pathOf(page), '/user/setting');
      // The display drawer did not open: that is the navbar's 设置 button.
      assert.equal(await page.locator('.arco-drawer').filter({ hasText: '菜单来自后台' }).count(), 0);
    });
  }

  it('leaves the display drawer on the navbar’s 设置 button', async () => {
    const page = await signedIn('13800000005', '/dashboard/lawyer-workplace');
    await page.getByTestId('open-settings').click();
    await page.locator('.arco-drawer').getByText('菜单来自后台').waitFor();
    assert.equal(pathOf(page), '/dashboard/lawyer-workplace');
  });
});

describe('the bell', () => {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ]) {
    it(`keeps its message list inside its popup at ${width}x${height}`, async () => {
      const page = await signedIn('13800000002', '/dashboard/workplace', width, height);
      await page.getByRole('button', { name: '消息通知' }).click();
      await page.locator('.message-box .arco-list').first().waitFor();
      const popup = await boxOf(page, '.arco-popover-content');
      const list = await boxOf(page, '.message-box .arco-list');
      assert.ok(list.x >= popup.x, `list starts at ${list.x}, popup at ${popup.x}`);
      assert.ok(
        list.x + list.width <= popup.x + popup.width,
        `list ends at ${list.x + list.width}, popup at ${popup.x + popup.width}`,
      );
      assert.ok(popup.x + popup.width <= width, 'the popup is inside the window');
    });
  }
});

describe('the tab bar', () => {
  it('starts afresh when the user switches role', async () => {
    const page = await signedIn('13800000002', '/dashboard/workplace');
    await page.goto('/list/case-import');
    const tabs = page.getByTestId('tab-bar').getByRole('tab');
    await tabs.filter({ hasText: '导入案件' }).waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByText('切换角色').hover();
    await page.getByRole('menuitem', { name: '业务运营' }).click();
    await page.locator('.navbar-user-role').filter({ hasText: '业务运营' }).waitFor();
    await tabs.filter({ hasText: '工作台' }).waitFor();
    assert.deepEqual(await tabs.allTextContents(), ['工作台']);
  });

  it('names two tabs of the same page apart', async () => {
    const page = await signedIn('13800000002', '/dashboard/workplace');
    const ids = await page.evaluate(async () => {
      const res = await fetch('/api/cases?pageSize=2', {
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      const body = await res.json();
      return (body.data.list as Array<{ id: number }>).map((c) => c.id);
    });
    assert.equal(ids.length, 2);
    await page.goto(`/list/bussinessAudit/${ids[0]}`);
    const tabs = page.getByTestId('tab-bar').getByRole('tab');
    await tabs.nth(1).waitFor();
    // The second from inside the app, as a link does, so that the first tab stays open.
    await page.evaluate((id) => {
      history.pushState(null, '', `/list/bussinessAudit/${id}`);
      dispatchEvent(new PopStateEvent('popstate'));
    }, ids[1]);
    const titles = tabs.filter({ hasText: '案件审核' });
    await titles.nth(1).waitFor();
    const texts = await titles.allTextContents();
    assert.equal(new Set(texts).size, texts.length, `tab titles differ: ${texts.join(', ')}`);
  });
});

describe('the lists at 1366x768', () => {
  const LISTS: Array<[list: string, phone: string, landing: string, path: string]> = [
    ['案件列表', '13800000002', '/dashboard/workplace', '/list/search-table'],
    ['推送管理', '13800000002', '/dashboard/workplace', '/list/push-manage'],
    ['import history', '13800000002', '/dashboard/workplace', '/list/case-import'],
    ['我的案件', '13800000005', '/dashboard/lawyer-workplace', '/profile/case'],
    ['权限表', '13800000001', '/dashboard/workplace', '/user/access'],
  ];
  for (const [list, phone, landing, path] of LISTS) {
    it(`shows ${list}'s default columns without scrolling sideways`, async () => {
      const page = await signedIn(phone, landing);
      await page.goto(path);
      const table = page.locator('.arco-table-content-scroll').first();
      await table.waitFor();
      // The header is drawn with the columns: wait for a data row or the empty note.
      await page.locator('.arco-table-tr .arco-table-td, .arco-table-no-data').first().waitFor();
      const [scrollWidth, clientWidth] = await table.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      assert.ok(scrollWidth <= clientWidth, `${list}: ${scrollWidth} px of columns in ${clientWidth} px`);
    });
  }
});
