import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileBrowser } from './browser';

const e2e = fileBrowser();

describe('a case sent back by review', () => {
  it('shows in 案件列表 as 已退回 with its reason', async () => {
    const page = await e2e.signedIn('13800000002', '/dashboard/workplace');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    // The oldest case awaiting review, a seeded one: the newest may be one another file has
    // just made and is reviewing (case-journey, case-intake).
    const listed = await page.request.get('/api/cases?position=awaitingReview&sortOrder=ascend&pageSize=1', {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await listed.json()) as { data: { list: Array<{ id: number; caseNo: string }> } };
    const target = body.data.list[0];
    assert.ok(target, 'a case awaiting review');
    const reason = `借款合同扫描件缺页${Date.now() % 100_000}`;

    await page.goto(`/list/bussinessAudit/${target.id}`);
    const review = page.locator('.keep-alive-page:not([hidden])');
    await review.getByText(target.caseNo).first().waitFor();
    await review.getByRole('button', { name: '退回' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('textarea').fill(reason);
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.goto(`/list/search-table?keyword=${target.caseNo}`);
    const list = page.locator('.keep-alive-page:not([hidden])');
    const row = list.locator('tr', { hasText: target.caseNo });
    await row.getByText('已退回').waitFor();
    await row.getByText(reason).waitFor();
  });
});
