import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, DEMO_PASSWORD, freshPage, launch, pathOf, signIn } from './browser';

/**
 * Live messages in the browser: while the firm's contact person has the app open, an
 * operator pushes a case to the firm; the bell's count rises without a reload, and clicking
 * the new message opens the route where the firm acts and marks it read.
 */

let browser: Browser;
let close: () => Promise<void>;
before(async () => {
  ({ browser, close } = await launch());
});
after(async () => {
  await close();
});

type Answer<T> = { status: string; data: T };

/** The operator's side goes through the API: only the contact person's screen is under test. */
async function api<T>(token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(BASE_URL + path, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await res.json()) as Answer<T>;
  assert.equal(answer.status, 'ok', `${method} ${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

const bellCount = (page: Page) =>
  page.evaluate(() => Number(document.querySelector('.arco-badge-number')?.textContent || '0'));

describe('the bell', () => {
  it('counts a case pushed to the firm as it happens, and opens it where the firm acts', async () => {
    const { context, page } = await freshPage(browser);
    await page.goto('/login');
    // The bell opens its stream after loading its list: the push below must come after that.
    const streamOpen = page.waitForResponse((r) => r.url().includes('/api/notifications/stream'));
    await signIn(page, '13800000004');
    await page.waitForURL((url) => url.pathname === '/dashboard/lawfirm-workplace');
    const firmToken = await page.evaluate(() => localStorage.getItem('token'));
    const firm = await api<{ id: number }>(firmToken, 'GET', '/api/lawfirms/mine');
    await page.locator('button[aria-label="消息通知"]').waitFor();
    await streamOpen;
    const before = await bellCount(page);

    const { token: opsToken } = await api<{ token: string }>(null, 'POST', '/api/login', {
      phone: '13800000002',
      password: DEMO_PASSWORD,
    });
    const pool = await api<{ list: Array<{ id: number; caseNo: string; version: number }> }>(
      opsToken,
      'GET',
      '/api/cases/pool?pageSize=1',
    );
    const target = pool.list[0];
    await api(opsToken, 'POST', `/api/cases/${target.id}/transitions`, {
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
    await context.close();
  });
});
