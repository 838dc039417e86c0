import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, tokenOf } from './api';
import { BASE_URL, fileBrowser, signIn } from './browser';

/**
 * Changing the product safely: two administrators on one page, and a title written as plain
 * text. The file works on a page of its own (an id no route or other file names) and on the
 * `admin` role's 用户信息 entry, which it puts back (the role's menu reset) when it ends.
 */
const e2e = fileBrowser();
const SUPER_ADMIN = '13800000001';
const ADMIN = '13800000006';
const stamp = Date.now().toString().slice(-8);
const PAGE_ID = `e2e-conflict-${stamp}`;

/** A publish over the version it was edited from (`If-Match`), as the editors send it. */
async function publish(token: string, path: string, body: unknown, version: number) {
  const res = await fetch(`${BASE_URL}/api${path}`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'if-match': `"${version}"`,
    },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200, `PUT ${path}: ${await res.text()}`);
}

const drill = (status: string) => ({
  schemaVersion: 1,
  id: PAGE_ID,
  type: 'result',
  title: { 'zh-CN': '冲突演练页', 'en-US': 'Conflict drill' },
  // Outside the route table a page names what opens it: here, the editors' own ability.
  access: 'pages.edit',
  status,
});

let superToken: string;
/** The second administrator: the demo data has one superAdmin, so the test makes another. */
let second: { phone: string; password: string };
before(async () => {
  superToken = await tokenOf(SUPER_ADMIN);
  const phone = `139${stamp}`;
  const made = await api<{ initialPassword: string }>(superToken, 'POST', '/users', {
    phone,
    name: `第二管理员${stamp.slice(-4)}`,
    role: 'superAdmin',
  });
  second = { phone, password: made.initialPassword };
  await publish(superToken, `/pages/${PAGE_ID}`, drill('info'), 0);
});

async function signedInAs(phone: string, password?: string): Promise<Page> {
  const { page } = await e2e.freshPage();
  await page.goto('/login');
  await signIn(page, phone, password);
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard/'));
  return page;
}

/** The page editor on the drill page, once its JSON is loaded. */
async function openDrill(page: Page) {
  await page.goto(`/user/page-editor?page=${PAGE_ID}`);
  const editor = page.locator('.keep-alive-page:not([hidden])');
  const json = editor.getByRole('textbox', { name: '页面描述（JSON）' });
  await page.waitForFunction(
    (id) => [...document.querySelectorAll('textarea')].some((t) => t.value.includes(`"id": "${id}"`)),
    PAGE_ID,
  );
  return { editor, json };
}

describe('two administrators on one page', () => {
  it('refuses the second save over the first and shows the difference', async () => {
    const first = await signedInAs(SUPER_ADMIN);
    const other = await signedInAs(second.phone, second.password);
    const a = await openDrill(first);
    const b = await openDrill(other);

    await a.json.fill(JSON.stringify(drill('success'), null, 2));
    await a.editor.getByRole('button', { name: /保存为新版本/ }).click();
    await first.getByText('已保存为版本 2').waitFor();

    // The second started from version 1 too: its save is refused, nothing is overwritten.
    await b.json.fill(JSON.stringify(drill('warning'), null, 2));
    await b.editor.getByRole('button', { name: /保存为新版本/ }).click();
    const conflict = b.editor.getByTestId('version-conflict');
    await conflict.waitFor();
    await conflict.getByText(/保存了较新的版本 2，您的修改没有覆盖它/).waitFor();
    const row = conflict.getByTestId('version-diff').locator('tr').filter({ hasText: '/status' });
    await row.waitFor();
    assert.equal(await row.locator('.version-diff-before').textContent(), 'success');
    assert.equal(await row.locator('.version-diff-after').textContent(), 'warning');

    const history = await api<{ list: Array<{ version: number; descriptor: { status: string } }> }>(
      superToken,
      'GET',
      `/pages/${PAGE_ID}/history`,
    );
    assert.deepEqual(
      history.list.map((v) => [v.version, v.descriptor.status]),
      [
        [2, 'success'],
        [1, 'info'],
      ],
    );
  });
});

describe('a title in plain words', () => {
  after(async () => {
    // Leave the admin role's menu as the product ships it.
    const menu = await api<{ version: number }>(superToken, 'GET', '/menus/admin');
    const res = await fetch(`${BASE_URL}/api/menus/admin/reset`, {
      method: 'POST',
      headers: { authorization: `Bearer ${superToken}`, 'if-match': `"${menu.version}"` },
    });
    assert.equal(res.status, 200, await res.text());
  });

  it('is saved for a menu entry in both languages and shown in the reader’s language', async () => {
    const editorPage = await signedInAs(SUPER_ADMIN);
    await editorPage.goto('/user/menu-editor');
    const editor = editorPage.locator('.keep-alive-page:not([hidden])');
    await editor.getByRole('combobox', { name: '角色' }).click();
    await editorPage
      .locator('.arco-select-option')
      .filter({ hasText: /^系统管理员$/ })
      .click();
    await editor.getByTestId('menu-preview-notice').getByText('以「系统管理员」身份预览菜单').waitFor();
    await editor.locator('[data-node-key="/user/info"]').click();
    await editor.getByText('直接填写', { exact: true }).click();
    await editor.getByRole('textbox', { name: '中文标题' }).fill('我的资料卡');
    await editor.getByRole('textbox', { name: '英文标题' }).fill('My profile card');
    await editor.getByTestId('menu-preview').getByText('我的资料卡').waitFor();
    await editor.getByRole('button', { name: '保存菜单' }).click();
    await editorPage.getByText('系统管理员的菜单已保存，下次加载菜单时生效').waitFor();

    // The admin reads Chinese: the entry and its tab say 我的资料卡.
    const reader = await signedInAs(ADMIN);
    const menu = reader.getByTestId('sider-menu');
    await menu.getByText('我的资料卡').waitFor({ state: 'attached' });
    await reader.goto('/user/info');
    await reader.locator('.arco-tabs-header-title-text').filter({ hasText: '我的资料卡' }).waitFor();

    // Switched to English, the same entry says My profile card, and never the Chinese.
    await reader.evaluate(() => localStorage.setItem('arco-locale', 'en-US'));
    await reader.reload();
    await menu.getByText('My profile card').waitFor({ state: 'attached' });
    await reader.locator('.arco-tabs-header-title-text').filter({ hasText: 'My profile card' }).waitFor();
    assert.equal(await menu.getByText('我的资料卡').count(), 0);
  });
});

describe('the page editor’s preview', () => {
  it('draws the workplace’s stat cards in one row, each title on one line, as the page does', async () => {
    const page = await signedInAs(SUPER_ADMIN);
    await page.goto('/user/page-editor?page=workplace');
    const preview = page.locator('.keep-alive-page:not([hidden])').getByTestId('page-preview');
    await preview.locator('[data-stat]').nth(5).waitFor();
    const cards = await preview.locator('[data-stat]').evaluateAll((nodes) =>
      nodes.map((node) => {
        const title = node.querySelector('.arco-space-item:last-child > div > div') as HTMLElement;
        const box = node.getBoundingClientRect();
        const frame = node.closest('.page-editor-frame-page') as HTMLElement;
        const scale = Number(frame.dataset.scale);
        const line = Number.parseFloat(getComputedStyle(title).lineHeight) * scale;
        const words = title.getBoundingClientRect();
        return {
          top: Math.round(box.top),
          titleHeight: words.height,
          line,
          inside: words.right <= box.right,
        };
      }),
    );
    // The four headline figures share the first row; the entrustment's two (期限提醒) follow below.
    assert.equal(cards.length, 6);
    const first = cards.slice(0, 4);
    assert.equal(new Set(first.map((c) => c.top)).size, 1, `one row: ${JSON.stringify(cards)}`);
    assert.ok(cards[4].top > first[0].top, `the entrustment's figures below: ${JSON.stringify(cards)}`);
    // In a box a quarter of the preview wide, a title broke a character a line, or ran out of its card.
    for (const card of cards) {
      assert.ok(card.titleHeight < card.line * 1.5, `one line: ${JSON.stringify(card)}`);
      assert.ok(card.inside, `inside its card: ${JSON.stringify(card)}`);
    }
  });
});
