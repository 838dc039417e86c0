import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { IMPORT_COLUMNS } from '../../contract/case-intake';
import { fileBrowser, pathOf, signIn } from './browser';

/**
 * A case's whole life in the browser, across four people each in their own browser context,
 * through the pages each of them uses:
 *
 * 1. case operations import it from an .xlsx, review and approve it, push it to the demo firm;
 * 2. the firm's contact person accepts the push and assigns the demo lawyer, whose bell (their
 *    page open all along) counts the new case without a reload;
 * 3. the lawyer writes a letter for it, business operations pass the letter;
 * 4. the lawyer records repayments up to the amount claimed, which closes the case as repaid:
 *    the lawyer's list and the operations' list say so, the statistics count one more closed
 *    case, and business operations read every decision in its record.
 */

const DEMO_FIRM = '深圳恒信律师事务所';
const DEMO_LAWYER = '李明哲';

/** With E2E_SHOTS=<folder>, each person's page still open at the end is saved (browser.ts). */
const e2e = fileBrowser();
const signedIn = e2e.signedIn;

const mainOf = (page: Page) => page.locator('.keep-alive-page:not([hidden])');

/** Picks an option of the select under a form label (in a page or a dialog). */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.locator('.arco-form-item').filter({ hasText: label }).locator('.arco-select-view').click();
  await page.locator('.arco-select-option:visible').filter({ hasText: option }).first().click();
}

/** The table row of a case number. */
const rowOf = (page: Page, caseNo: string) =>
  mainOf(page).locator('.arco-table-tr').filter({ hasText: caseNo });

/** The open dialog with this title. */
const dialogTitled = (page: Page, title: string) =>
  page.locator('.arco-modal:visible').filter({ has: page.locator('.arco-modal-title', { hasText: title }) });

/** A row's action: a button of the row, or an item of its 更多 menu. */
async function rowAction(page: Page, row: Locator, name: string) {
  await row.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menu').getByRole('button', { name, exact: true }).click();
}

/** A toast the user reads after an action. */
const toast = (page: Page, text: string) => page.locator('.arco-message').filter({ hasText: text }).first();

/** A case number of this run: two capitals and eight digits from the clock (unique per run). */
function uniqueCaseNo(): string {
  const digits = String(Date.now()).slice(-8);
  return `JR${digits}`;
}

/** The import file a user would fill from the template: one case, 1,234.56 yuan. */
async function importFile(caseNo: string, title: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('cases');
  sheet.addRow(IMPORT_COLUMNS.map((c) => c.header));
  sheet.addRow([
    caseNo,
    title,
    '民事',
    '赵一鸣',
    '深圳市旅程小额贷款有限公司',
    '440305',
    '1234.56',
    '2027-12-31',
    '深圳市南山区人民法院',
    '借款逾期未还',
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The figure a dashboard's statistic card shows (its title above it), as a number. */
async function statistic(page: Page, title: string): Promise<number> {
  const card = mainOf(page).locator('[data-stat]').filter({ hasText: title }).first();
  const text = ((await card.textContent()) ?? '').replace(title, '');
  assert.match(text, /\d/, `the statistic ${title} shows a figure: ${text}`);
  return Number(text.replace(/[^\d.]/g, ''));
}

/** The bell's unread count (0 when the badge shows none). */
const bellCount = (page: Page) =>
  page.evaluate(() => Number(document.querySelector('.arco-badge-number')?.textContent || '0'));

describe("a case's whole life", () => {
  it('is imported, approved, pushed, accepted, assigned, written to, repaid and closed, across four roles', async () => {
    const caseNo = uniqueCaseNo();
    const title = `旅程测试 ${caseNo} 借款合同纠纷`;

    // Business operations (who read the statistics): closed cases and repayments before.
    const biz = await signedIn('13800000003', '/dashboard/workplace');
    await biz.goto('/statistics/statistics-data');
    await mainOf(biz).locator('[data-stat]').filter({ hasText: '已结案' }).waitFor();
    const closedBefore = await statistic(biz, '已结案');
    const recoveredBefore = await statistic(biz, '累计回款');

    const ops = await signedIn('13800000002', '/dashboard/workplace');

    // The import: the template's columns, one case, through the page's file input.
    await ops.goto('/list/case-import');
    const opsMain = mainOf(ops);
    await opsMain.locator('input[type=file]').setInputFiles({
      name: `${caseNo}.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await importFile(caseNo, title),
    });
    await opsMain.getByRole('button', { name: '开始导入' }).click();
    const report = opsMain.locator('.arco-card').filter({ hasText: `导入结果：${caseNo}.xlsx` });
    await report.waitFor();
    assert.equal(await statisticIn(report, '已导入'), 1, 'the one case was imported');
    assert.equal(await statisticIn(report, '无效行'), 0, 'no row was refused');

    // Review: the imported case awaits it; open it from the list and approve it.
    await ops.goto(`/list/search-table?keyword=${caseNo}`);
    const opsRow = rowOf(ops, caseNo);
    await opsRow.getByText('待审核').waitFor();
    await rowAction(ops, opsRow, '审核');
    await ops.waitForURL((url) => url.pathname.startsWith('/list/bussinessAudit/'));
    const caseId = pathOf(ops).split('/').pop() ?? '';
    assert.match(caseId, /^\d+$/, 'the review page names the case');
    await mainOf(ops).getByText(title).first().waitFor();
    await mainOf(ops).getByRole('button', { name: '审核通过' }).click();
    await confirm(ops);
    // Approved: the case stands in the pool, and review has nothing left to do.
    await mainOf(ops).getByText('案件池').first().waitFor();
    await mainOf(ops).getByRole('button', { name: '审核通过' }).waitFor({ state: 'detached' });

    // Push: the approved case is in the pool; tick it and push it to the demo firm.
    await ops.goto(`/list/search-table?keyword=${caseNo}`);
    await rowOf(ops, caseNo).getByText('案件池').waitFor();
    await rowOf(ops, caseNo).locator('.arco-checkbox').click();
    await mainOf(ops).getByRole('button', { name: '推送律所' }).first().click();
    const pushDialog = ops.getByRole('dialog');
    await choose(ops, pushDialog, '律所', DEMO_FIRM);
    await pushDialog.getByRole('button', { name: '确定' }).click();
    const result = ops.locator('.arco-modal').filter({ hasText: '成功 1 件，未完成 0 件' });
    await result.getByText(caseNo).waitFor();
    await result.locator('.arco-modal-footer').getByRole('button', { name: '关闭' }).click();

    // The lawyer has the app open on their workplace before the case reaches them.
    const { page: lawyer } = await e2e.freshPage();
    await lawyer.goto('/login');
    // The bell opens its stream after loading its list: the assignment must come after that.
    const streamOpen = lawyer.waitForResponse((r) => r.url().includes('/api/notifications/stream'));
    await signIn(lawyer, '13800000005');
    await lawyer.waitForURL((url) => url.pathname === '/dashboard/lawyer-workplace');
    await lawyer.locator('button[aria-label="消息通知"]').waitFor();
    await streamOpen;
    const lawyerUnread = await bellCount(lawyer);

    // The firm's contact person: the push waits for an answer; accept it, then assign the lawyer.
    const firm = await signedIn('13800000004', '/dashboard/lawfirm-workplace');
    await firm.goto(`/form/casefirm?keyword=${caseNo}`);
    const firmRow = rowOf(firm, caseNo);
    await firmRow.getByText('已推送').waitFor();
    await firmRow.getByRole('button', { name: '接收' }).click();
    await firm.locator('.arco-modal').getByRole('button', { name: '确定' }).click();
    await firmRow.getByText('律所已接收').waitFor();
    await firmRow.getByRole('button', { name: '分配' }).click();
    const assignDialog = firm.getByRole('dialog');
    await choose(firm, assignDialog, '承办律师', DEMO_LAWYER);
    await assignDialog.getByRole('button', { name: '确定' }).click();
    await firmRow.getByText('处理中').waitFor();
    await firm.context().close();

    // The lawyer's bell counts the assignment without a reload; its message opens the case.
    await lawyer.waitForFunction(
      (b) => Number(document.querySelector('.arco-badge-number')?.textContent || '0') > b,
      lawyerUnread,
    );
    assert.equal(pathOf(lawyer), '/dashboard/lawyer-workplace', 'no reload, no navigation');
    await lawyer.locator('button[aria-label="消息通知"]').click();
    await lawyer.getByRole('tab', { name: /待办/ }).click();
    const message = lawyer.locator('.arco-list-item', { hasText: caseNo }).first();
    await message.waitFor();
    // However many messages there are, the list stays within the window (it scrolls inside).
    // The popup is placed at fractional pixels (a CI run saw y = -0.5): half a pixel either way
    // is placement rounding, not a box that runs out of the window.
    const box = await lawyer.locator('.message-box').boundingBox();
    const windowHeight = lawyer.viewportSize()?.height ?? 0;
    assert.ok(
      box && box.y >= -0.5 && box.y + box.height <= windowHeight + 0.5,
      `the message box fits the window: ${JSON.stringify(box)}`,
    );
    await message.getByRole('link').first().click();
    await lawyer.waitForURL((url) => url.pathname === `/case/processing/${caseId}`);
    const lawyerMain = mainOf(lawyer);
    await lawyerMain.getByText(title).first().waitFor();

    // The lawyer writes a letter: a template, and a paragraph of their own.
    await lawyerMain.getByRole('button', { name: '撰写律师函' }).click();
    const letterDialog = dialogTitled(lawyer, '撰写律师函');
    await choose(lawyer, letterDialog, '函件模板', /./);
    await letterDialog.locator('textarea').fill(`请于收函后七日内联系本所，案件 ${caseNo}。`);
    await letterDialog.getByRole('button', { name: '确定' }).click();
    await toast(lawyer, '律师函已提交审核').waitFor();

    // Business operations: the letter waits in the review queue; read it and pass it.
    // The lawyer's letters list names the new letter (its number) beside the case.
    await lawyer.goto('/profile/letters');
    const letterNo = (
      (await rowOf(lawyer, caseNo).locator('.arco-table-td').first().textContent()) ?? ''
    ).trim();
    assert.match(letterNo, /^[A-Z]+[\d-]+$/, `the lawyer's list shows the letter's number: ${letterNo}`);
    await rowOf(lawyer, caseNo).getByText('审核中').waitFor();

    // Business operations: the letter waits in the review queue; find it by its number, read it, pass it.
    await biz.goto('/result/letter-audit');
    const queue = mainOf(biz);
    await queue.locator('.arco-form-item').filter({ hasText: '关键词' }).locator('input').fill(letterNo);
    await queue.getByRole('button', { name: '查询' }).click();
    await rowOf(biz, letterNo).getByRole('button', { name: '审核' }).click();
    await biz.waitForURL((url) => url.pathname.startsWith('/result/letter-review/'));
    await mainOf(biz).getByText(caseNo).first().waitFor();
    await mainOf(biz).getByRole('button', { name: '通过' }).click();
    await biz.locator('.arco-popconfirm').getByRole('button', { name: '确定' }).click();
    await toast(biz, '审核结果已保存').waitFor();

    // The lawyer's letters list shows the letter passed; the lawyer goes back to the case from it
    // and records repayments up to the amount claimed: 1,000.00 then 234.56 yuan.
    await lawyer.goto('/profile/letters');
    await rowOf(lawyer, caseNo).getByText('已通过').waitFor();
    await rowOf(lawyer, caseNo).getByRole('link', { name: caseNo }).click();
    await lawyer.waitForURL((url) => url.pathname === `/case/processing/${caseId}`);
    await lawyerMain.getByText(title).first().waitFor();
    await repay(lawyer, '1000');
    await lawyerMain.getByText('处理中').first().waitFor();
    await repay(lawyer, '234.56');
    await lawyerMain.getByText('已结案').first().waitFor();
    await lawyerMain.getByText('已还款').first().waitFor();

    // The lawyer's own list shows it closed, repaid.
    await lawyer.goto(`/profile/case?keyword=${caseNo}`);
    await rowOf(lawyer, caseNo).getByText('已结案').waitFor();
    await rowOf(lawyer, caseNo).getByText('已还款').waitFor();

    // The operations' list too.
    await ops.goto(`/list/search-table?keyword=${caseNo}`);
    await rowOf(ops, caseNo).getByText('已结案').waitFor();
    await rowOf(ops, caseNo).getByText('已还款').waitFor();

    // The statistics count one more closed case, and the 1,234.56 yuan repaid.
    await biz.goto('/statistics/statistics-data');
    await mainOf(biz).locator('[data-stat]').filter({ hasText: '已结案' }).waitFor();
    assert.equal(await statistic(biz, '已结案'), closedBefore + 1, 'the statistics count the closed case');
    assert.equal(
      Math.round((await statistic(biz, '累计回款')) * 100),
      Math.round(recoveredBefore * 100) + 123456,
      'the statistics count the repayments',
    );

    // Business operations: the record, read-only, tells what happened.
    await biz.goto(`/result/case-record/${caseId}`);
    const bizMain = mainOf(biz);
    await bizMain.getByText(caseNo).first().waitFor();
    await bizMain.getByRole('tab', { name: '推送与操作记录' }).click();
    for (const event of ['审核通过', '推送律所', '律所接收', '分配律师', '结案']) {
      await bizMain.getByText(event, { exact: true }).first().waitFor();
    }
    assert.equal(await bizMain.getByRole('button', { name: /编辑|结案|分配|删除/ }).count(), 0);
  });
});

async function statisticIn(scope: Locator, title: string): Promise<number> {
  const value = scope
    .locator('.arco-statistic')
    .filter({ has: scope.page().locator('.arco-statistic-title', { hasText: title }) })
    .locator('.arco-statistic-value')
    .first();
  await value.waitFor();
  return Number(((await value.textContent()) ?? '').replace(/[^\d.]/g, ''));
}

/** Answers yes to the question an action asks before sending. */
async function confirm(page: Page) {
  await page.locator('.arco-modal:visible').getByRole('button', { name: '确定' }).click();
}

/** Records a repayment made today, through the processing page's form. */
async function repay(page: Page, yuan: string) {
  await mainOf(page).getByRole('button', { name: '登记还款' }).click();
  const dialog = dialogTitled(page, '登记还款');
  await dialog.locator('.arco-form-item').filter({ hasText: '还款金额' }).locator('input').fill(yuan);
  await dialog.locator('.arco-form-item').filter({ hasText: '还款日期' }).locator('input').click();
  await page.locator('.arco-picker-container:visible').getByText('今天').click();
  await choose(page, dialog, '还款方式', '银行转账至委托方');
  await dialog.getByRole('button', { name: '确定' }).click();
  await toast(page, '还款已登记').waitFor();
  await dialog.waitFor({ state: 'hidden' });
}
