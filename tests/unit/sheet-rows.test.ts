import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { sheetLimitsFor, sheetRows } from '../../server/cases/imports/sheet-rows';
import { readConfig } from '../../server/config';

const dir = mkdtempSync(join(tmpdir(), 'sheet-rows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An .xlsx whose zip entries come in the given order (names matched by their start). */
async function xlsxWithEntriesFirst(first: string[]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('cases');
  sheet.addRow(['案件编号', '债务人']);
  sheet.addRow(['AB12345678', '张三']);
  const original = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
  const names = Object.keys(original.files).filter((n) => !original.files[n].dir);
  const ordered = [
    ...first.flatMap((prefix) => names.filter((n) => n.startsWith(prefix))),
    ...names.filter((n) => !first.some((prefix) => n.startsWith(prefix))),
  ];
  const reordered = new JSZip();
  for (const name of ordered) reordered.file(name, await original.files[name].async('uint8array'));
  const file = join(dir, `${first.join('-').replace(/\W/g, '_')}.xlsx`);
  writeFileSync(file, await reordered.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
  return file;
}

async function read(file: string) {
  const rows: unknown[][] = [];
  for await (const row of sheetRows(file, 'xlsx', sheetLimitsFor(readConfig({})))) rows.push(row.cells);
  return rows;
}

describe('reading an .xlsx whatever the order of its zip entries', () => {
  it('reads the rows when the worksheet comes before the workbook (exceljs writes such files at times)', async () => {
    const file = await xlsxWithEntriesFirst(['xl/_rels/', 'xl/sharedStrings', 'xl/worksheets/sheet']);
    expect(await read(file)).toEqual([
      ['案件编号', '债务人'],
      ['AB12345678', '张三'],
    ]);
  });

  it('reads the rows in the usual order too', async () => {
    const file = await xlsxWithEntriesFirst(['[Content_Types]', 'xl/workbook.xml', 'xl/_rels/']);
    expect(await read(file)).toHaveLength(2);
  });
});
