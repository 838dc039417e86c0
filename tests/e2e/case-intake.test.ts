import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { IMPORT_COLUMNS, IMPORT_EXAMPLE } from '../../contract/case-intake';
import { fileBrowser } from './browser';

const e2e = fileBrowser();
let dir: string;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'casedesk-e2e-intake-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

const caseOperations = (): Promise<Page> => e2e.signedIn('13800000002', '/dashboard/workplace');

/** Case numbers no seed uses; random so the suite can run again on the same database. */
const freshCaseNo = (prefix: string) => `${prefix}${String(randomInt(10_000_000, 99_999_999))}`;

describe('case intake', () => {
  it('creates a case through the form, which then awaits review', async () => {
    const page = await caseOperations();
    await page.goto('/list/case-new');
    const main = page.locator('.keep-alive-page:not([hidden])');
    const caseNo = freshCaseNo('EF');
    await main.locator('input[name="caseNo"]').fill(caseNo);
    await main.locator('input[name="title"]').fill('端到端借款合同纠纷');
    await main.locator('input[name="debtorName"]').fill('王五');
    await main.locator('input[name="clientName"]').fill('某银行');
    await main.locator('#type_input').click();
    await page.locator('.arco-select-option').filter({ hasText: '民事' }).click();
    await main.locator('.arco-cascader').click();
    await main.locator('.arco-cascader input').fill('南山区');
    await page.locator('.arco-cascader-list-search-item').filter({ hasText: '南山区' }).first().click();
    // The claim is typed by its parts; 标的金额 is their sum, shown, never typed a second time.
    await main.getByRole('spinbutton', { name: '本金（元）' }).fill('12000');
    await main.getByRole('spinbutton', { name: '利息（元）' }).fill('345.67');
    await main.getByTestId('claim-total').filter({ hasText: '12345.67' }).waitFor();
    await main.locator('.arco-picker input').click();
    await page.locator('.arco-picker-cell-in-view').filter({ hasText: /^15$/ }).first().click();
    await main.getByRole('button', { name: '提交审核' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/list/case-detail/'));
    const detail = page.locator('.keep-alive-page:not([hidden])');
    await detail.getByText(caseNo).first().waitFor();
    await detail.getByText('待处理').first().waitFor();
  });

  it('imports a spreadsheet, reports the refused row and offers it for download', async () => {
    const good = [freshCaseNo('EI'), freshCaseNo('EI')];
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('cases');
    sheet.addRow(IMPORT_COLUMNS.map((c) => c.header));
    for (const no of good) sheet.addRow([no, ...IMPORT_EXAMPLE.slice(1)]);
    sheet.addRow([good[0], ...IMPORT_EXAMPLE.slice(1)]);
    const file = join(dir, '九月案件.xlsx');
    await workbook.xlsx.writeFile(file);

    const page = await caseOperations();
    await page.goto('/list/case-import');
    const main = page.locator('.keep-alive-page:not([hidden])');
    const template = page.waitForEvent('download');
    await main.getByRole('button', { name: '下载导入模板' }).click();
    assert.match((await template).suggestedFilename(), /\.xlsx$/);

    await main.locator('input[type="file"]').setInputFiles(file);
    await main.locator('.arco-radio').filter({ hasText: '只导入有效行，其余报告' }).click();
    await main.getByRole('button', { name: '开始导入' }).click();
    await main.getByText('导入结果：九月案件.xlsx').waitFor({ timeout: 60_000 });
    await main.getByText('案件编号与文件中第 2 行重复').waitFor();
    const counts = await main.locator('.arco-statistic-value').allInnerTexts();
    assert.deepEqual(counts.slice(0, 3), ['3', '2', '1']);

    const errors = page.waitForEvent('download');
    await main.getByRole('button', { name: '下载错误行' }).first().click();
    assert.match((await errors).suggestedFilename(), /\.xlsx$/);
    // The history names who ran it.
    await main.locator('.arco-table-td').filter({ hasText: '九月案件.xlsx' }).first().waitFor();
  });
});
