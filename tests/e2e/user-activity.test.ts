import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, DEMO_PASSWORD, freshPage, launch, signIn } from './browser';

/**
 * /user/info, 最近动态: an action on a case names the case (number and title) and opens it.
 * Before, a push read only "推送律所 待处理（案件池）→待处理（已推送）", with no way to tell
 * which case it was.
 */

let browser: Browser;
let close: () => Promise<void>;

before(async () => {
  ({ browser, close } = await launch());
});
after(async () => {
  await close();
});

async function call<T>(path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE_URL}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { data: T };
  assert.equal(res.status, 200, `${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** Setup only: case operations push a pool case to the demo firm, as 推送律所 does. */
async function pushedCase(): Promise<{ id: number; caseNo: string; title: string }> {
  const { token } = await call<{ token: string }>('/login', null, {
    phone: '13800000002',
    password: DEMO_PASSWORD,
  });
  const firm = await call<{ lawFirmId: number }>(
    '/user/info',
    (await call<{ token: string }>('/login', null, { phone: '13800000004', password: DEMO_PASSWORD })).token,
  );
  const pool = await call<{
    list: Array<{ id: number; caseNo: string; title: string; version: number; position: string }>;
  }>('/cases?position=pool&pageSize=20', token);
  const target = pool.list.find((c) => c.position === 'pool');
  assert.ok(target, 'a case waits in the pool');
  await call(`/cases/${target.id}/transitions`, token, {
    event: 'PUSH',
    lawFirmId: firm.lawFirmId,
    version: target.version,
  });
  return target;
}

describe('the user center’s activity', () => {
  it('names the case an action was on and opens it', async () => {
    const pushed = await pushedCase();
    const { page } = await freshPage(browser);
    await page.goto('/login');
    await signIn(page, '13800000002');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/user/info');

    const link = page.getByRole('link', { name: `案件 ${pushed.caseNo}：${pushed.title}` });
    await link.first().waitFor();
    await link.first().click();
    await page.waitForURL((url) => url.pathname === `/list/case-detail/${pushed.id}`);
    await page.getByText(pushed.caseNo).first().waitFor();
  });
});
