import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { api, type CaseRow, tokenOf } from './api';
import { fileBrowser } from './browser';

/**
 * /user/info, 最近动态: an action on a case names the case (number and title) and opens it.
 * Before, a push read only "推送律所 待处理（案件池）→待处理（已推送）", with no way to tell
 * which case it was.
 */

const e2e = fileBrowser();

/** Setup only: case operations push a pool case to the demo firm, as 推送律所 does. */
async function pushedCase(): Promise<CaseRow> {
  const token = await tokenOf('13800000002');
  const firm = await api<{ lawFirmId: number }>(await tokenOf('13800000004'), 'GET', '/user/info');
  // The second oldest case of the pool, a seeded one: live-messages.test.ts takes the oldest,
  // and the newest may be another file's own case.
  const pool = await api<{ list: CaseRow[] }>(
    token,
    'GET',
    '/cases?position=pool&sortOrder=ascend&pageSize=2',
  );
  const target = pool.list[1];
  assert.ok(target && target.position === 'pool', 'a case waits in the pool');
  await api(token, 'POST', `/cases/${target.id}/transitions`, {
    event: 'PUSH',
    lawFirmId: firm.lawFirmId,
    version: target.version,
  });
  return target;
}

describe('the user center’s activity', () => {
  it('names the case an action was on and opens it', async () => {
    const pushed = await pushedCase();
    const page = await e2e.signedIn('13800000002', (url) => !url.pathname.startsWith('/login'));
    await page.goto('/user/info');

    const link = page.getByRole('link', { name: `案件 ${pushed.caseNo}：${pushed.title}` });
    await link.first().waitFor();
    await link.first().click();
    await page.waitForURL((url) => url.pathname === `/list/case-detail/${pushed.id}`);
    await page.getByText(pushed.caseNo).first().waitFor();
  });
});
