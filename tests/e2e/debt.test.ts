import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { api, tokenOf } from './api';
import { DEMO_PASSWORD, fileBrowser } from './browser';
import { type OwnServer, startOwnServer } from './own-server';

/**
 * The debt itself (issue 19), as the lawyer works it: reveal the debtor's phone with a reason,
 * log the call, be told the window is closed at night, set up a plan, record a repayment with
 * its voucher and see the instalment paid; business operations then finds the reveal in
 * 个人信息访问记录. The night is the server's (only its clock decides the collection rules), so
 * this file runs a server of its own whose clock it moves (own-server.ts).
 */

let own: OwnServer;
before(async () => {
  own = await startOwnServer();
  // 21:00 business time: the window is open for the first steps, and the night (22:30) an hour
  // and a half later, well within the sessions' 12 hours.
  own.clock.advance(msUntilShanghaiHour(own.clock.now(), 21));
});
after(() => own?.close());

const e2e = fileBrowser(() => own.url);

const MOBILE = '13912345678';
const MASKED_MOBILE = '139****5678';
// A valid 居民身份证 number (GB 11643-1999's example).
const ID = '11010519491231002X';

/** The instant as Shanghai's wall clock, read through getUTC* (China keeps no summer time). */
function shanghai(at: Date): Date {
  return new Date(at.getTime() + 8 * 3_600_000);
}
/** The business day of an instant, YYYY-MM-DD, `days` later. */
function businessDay(at: Date, days = 0): string {
  return shanghai(new Date(at.getTime() + days * 86_400_000))
    .toISOString()
    .slice(0, 10);
}
/** How far ahead the next `hour`:00 Shanghai time is. */
function msUntilShanghaiHour(at: Date, hour: number): number {
  const local = shanghai(at);
  const target = new Date(local);
  target.setUTCHours(hour, 0, 0, 0);
  if (target <= local) target.setUTCDate(target.getUTCDate() + 1);
  return target.getTime() - local.getTime();
}

const mainOf = (page: Page) => page.locator('.keep-alive-page:not([hidden])');
const dialogTitled = (page: Page, title: string) =>
  page.locator('.arco-modal:visible').filter({ has: page.locator('.arco-modal-title', { hasText: title }) });
const toast = (page: Page, text: string) => page.locator('.arco-message').filter({ hasText: text }).first();
const item = (scope: Locator, label: string) =>
  scope
    .locator('.arco-form-item')
    .filter({ has: scope.page().locator('.arco-form-label-item', { hasText: label }) });

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await item(scope, label).locator('.arco-select-view').click();
  await page.locator('.arco-select-option:visible').filter({ hasText: option }).first().click();
}

/** A case of this file's own, in processing, handled by the demo lawyer: set up through the API. */
async function lawyersNewCase(): Promise<{ id: number; caseNo: string }> {
  const base = own.url;
  const ops = await tokenOf('13800000002', DEMO_PASSWORD, base);
  const firm = await tokenOf('13800000004', DEMO_PASSWORD, base);
  const caseNo = `DB${String(Date.now()).slice(-8)}`;
  type Row = { id: number; version: number };
  let row = await api<Row>(
    ops,
    'POST',
    '/cases',
    {
      caseNo,
      title: '王五借款合同纠纷',
      type: 'civil',
      clientName: '深圳市某小额贷款有限公司',
      regionCode: '110105',
      amountFen: 1_000_000,
      principalFen: 900_000,
      interestFen: 100_000,
      entrustExpiresOn: businessDay(own.clock.now(), 365),
      parties: [
        {
          role: 'debtor',
          name: '王五',
          idType: 'residentIdCard',
          idNumber: ID,
          phones: [{ number: MOBILE, label: '本人', status: 'valid' }],
          addresses: [{ kind: 'residence', text: '北京市朝阳区建国路 2 号' }],
        },
      ],
    },
    base,
  );
  const lawyers = await api<{ list: Array<{ id: number; name: string; lawFirmId: number }> }>(
    firm,
    'GET',
    '/lawyers/options?keyword=李明哲',
    undefined,
    base,
  );
  const lawyer = lawyers.list.find((l) => l.name === '李明哲');
  assert.ok(lawyer, 'the demo lawyer is among the firm’s lawyers');
  const step = async (token: string, body: Record<string, unknown>) => {
    row = await api<Row>(
      token,
      'POST',
      `/cases/${row.id}/transitions`,
      { ...body, version: row.version },
      base,
    );
  };
  await step(ops, { event: 'APPROVE' });
  await step(ops, { event: 'PUSH', lawFirmId: lawyer.lawFirmId });
  await step(firm, { event: 'ASSIGN', lawyerId: lawyer.id });
  return { id: row.id, caseNo };
}

describe('the debt on 案件处理', () => {
  it('reveals a phone with a reason, logs a call, is refused at night, sets up a plan and repays an instalment; business operations sees the reveal', async () => {
    const record = await lawyersNewCase();
    const page = await e2e.signedIn('13800000005', '/dashboard/lawyer-workplace', {
      width: 1366,
      height: 900,
    });
    await page.goto(`/case/processing/${record.id}`);
    const main = mainOf(page);
    await main.getByText(MASKED_MOBILE).first().waitFor();
    assert.equal(await main.getByText(MOBILE).count(), 0, 'the phone is masked until revealed');

    // 查看 beside the phone: a reason, then the number, forgotten on close.
    const phoneRow = main.locator('.arco-space').filter({ hasText: MASKED_MOBILE }).last();
    await phoneRow.getByRole('button', { name: '查看' }).click();
    const reveal = dialogTitled(page, '查看完整信息');
    await choose(page, reveal, '查看原因', '联系当事人');
    await reveal.getByRole('button', { name: '查看', exact: true }).click();
    await reveal.getByText(MOBILE).waitFor();
    await reveal.getByRole('button', { name: '关闭' }).click();
    await reveal.waitFor({ state: 'hidden' });
    assert.equal(await page.getByText(MOBILE).count(), 0, 'the revealed number is gone with its dialog');

    // 记录联系: an outbound call, connected, while the window is open.
    await main.getByText('可以联系').first().waitFor();
    await main.getByRole('button', { name: '记录联系' }).click();
    const contact = dialogTitled(page, '记录联系');
    await choose(page, contact, '当事人', '王五');
    await choose(page, contact, '方式', '电话');
    await choose(page, contact, '号码', MASKED_MOBILE);
    await choose(page, contact, '方向', '呼出');
    await choose(page, contact, '结果', '已接通');
    await item(contact, '内容').locator('textarea').fill('债务人接听，称月底前先还一部分');
    await contact.getByRole('button', { name: '确定' }).click();
    await contact.waitFor({ state: 'hidden' });
    await main.locator('.arco-table-tr').filter({ hasText: '债务人接听，称月底前先还一部分' }).waitFor();

    // 22:30 business time: the server says the window is closed, and the page says so.
    own.clock.advance(msUntilShanghaiHour(own.clock.now(), 22) + 30 * 60_000);
    await page.reload();
    await mainOf(page).getByText('暂不可呼出').first().waitFor();
    await mainOf(page).getByText('休息时段').first().waitFor();

    // 制定分期: two instalments that add up to what is outstanding (¥10,000): active at once.
    const today = own.clock.now();
    await mainOf(page).getByRole('button', { name: '制定分期' }).click();
    const plan = dialogTitled(page, '制定分期');
    await plan.getByRole('button', { name: '添加一期' }).click();
    const days = [businessDay(today, 7), businessDay(today, 37)];
    const amounts = ['4000', '6000'];
    for (const n of [0, 1]) {
      const due = plan.getByLabel(`第 ${n + 1} 期还款日`);
      await due.click();
      await due.fill(days[n]);
      await due.press('Enter');
      await plan.getByLabel(`第 ${n + 1} 期金额`).fill(amounts[n]);
    }
    await plan.getByText('合计 ¥10,000.00').waitFor();
    await plan.getByRole('button', { name: '确定' }).click();
    await plan.waitFor({ state: 'hidden' });
    await mainOf(page).getByText('执行中').first().waitFor();
    const first = mainOf(page).locator('.arco-table-tr').filter({ hasText: days[0] });
    await first.getByText('未到期').waitFor();

    // 登记还款: the first instalment's amount, by bank transfer, with its voucher (a real file input).
    await mainOf(page).getByRole('button', { name: '登记还款' }).click();
    const repay = dialogTitled(page, '登记还款');
    await item(repay, '还款金额').locator('input').fill('4000');
    await item(repay, '还款日期').locator('input').click();
    await page.locator('.arco-picker-container:visible').getByText('今天').click();
    await choose(page, repay, '还款方式', '银行转账至委托方');
    await item(repay, '还款凭证')
      .locator('input[type="file"]')
      .setInputFiles({
        name: '转账回单.png',
        mimeType: 'image/png',
        buffer: Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
          'base64',
        ),
      });
    await repay.getByText('转账回单.png').waitFor();
    await repay.getByRole('button', { name: '确定' }).click();
    await toast(page, '还款已登记').waitFor();
    await repay.waitFor({ state: 'hidden' });
    await first.getByText('已还').waitFor();
    await mainOf(page).locator('.arco-table-tr').filter({ hasText: '转账回单.png' }).first().waitFor();

    // Business operations: the reveal, with its reason, in 个人信息访问记录.
    const audit = await e2e.signedIn('13800000003', '/dashboard/workplace');
    await audit.goto(`/user/pii-access?caseNo=${record.caseNo}`);
    const access = mainOf(audit).locator('.arco-table-tr').filter({ hasText: record.caseNo });
    await access.first().waitFor();
    await access.filter({ hasText: '联系当事人' }).filter({ hasText: '李明哲' }).first().waitFor();
  });
});
