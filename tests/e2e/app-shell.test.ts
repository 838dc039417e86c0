import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileBrowser, pathOf, signIn } from './browser';

const e2e = fileBrowser();

const LANDINGS: Array<[role: string, phone: string, landing: string]> = [
  ['superAdmin', '13800000001', '/dashboard/workplace'],
  ['caseOperation', '13800000002', '/dashboard/workplace'],
  ['bussinessOperation', '13800000003', '/dashboard/workplace'],
  ['lawfirmContactPerson', '13800000004', '/dashboard/lawfirm-workplace'],
  ['lawyer', '13800000005', '/dashboard/lawyer-workplace'],
  ['admin', '13800000006', '/dashboard/monitor'],
];

describe('signing in', () => {
  for (const [role, phone, landing] of LANDINGS) {
    it(`lands the ${role} demo account on ${landing}`, async () => {
      const page = await e2e.signedIn(phone, landing);
      await page.locator('.layout-navbar').waitFor();
      assert.equal(pathOf(page), landing);
      assert.ok(await page.evaluate(() => localStorage.getItem('token')), 'token stored');
      assert.equal(await page.evaluate(() => localStorage.getItem('userrole')), role);
    });
  }

  it('keeps a deep link through the login', async () => {
    const { page } = await e2e.freshPage();
    await page.goto('/user/setting?tab=security');
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/user/setting?tab=security');
    await signIn(page, '13800000003');
    await page.waitForURL((url) => url.pathname === '/user/setting');
    assert.equal(new URL(page.url()).searchParams.get('tab'), 'security');
  });

  it('ignores a redirect to another origin', async () => {
    const { page } = await e2e.freshPage();
    await page.goto(`/login?redirect=${encodeURIComponent('//evil.example/steal')}`);
    await signIn(page, '13800000003');
    await page.waitForURL((url) => url.pathname === '/dashboard/workplace');
    assert.equal(new URL(page.url()).host, new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080').host);
  });
});

describe('the route guard', () => {
  it('turns a lawyer away from the case management list to a page they may open', async () => {
    const page = await e2e.signedIn('13800000005', '/dashboard/lawyer-workplace');
    await page.goto('/list/search-table');
    await page.waitForURL((url) => url.pathname !== '/list/search-table');
    assert.equal(pathOf(page), '/dashboard/lawyer-workplace');
  });

  it('shows only the role’s own menu', async () => {
    const page = await e2e.signedIn('13800000005', '/dashboard/lawyer-workplace');
    const menu = page.getByTestId('sider-menu');
    await menu.getByText('律师中心').waitFor();
    assert.equal(await menu.getByText('案件管理').count(), 0);
    assert.equal(await menu.getByText('业务运营').count(), 0);
  });
});

describe('the frame', () => {
  it('switches the language and remembers it', async () => {
    const page = await e2e.signedIn('13800000001', '/dashboard/workplace');
    await page.getByRole('combobox', { name: '语言' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByTestId('sider-menu').getByText('Dashboard').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-US');
    assert.equal(await page.evaluate(() => localStorage.getItem('arco-locale')), 'en-US');
    await page.reload();
    await page.getByTestId('sider-menu').getByText('Dashboard').waitFor();
  });

  it('opens the settings drawer and applies a switch at once', async () => {
    const page = await e2e.signedIn('13800000001', '/dashboard/workplace');
    await page.getByTestId('tab-bar').waitFor();
    await page.getByTestId('open-settings').click();
    const drawer = page.locator('.settings-drawer');
    await drawer.getByText('页面配置').waitFor();
    const box = await drawer.boundingBox();
    assert.equal(Math.round(box?.width ?? 0), 300);
    await drawer.getByRole('switch', { name: '多页签' }).click();
    await page.getByTestId('tab-bar').waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('.layout-navbar').waitFor();
    assert.equal(await page.getByTestId('tab-bar').count(), 0, 'the tab bar stays off after a reload');
  });

  it('on a reload, says in words that the menu is loading, and that it failed', async () => {
    const page = await e2e.signedIn('13800000002', '/dashboard/workplace');
    await page.getByTestId('sider-menu').getByText('案件管理').waitFor();

    // The reload restores the session and asks for the menu again before the language's
    // catalogue is in. Both answers are held, the catalogue until the notice is up, the menu
    // until its words have been read, so what is seen does not depend on the machine's speed.
    const hold = () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return { held, release };
    };
    const catalogue = hold();
    const menu = hold();
    let menuAsked!: () => void;
    const asked = new Promise<void>((resolve) => {
      menuAsked = resolve;
    });
    await page.route('**/assets/catalogue-*.js', async (route) => {
      await catalogue.held;
      await route.continue();
    });
    await page.route('**/api/user/menu*', async (route) => {
      menuAsked();
      await menu.held;
      await route.continue();
    });
    await page.reload();
    await asked;
    const notice = page.locator('.arco-message');
    await notice.waitFor();
    // Before the catalogue: the spinner alone, never the catalogue's key.
    assert.doesNotMatch((await notice.allTextContents()).join(' '), /menu\./);
    catalogue.release();
    const loading = notice.filter({ hasText: '正在加载菜单…' });
    await loading.waitFor();
    menu.release();
    await loading.waitFor({ state: 'detached' });
    await page.getByTestId('sider-menu').getByText('案件管理').waitFor();
    await page.unrouteAll();

    // A menu the server cannot give: the failure in words, with the server's reason.
    await page.route('**/api/user/menu*', (route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }),
    );
    await page.reload();
    const failed = page.locator('.arco-notification').filter({ hasText: '菜单加载失败' });
    await failed.waitFor();
    const text = (await failed.textContent()) ?? '';
    assert.match(text, /无法从后台获取菜单：/);
    assert.doesNotMatch(text, /menu\./);
  });

  it('logs out, clears the session and guards the pages again', async () => {
    const page = await e2e.signedIn('13800000001', '/dashboard/workplace');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    await page.goto('/dashboard/workplace');
    await page.waitForURL((url) => url.pathname === '/login');
  });
});
