import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseRow } from '../../contract/case-api';
import {
  IMPORT_EXAMPLE,
  IMPORT_MAIN_SHEET,
  IMPORT_PARTY_COLUMNS,
  IMPORT_PARTY_EXAMPLE,
  IMPORT_PARTY_SHEET,
} from '../../contract/case-intake';
import type { Party } from '../../contract/parties';
import { startServer, type TestServer } from './harness';
import { caseNo, finished, HEADERS, row, storedCount, upload, useImportServer, zh } from './import-fixtures';

// Issue 19: the import's parties (the main debtor's columns and the 当事人 sheet) and the claim's parts.
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  useImportServer(server);
});
afterAll(() => server.close());

const PARTY_HEADERS = IMPORT_PARTY_COLUMNS.map((c) => c.header);
/** Fictitious numbers with valid check characters. */
const ID = { main: '440305198506123419', guarantor: '11010519491231002X', coDebtor: '44030519900101123X' };

/** A workbook of a main sheet `cases` and, when given, a 当事人 sheet. */
async function twoSheets(main: unknown[][], parties?: unknown[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('cases');
  sheet.addRow(HEADERS);
  for (const r of main) sheet.addRow(r);
  if (parties) {
    const second = workbook.addWorksheet(IMPORT_PARTY_SHEET);
    second.addRow(PARTY_HEADERS);
    for (const r of parties) second.addRow(r);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function importBoth(main: unknown[][], parties: unknown[][] | undefined, mode: 'all' | 'valid') {
  const res = await upload({ name: 'parties.xlsx', bytes: await twoSheets(main, parties) }, mode);
  expect(res.status).toBe(200);
  return finished(res.body.data.id);
}

const caseIdOf = async (no: string) =>
  (await server.app.db.selectFrom('cases').select('id').where('case_no', '=', no).executeTakeFirstOrThrow())
    .id;

const get = async <T>(path: string) => {
  const res = await server.call<T>('GET', path, { token: await server.tokenFor('caseOperation') });
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('importing parties', () => {
  it('imports the main debtor from the main sheet and further parties from 当事人, their numbers masked', async () => {
    const [a, b] = [caseNo(), caseNo()];
    const report = await importBoth(
      [
        row(a, {
          loanNo: 'JK-001',
          debtorIdNumber: ID.main,
          debtorPhones: '13800138000；0755-26541234;13912345678',
        }),
        row(b, { debtorIdType: '', debtorIdNumber: '', debtorPhones: '', debtorAddress: '' }),
      ],
      [
        [
          a,
          '担保人',
          '李四',
          'residentIdCard',
          ID.guarantor,
          '13900139000',
          '北京市朝阳区建国路 2 号',
          '某公司',
        ],
        [b, '共同债务人', '王五', '居民身份证', ID.coDebtor, '', '', ''],
        [a, '共同债务人', '赵六', '', '', '', '', ''],
      ],
      'all',
    );
    expect(report).toMatchObject({ status: 'done', total: 2, imported: 2, invalid: 0, errors: [] });

    const first = await get<{ list: Party[] }>(`/api/cases/${await caseIdOf(a)}/parties`);
    expect(first.list.map((p) => [p.role, p.name, p.idNumber, p.phones.map((ph) => ph.number)])).toEqual([
      ['debtor', IMPORT_EXAMPLE[3], '440305********3419', ['138****8000', '075****1234', '139****5678']],
      ['guarantor', '李四', '110105********002X', ['139****9000']],
      ['coDebtor', '赵六', null, []],
    ]);
    expect(first.list[0].addresses).toEqual([
      expect.objectContaining({ kind: 'residence', text: IMPORT_EXAMPLE[14] }),
    ]);
    expect(first.list[1]).toMatchObject({ idType: 'residentIdCard', employer: '某公司' });
    const second = await get<{ list: Party[] }>(`/api/cases/${await caseIdOf(b)}/parties`);
    expect(second.list.map((p) => [p.role, p.name, p.idNumber])).toEqual([
      ['debtor', IMPORT_EXAMPLE[3], null],
      ['coDebtor', '王五', '440305********123X'],
    ]);
    // The loan number is the case's, shown in its record.
    const record = await get<CaseRow>(`/api/cases/${await caseIdOf(a)}`);
    expect(record.loanNo).toBe('JK-001');
  });

  it('refuses an ID number Excel stored as a number, naming the sheet and row', async () => {
    const [a, b] = [caseNo(), caseNo()];
    const report = await importBoth(
      [row(a, { debtorIdNumber: 440305198506123400 }), row(b)],
      [[b, '担保人', '李四', '居民身份证', 110105194912310020, '', '', '']],
      'valid',
    );
    expect(report).toMatchObject({ status: 'done', total: 2, imported: 0, invalid: 3 });
    expect(report.errors).toEqual([
      { sheet: IMPORT_PARTY_SHEET, row: 2, field: 'idNumber', reason: zh('import.idNumberAsNumber') },
      { sheet: 'cases', row: 2, field: 'debtorIdNumber', reason: zh('import.idNumberAsNumber') },
      { sheet: 'cases', row: 3, field: 'caseNo', reason: zh('import.partyRowRefused', { row: 2 }) },
    ]);
  });

  it('mode valid: a bad check character refuses that party row and its case, the rest are imported', async () => {
    const [a, b] = [caseNo(), caseNo()];
    const report = await importBoth(
      [row(a), row(b)],
      [
        [a, '担保人', '李四', '居民身份证', '110105194912310021', '', '', ''],
        [b, '担保人', '周七', '居民身份证', ID.guarantor, '12345', '', ''],
        [b, '保证人', '吴八', '', '', '', '', ''],
      ],
      'valid',
    );
    expect(report).toMatchObject({ status: 'done', imported: 0, invalid: 5 });
    expect(report.errors).toEqual([
      { sheet: IMPORT_PARTY_SHEET, row: 2, field: 'idNumber', reason: zh('rule.residentIdNumber') },
      { sheet: IMPORT_PARTY_SHEET, row: 3, field: 'phones', reason: zh('rule.contactPhone') },
      { sheet: IMPORT_PARTY_SHEET, row: 4, field: 'role', reason: zh('import.partyRoleUnknown') },
      { sheet: 'cases', row: 2, field: 'caseNo', reason: zh('import.partyRowRefused', { row: 2 }) },
      { sheet: 'cases', row: 3, field: 'caseNo', reason: zh('import.partyRowRefused', { row: 3 }) },
    ]);

    const c = caseNo();
    const mixed = await importBoth(
      [row(c), row(caseNo(), { debtorIdNumber: '440305198506123418' })],
      [[c, '担保人', '李四', '居民身份证', ID.guarantor, '', '', '']],
      'valid',
    );
    expect(mixed).toMatchObject({ imported: 1, invalid: 1 });
    expect(mixed.errors).toEqual([
      { sheet: 'cases', row: 3, field: 'debtorIdNumber', reason: zh('rule.residentIdNumber') },
    ]);
    expect((await get<{ list: Party[] }>(`/api/cases/${await caseIdOf(c)}/parties`)).list).toHaveLength(2);
  });

  it('mode all: a 当事人 row naming a case the main sheet lacks refuses the whole import', async () => {
    const [a, b] = [caseNo(), caseNo()];
    const report = await importBoth(
      [row(a), row(b)],
      [
        [a, '担保人', '李四', '', '', '', '', ''],
        ['NO-SUCH-CASE', '担保人', '周七', '', '', '', '', ''],
      ],
      'all',
    );
    expect(report).toMatchObject({ status: 'done', imported: 0, invalid: 1 });
    expect(report.errors).toEqual([
      { sheet: IMPORT_PARTY_SHEET, row: 3, field: 'caseNo', reason: zh('import.partyCaseUnknown') },
    ]);
    expect(await storedCount([a, b])).toBe(0);

    // The errors download names the sheet and the row, with the 当事人 sheet's own columns.
    const res = await fetch(`${server.url}/api/cases/imports/${report.id}/errors`, {
      headers: { authorization: `Bearer ${await server.tokenFor('caseOperation')}` },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.getWorksheet(IMPORT_PARTY_SHEET) as ExcelJS.Worksheet;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      zh('import.sheetColumn'),
      zh('import.rowColumn'),
      ...PARTY_HEADERS,
      zh('import.reasonColumn'),
    ]);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 5)).toEqual([
      IMPORT_PARTY_SHEET,
      3,
      'NO-SUCH-CASE',
      '担保人',
    ]);
  });

  it('takes the claim parts when they sum to the amount, and refuses the row at the amount when not', async () => {
    const [good, bad, badPart] = [caseNo(), caseNo(), caseNo()];
    const parts = { principalFen: '10000', interestFen: '1845.67', penaltyFen: 300, feesFen: '200' };
    const report = await importBoth(
      [
        row(good, parts),
        row(bad, { ...parts, feesFen: '200.01' }),
        row(badPart, { ...parts, interestFen: '1845.678' }),
      ],
      undefined,
      'valid',
    );
    expect(report).toMatchObject({ imported: 1, invalid: 2 });
    expect(report.errors).toEqual([
      { sheet: 'cases', row: 3, field: 'amountFen', reason: zh('import.partsSum') },
      { sheet: 'cases', row: 4, field: 'interestFen', reason: zh('import.partYuan') },
    ]);
  });
});

describe('the template', () => {
  it('has the main sheet and 当事人, each with its headers and an example that imports as it is', async () => {
    const res = await fetch(`${server.url}/api/cases/imports/template`, {
      headers: { authorization: `Bearer ${await server.tokenFor('caseOperation')}` },
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual([IMPORT_MAIN_SHEET, IMPORT_PARTY_SHEET]);
    const parties = workbook.getWorksheet(IMPORT_PARTY_SHEET) as ExcelJS.Worksheet;
    expect((parties.getRow(1).values as unknown[]).slice(1)).toEqual(PARTY_HEADERS);
    expect((parties.getRow(2).values as unknown[]).slice(1)).toEqual(IMPORT_PARTY_EXAMPLE);

    await server.app.db.deleteFrom('cases').where('case_no', '=', IMPORT_EXAMPLE[0]).execute();
    const up = await upload({ name: '案件导入模板.xlsx', bytes }, 'all');
    expect(await finished(up.body.data.id)).toMatchObject({ status: 'done', imported: 1, invalid: 0 });
    const stored = await get<{ list: Party[] }>(`/api/cases/${await caseIdOf(IMPORT_EXAMPLE[0])}/parties`);
    expect(stored.list.map((p) => p.name)).toEqual([IMPORT_EXAMPLE[3], IMPORT_PARTY_EXAMPLE[2]]);
  });
});
