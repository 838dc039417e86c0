import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, type CaseRow, tokenOf } from './api';
import { BASE_URL, DEMO_PASSWORD, fileBrowser, pathOf, signIn } from './browser';

/**
 * Live messages in the browser: while the firm's contact person has the app open, an
 * operator pushes a case to the firm; the bell's count rises without a reload, and clicking
 * the new message opens the route where the firm acts and marks it read.
 */

const e2e = fileBrowser();

/**
 * A seeded firm that passed review, other than the demo firm, whose contact person can sign in:
 * no other file pushes to it (case-journey and user-activity push to the demo firm at any
 * moment), so its contact's bell counts only what this test sends.
 */
async function quietFirm(): Promise<{ id: number; contactPhone: string }> {
  const biz = await tokenOf('13800000003');
  const demoFirm = await api<{ id: number }>(await tokenOf('13800000004'), 'GET', '/lawfirms/mine');
  const firms = await api<{ list: Array<{ id: number; contactPhone: string }> }>(
    biz,
    'GET',
    '/lawfirms?reviewStatus=passed&sortOrder=ascend&pageSize=20',
  );
  for (const firm of firms.list) {
    if (firm.id === demoFirm.id) continue;
    // A few seeded accounts are disabled: the first contact who can sign in.
    const login = await fetch(`${BASE_URL}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: firm.contactPhone, password: DEMO_PASSWORD }),
    });
    if (login.ok) return firm;
  }
  assert.fail('a seeded firm besides the demo firm has a contact person who can sign in');
}

const bellCount = (page: Page) =>
  page.evaluate(() => Number(document.querySelector('.arco-badge-number')?.textContent || '0'));

describe('the bell', () => {
  it('counts a case pushed to the firm as it happens, and opens it where the firm acts', async () => {
    const quiet = await quietFirm();
    const { page } = await e2e.freshPage();
    await page.goto('/login');
    // The bell opens its stream after loading its list: the push below must come after that.
    const streamOpen = page.waitForResponse((r) => r.url().includes('/api/notifications/stream'));
    await signIn(page, quiet.contactPhone);
    await page.waitForURL((url) => url.pathname === '/dashboard/lawfirm-workplace');
    const firmToken = await page.evaluate(() => localStorage.getItem('token'));
    const firm = await api<{ id: number }>(firmToken, 'GET', '/lawfirms/mine');
    assert.equal(firm.id, quiet.id);
    await page.locator('button[aria-label="消息通知"]').waitFor();
    await streamOpen;
    const before = await bellCount(page);

    const opsToken = await tokenOf('13800000002');
    // The oldest case of the pool, a seeded one: the newest may be another file's own case,
    // and user-activity.test.ts takes the second oldest.
    const pool = await api<{ list: CaseRow[] }>(opsToken, 'GET', '/cases/pool?sortOrder=ascend&pageSize=1');
    const target = pool.list[0];
    assert.ok(target, 'a case waits in the pool');
    await api(opsToken, 'POST', `/cases/${target.id}/transitions`, {
      event: 'PUSH',
      version: target.version,
      lawFirmId: firm.id,
    });

    await page.waitForFunction(
      (b) => Number(document.querySelector('.arco-badge-number')?.textContent || '0') > b,
      before,
    );
    assert.equal(pathOf(page), '/dashboard/lawfirm-workplace', 'no reload, no navigation');

    await page.locator('button[aria-label="消息通知"]').click();
    await page.getByRole('tab', { name: /待办/ }).click();
    const message = page.locator('.arco-list-item', { hasText: target.caseNo });
    await message.getByRole('link', { name: '新的推送案件' }).click();
    // The push's message opens the firm's view of that very case.
    await page.waitForURL((url) => url.pathname === `/form/firm-case/${target.id}`);
    await page.waitForFunction(
      (b) => Number(document.querySelector('.arco-badge-number')?.textContent || '0') === b,
      before,
    );
  });
});
