import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '../../contract/case-intake';
import { countRows, sheetLimitsFor, sheetRows } from '../../server/cases/imports/sheet-rows';
import { readConfig } from '../../server/config';
import { workbookParts, zipOf } from '../zip-parts';

const dir = mkdtempSync(join(tmpdir(), 'sheet-limits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The file the limits are sized for (issue 19): 100,000 cases of about 20 columns, ID numbers
 * and phones among them, and a second sheet 当事人 of 50,000 parties, every text cell in the
 * shared strings as Excel writes them (each distinct text once).
 */
function honestWorkbook(cases: number, parties: number): Buffer {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const shared = (text: string) => {
    let i = index.get(text);
    if (i === undefined) {
      i = strings.length;
      strings.push(text);
      index.set(text, i);
    }
    return i;
  };
  const column = (i: number) =>
    (i < 26 ? '' : String.fromCharCode(64 + Math.floor(i / 26))) + String.fromCharCode(65 + (i % 26));
  const row = (r: number, cells: (string | number)[]) =>
    `<row r="${r}">${cells
      .map((v, i) =>
        typeof v === 'number'
          ? `<c r="${column(i)}${r}"><v>${v}</v></c>`
          : `<c r="${column(i)}${r}" t="s"><v>${shared(v)}</v></c>`,
      )
      .join('')}</row>`;
  const names = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
  const given = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚桂';
  const name = (i: number) => names[i % 20] + given[(i * 7) % 24] + given[(i * 13) % 24];
  const idNo = (i: number) =>
    `4403${String(10 + (i % 89))}19${String(600_000 + i).slice(-6)}${String(i % 1000).padStart(3, '0')}X`;
  const phone = (i: number) => `1${3 + (i % 6)}${String(100_000_000 + i * 7).slice(-9)}`;
  const extra = [
    '证件类型',
    '证件号码',
    '手机号',
    '备用电话',
    '户籍地址',
    '现住址',
    '工作单位',
    '本金',
    '利息',
    '罚息',
    '费用',
  ];
  const main: string[] = [row(1, [...IMPORT_COLUMNS.map((c) => c.header), ...extra])];
  for (let i = 0; i < cases; i++) {
    const n = name(i);
    main.push(
      row(i + 2, [
        `MS${String(20_260_000_000 + i)}`,
        `${n}借款合同纠纷`,
        '民事',
        n,
        '深圳市某小额贷款有限公司',
        '440305',
        12345.67 + i,
        '2027-06-30',
        '深圳市南山区人民法院',
        i % 3 === 0 ? `借款逾期未还，已催收${i % 10}次` : '借款逾期未还',
        '居民身份证',
        idNo(i),
        phone(i),
        phone(i + 5_000_000),
        `广东省深圳市南山区某某路${i % 999}号${i % 50}栋${i}室`,
        `广东省深圳市福田区某某花园${i % 30}栋${i}室`,
        `深圳市某某${i % 500}科技有限公司`,
        10000 + i,
        1200.5,
        300,
        50,
      ]),
    );
  }
  const partyRows: string[] = [
    row(1, [
      '案件编号',
      '角色',
      '姓名',
      '证件类型',
      '证件号码',
      '手机号',
      '备用电话',
      '户籍地址',
      '现住址',
      '工作单位',
    ]),
  ];
  for (let i = 0; i < parties; i++)
    partyRows.push(
      row(i + 2, [
        `MS${String(20_260_000_000 + i * 2)}`,
        i % 2 ? '共同债务人' : '担保人',
        name(i + 7),
        '居民身份证',
        idNo(i + 3_000_000),
        phone(i + 9_000_000),
        phone(i + 12_000_000),
        `广东省深圳市宝安区某某街道${i % 700}号${i}室`,
        `广东省深圳市龙岗区某某小区${i % 40}栋${i}室`,
        `深圳市某某${i % 300}贸易有限公司`,
      ]),
    );
  const sst = strings.map((s) => `<si><t>${s}</t></si>`).join('');
  return zipOf(
    workbookParts(
      [
        { name: '案件', rows: Buffer.from(main.join('')) },
        { name: '当事人', rows: Buffer.from(partyRows.join('')) },
      ],
      Buffer.from(sst),
    ),
  );
}

describe('the import limits', () => {
  it('pass an honest file of 100,000 cases with a sheet of 50,000 parties, with the defaults and at IMPORT_MAX_ROWS=100000', async () => {
    const file = join(dir, 'cases-100k.xlsx');
    writeFileSync(file, honestWorkbook(100_000, 50_000));
    for (const config of [readConfig({}), readConfig({ IMPORT_MAX_ROWS: '100000' })]) {
      const limits = sheetLimitsFor(config);
      let header: unknown[] = [];
      for await (const row of sheetRows(file, 'xlsx', limits)) {
        header = row.cells;
        break;
      }
      expect(header.slice(0, 2)).toEqual(['案件编号', '案件名称']);
      expect(await countRows(file, 'xlsx', limits, { other: '当事人', max: 200_000 })).toBe(100_000);
      expect(await countRows(file, 'xlsx', limits, { sheet: '当事人', max: 200_000 })).toBe(50_000);
    }
  }, 300_000);

  it('are sized from IMPORT_MAX_ROWS and IMPORT_MAX_MB', () => {
    const limits = sheetLimitsFor(readConfig({ IMPORT_MAX_ROWS: '100000', IMPORT_MAX_MB: '300' }));
    expect(limits.sharedStrings).toBe(3_200_000);
    expect(limits.sharedStringBytes).toBe(100_000 * 1024);
    // Never below the upload limit: a zip stored without compression is as large as its parts.
    expect(limits.partBytes).toBe(300 * 1024 * 1024);
    expect(sheetLimitsFor(readConfig({ IMPORT_MAX_ROWS: '10' })).sharedStrings).toBe(100_000);
  });
});
