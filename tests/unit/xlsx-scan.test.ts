import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { SheetRefused } from '../../server/cases/imports/sheet-limits';
import { cellText, sheetLimitsFor, sheetRows } from '../../server/cases/imports/sheet-rows';
import { elementsOf, PackedStrings, runsText, xmlText } from '../../server/cases/imports/xlsx-scan';
import { readConfig } from '../../server/config';

/**
 * The import's own scan of shared strings and worksheet rows (server/cases/imports/xlsx-scan.ts)
 * reads every cell as exceljs's full reader does, as the import sees it (cellText), and cuts
 * elements right wherever the inflated text is split.
 */

const dir = mkdtempSync(join(tmpdir(), 'xlsx-scan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function scanned(file: string): Promise<Map<number, string[]>> {
  const rows = new Map<number, string[]>();
  for await (const row of sheetRows(file, 'xlsx', sheetLimitsFor(readConfig({}))))
    rows.set(
      row.rowNo,
      Array.from(row.cells, (c) => cellText(c)),
    );
  return rows;
}

/** The same file through exceljs's whole-workbook reader, each row's cells as text. */
async function byExceljs(file: string): Promise<Map<number, string[]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const rows = new Map<number, string[]>();
  workbook.worksheets[0].eachRow((row, rowNo) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.set(
      rowNo,
      Array.from(values, (v) => cellText(v)),
    );
  });
  return rows;
}

const trimEnd = (cells: string[]) => {
  const out = [...cells];
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
};

describe('the scan of an .xlsx', () => {
  it('reads every kind of cell exceljs writes as exceljs reads it', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('cases');
    sheet.addRow(['案件编号', '金额', '日期', '布尔', '公式', '富文本', '链接', '错误']);
    const day = new Date(Date.UTC(2027, 5, 30));
    for (let i = 0; i < 40; i++) {
      const row = sheet.addRow([
        `MS<&>"'${i}`,
        1234.5 + i,
        day,
        i % 2 === 0,
        { formula: `B${i + 2}*2`, result: (1234.5 + i) * 2 },
        { richText: [{ text: '张' }, { font: { bold: true }, text: `三${i}` }] },
        { text: `链接${i}`, hyperlink: 'https://example.com/' },
        { error: '#N/A' },
      ]);
      row.getCell(3).numFmt = i % 3 === 0 ? 'yyyy-mm-dd' : 'yyyy"年"m"月"d"日"';
      if (i % 5 === 0) row.getCell(10).value = '远处的格子 \u{1F600} &#;';
    }
    sheet.addRow([]);
    sheet.getRow(60).getCell(2).value = '跳过的行之后';
    const file = join(dir, 'kinds.xlsx');
    await workbook.xlsx.writeFile(file);
    const ours = await scanned(file);
    const theirs = await byExceljs(file);
    expect([...ours.keys()]).toEqual([...theirs.keys()]);
    for (const [rowNo, cells] of theirs)
      expect(trimEnd(ours.get(rowNo) ?? []), `row ${rowNo}`).toEqual(trimEnd(cells));
    expect(ours.get(2)?.slice(0, 3)).toEqual([`MS<&>"'0`, '1234.5', '2027-06-30']);
    // The header row alone, with only the shared strings it names read.
    const heads: unknown[][] = [];
    for await (const row of sheetRows(file, 'xlsx', sheetLimitsFor(readConfig({})), { headersOnly: true }))
      heads.push(row.cells);
    expect(heads).toEqual([['案件编号', '金额', '日期', '布尔', '公式', '富文本', '链接', '错误']]);
  });

  it('reads inline strings, rich inline strings and phonetic runs as their text', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('cases').addRow(['x']);
    const zip = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
    const sheetXml = [
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
      '<row r="1"><c r="A1" t="inlineStr"><is><t>王五</t></is></c><c r="C1" t="inlineStr"><is><r><t>赵</t></r><r><rPr><b/></rPr><t xml:space="preserve">六 </t></r></is></c></row>',
      '<row r="3"><c r="B3" t="inlineStr"><is><t>漢字</t><rPh sb="0" eb="2"><t>カンジ</t></rPh></is></c><c r="D3" t="str"><f>A1</f><v>&#x738B;&amp;</v></c><c r="E3" t="b"><v>0</v></c></row>',
      '</sheetData><rowBreaks count="1"><brk id="2"/></rowBreaks></worksheet>',
    ].join('');
    zip.file('xl/worksheets/sheet1.xml', sheetXml);
    const file = join(dir, 'inline.xlsx');
    writeFileSync(file, await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
    const rows = await scanned(file);
    expect([...rows.keys()]).toEqual([1, 3]);
    expect(rows.get(1)).toEqual(['王五', '', '赵六']);
    expect(rows.get(3)).toEqual(['', '漢字', '', '王&', 'false']);
  });

  it('cuts elements right wherever the text is split, and refuses one past its length', async () => {
    const xml = `<sst>${Array.from({ length: 50 }, (_, i) => `<si><t>字${i}&lt;</t></si><si/>`).join('')}</sst>`;
    const whole: string[] = [];
    for await (const si of elementsOf(Readable.from([xml]), 'si')) whole.push(si);
    expect(whole).toHaveLength(100);
    for (const size of [1, 2, 3, 7, 13]) {
      const bytes = Buffer.from(xml, 'utf8');
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      const cut: string[] = [];
      for await (const si of elementsOf(Readable.from(chunks), 'si')) cut.push(si);
      expect(cut, `chunks of ${size}`).toEqual(whole);
    }
    expect(runsText(whole[0])).toBe('字0<');
    const long = `<sst><si><t>${'长'.repeat(5000)}</t></si></sst>`;
    const reading = (async () => {
      for await (const _ of elementsOf(Readable.from([long.slice(0, 3000), long.slice(3000)]), 'si', 1000));
    })();
    await expect(reading).rejects.toBeInstanceOf(SheetRefused);
  });

  it('packs shared strings into one buffer and gives each back as it was', () => {
    const texts = [
      '',
      '张三',
      'a',
      '\u{1F600}x',
      '长'.repeat(70_000),
      ...Array.from({ length: 10_000 }, (_, i) => `第${i}行`),
    ];
    const packed = new PackedStrings();
    for (const t of texts) packed.push(t);
    expect(packed.length).toBe(texts.length);
    for (let i = 0; i < texts.length; i++)
      if (packed.get(i) !== texts[i]) expect(packed.get(i), `#${i}`).toBe(texts[i]);
    expect([packed.get(-1), packed.get(texts.length), packed.get(0.5)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('decodes character references, and leaves one that names no character as written', () => {
    expect(xmlText('a&amp;b&lt;c&gt;&quot;&apos;&#36;&#x4E2D;')).toBe('a&b<c>"\'$中');
    expect(xmlText('&#xD800;&#1114112;&unknown;')).toBe('&#xD800;&#1114112;&unknown;');
  });
});
