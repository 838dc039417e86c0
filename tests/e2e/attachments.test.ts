import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { fileBrowser } from './browser';

const e2e = fileBrowser();

describe('case attachments in the browser', () => {
  it('uploads a file through the file input and downloads the same bytes', async () => {
    const page = await e2e.signedIn('13800000002', '/dashboard/workplace');

    // Random bytes behind a PDF header: any change on the way (JSON, re-encoding) shows.
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4096)]);
    const name = `e2e-${randomBytes(4).toString('hex')}.pdf`;
    await page.goto('/list/case-edit/3');
    const main = page.locator('.keep-alive-page:not([hidden])');
    await main
      .locator('input[type="file"]')
      .setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
    // Arco marks an item whose request succeeded as done; a refused upload shows an error item.
    await main.locator('.arco-upload-list-item-done').filter({ hasText: name }).waitFor();

    await page.goto('/list/case-detail/3');
    const row = page.locator('.keep-alive-page:not([hidden]) .arco-table-tr').filter({ hasText: name });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: '下载' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), name);
    const saved = await download.path();
    assert.ok(saved, 'the download was saved');
    assert.deepEqual(await readFile(saved), bytes);
  });
});
