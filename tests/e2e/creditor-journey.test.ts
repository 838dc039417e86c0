import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { IMPORT_COLUMNS, IMPORT_EXAMPLE } from '../../contract/case-intake';
import { api, tokenOf } from './api';
import { DEMO_PASSWORD, fileBrowser } from './browser';
import { type OwnServer, startOwnServer } from './own-server';

/**
 * The creditor's side (issue 20), as operations and a firm live it: operations import a batch
 * for a creditor, route it by the rules from 案件列表, the firm's contact person finds the
 * pushes, one push nobody answers lapses when the server's clock has moved past
 * PUSH_ANSWER_HOURS and the case is back in the pool, and operations download the batch's
 * progress report and open it. The clock is the server's, so this file runs a server of its
 * own whose clock it moves and whose deadline sweep runs every second (own-server.ts).
 */

let own: OwnServer;
before(async () => {
  own = await startOwnServer(120, {
    env: { DEADLINE_SWEEP_SECONDS: '1', PUSH_ANSWER_HOURS: '48' },
    deadlines: true,
  });
});
after(() => own?.close());

const e2e = fileBrowser(() => own.url);
const mainOf = (page: Page) => page.locator('.keep-alive-page:not([hidden])');
const rowOf = (page: Page, text: string) => mainOf(page).locator('.arco-table-tr').filter({ hasText: text });
const DEMO_FIRM = '深圳恒信律师事务所';

async function signedIn(phone: string, landing: string): Promise<Page> {
  return e2e.signedIn(phone, landing);
}

/** Three cases of this run, the template's columns, the creditor named in 委托方. */
async function batchFile(caseNos: string[], creditor: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('案件');
  sheet.addRow(IMPORT_COLUMNS.map((c) => c.header));
  const creditorColumn = IMPORT_COLUMNS.findIndex((c) => c.header === '委托方');
  for (const [i, caseNo] of caseNos.entries()) {
    const row = [...IMPORT_EXAMPLE];
    row[0] = caseNo;
    row[1] = `批次案件${i + 1}借款合同纠纷`;
    row[creditorColumn] = creditor;
    sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('a creditor’s batch: imported, routed, lapsed, reported', () => {
  it('goes from the import to the firm and back, and into the bank’s report', async () => {
    const base = own.url;
    const stamp = String(Date.now()).slice(-7);
    const prefix = `CJ${stamp}`;
    const caseNos = [0, 1, 2].map((i) => `${prefix}${i}`);
    const batchNo = `E2E-${stamp}`;

    // Setup (not under test here): the creditor, and a rule that routes its cases to the demo firm.
    const ops = await tokenOf('13800000002', DEMO_PASSWORD, base);
    const creditors = await api<{ list: { id: number; name: string }[] }>(
      ops,
      'GET',
      '/creditors/options',
      undefined,
      base,
    );
    const creditor = creditors.list[0];
    const firms = await api<{ list: { id: number; name: string }[] }>(
      ops,
      'GET',
      '/lawfirms/options?page=1&pageSize=100',
      undefined,
      base,
    );
    const demoFirm = firms.list.find((f) => f.name === DEMO_FIRM);
    assert.ok(demoFirm, 'the demo firm passed review');
    await api(
      ops,
      'PUT',
      '/routing-rules',
      {
        rules: [
          {
            name: `${creditor.name}全部案件`,
            creditorIds: [creditor.id],
            firms: [{ lawFirmId: demoFirm.id, weight: 1, capacity: 100_000 }],
          },
        ],
      },
      base,
    );

    // Operations import the batch for the creditor, through the page's file input.
    const opsPage = await signedIn('13800000002', '/dashboard/workplace');
    await opsPage.goto('/list/case-import');
    const importer = mainOf(opsPage);
    await importer.locator('#import-creditor').click();
    await opsPage.locator('.arco-select-option:visible').filter({ hasText: creditor.name }).first().click();
    await importer.locator('input[name="batchNo"]').fill(batchNo);
    await importer.locator('input[type=file]').setInputFiles({
      name: `${batchNo}.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await batchFile(caseNos, creditor.name),
    });
    await importer.getByRole('button', { name: '开始导入' }).click();
    const report = importer.locator('.arco-card').filter({ hasText: `导入结果：${batchNo}.xlsx` });
    await report.getByText('已完成').waitFor();
    const counts = await report.locator('.arco-statistic-value').allInnerTexts();
    assert.deepEqual(counts.slice(0, 3), ['3', '3', '0'], `imported: ${counts.join(', ')}`);

    // Review approves them (setup through the API: review has its own tests).
    type Row = { id: number; caseNo: string; version: number };
    const imported = await api<{ list: Row[] }>(
      ops,
      'GET',
      `/cases?keyword=${prefix}&pageSize=20`,
      undefined,
      base,
    );
    assert.equal(imported.list.length, 3);
    for (const row of imported.list)
      await api(
        ops,
        'POST',
        `/cases/${row.id}/transitions`,
        { event: 'APPROVE', version: row.version },
        base,
      );

    // 按规则分案 from 案件列表: tick the page, route, and read each case's outcome.
    await opsPage.goto(`/list/search-table?keyword=${prefix}`);
    for (const caseNo of caseNos) await rowOf(opsPage, caseNo).getByText('案件池').waitFor();
    await mainOf(opsPage).locator('.arco-table-th .arco-checkbox').first().click();
    await mainOf(opsPage).getByRole('button', { name: '按规则分案' }).click();
    await opsPage.locator('.arco-modal:visible').getByRole('button', { name: '确定' }).click();
    const routed = opsPage.locator('.arco-modal').filter({ hasText: '成功 3 件，未完成 0 件' });
    for (const caseNo of caseNos) await routed.getByText(caseNo).waitFor();
    await routed.locator('.arco-modal-footer').getByRole('button', { name: '关闭' }).click();

    // The firm's contact person finds the three pushes waiting for an answer, and accepts two.
    const firmPage = await signedIn('13800000004', '/dashboard/lawfirm-workplace');
    await firmPage.goto(`/form/casefirm?keyword=${prefix}`);
    for (const caseNo of caseNos) await rowOf(firmPage, caseNo).getByText('已推送').waitFor();
    const firm = await tokenOf('13800000004', DEMO_PASSWORD, base);
    const pushed = await api<{ list: Row[] }>(
      firm,
      'GET',
      `/cases?keyword=${prefix}&pageSize=20`,
      undefined,
      base,
    );
    for (const row of pushed.list.filter((r) => r.caseNo !== caseNos[2]))
      await api(
        firm,
        'POST',
        `/cases/${row.id}/transitions`,
        { event: 'ACCEPT', version: row.version },
        base,
      );

    // Two days pass on the server: the unanswered push lapses, and no other firm is left in the
    // rule (the demo firm let it lapse), so the case is back in the pool.
    own.clock.advance(49 * 3_600_000);
    const later = await signedIn('13800000002', '/dashboard/workplace');
    // The sweep runs every second: the user reloads the list until the case shows there.
    for (let tries = 0; ; tries++) {
      await later.goto(`/list/search-table?keyword=${caseNos[2]}`);
      const row = rowOf(later, caseNos[2]);
      await row.waitFor();
      if (await row.getByText('案件池').isVisible()) break;
      assert.ok(tries < 120, 'the lapsed push came back to the pool');
      await later.waitForTimeout(500);
    }
    await rowOf(later, caseNos[2]).getByText('案件池').waitFor();

    // The batch's progress report, downloaded from 委托批次 and opened.
    await later.goto('/list/batches');
    const batches = mainOf(later);
    await batches.locator('.arco-form-item').filter({ hasText: '关键词' }).locator('input').fill(batchNo);
    await batches.getByRole('button', { name: '查询' }).click();
    const batchRow = rowOf(later, batchNo);
    await batchRow.getByText(creditor.name).waitFor();
    const download = later.waitForEvent('download');
    await batchRow.getByRole('button', { name: '下载进度报告' }).click();
    const file = await (await download).path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    assert.ok(workbook.worksheets.length >= 2, 'a summary sheet and a sheet of cases');
    const cells: string[] = [];
    workbook.worksheets[1].eachRow((row) => {
      cells.push((row.values as unknown[]).map((v) => String(v ?? '')).join('|'));
    });
    for (const caseNo of caseNos)
      assert.ok(
        cells.some((line) => line.includes(caseNo)),
        `${caseNo} in the report`,
      );
  });
});
