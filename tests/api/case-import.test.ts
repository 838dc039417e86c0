import { existsSync, readdirSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CaseImportSummary, IMPORT_EXAMPLE } from '../../contract/case-intake';
import { MESSAGES, type MessageKey } from '../../contract/messages';
import { renderNotice } from '../../contract/notices';
import type { Paged } from '../../contract/paging';
import { importTempDir } from '../../server/cases/imports/receive';
import { startServer, type TestServer } from './harness';
import {
  caseNo,
  finished,
  HEADERS,
  importFile,
  row,
  storedCount,
  tempFiles,
  upload,
  useImportServer,
  xlsx,
  zh,
} from './import-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ IMPORT_MAX_ROWS: '12000' });
  useImportServer(server);
});
afterAll(() => server.close());

describe('the import template', () => {
  it('is an .xlsx with the Chinese headers and one example row that imports as it is', async () => {
    const res = await fetch(`${server.url}/api/cases/imports/template`, {
      headers: { authorization: `Bearer ${await server.tokenFor('caseOperation')}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    const bytes = new Uint8Array(await res.arrayBuffer());
    await workbook.xlsx.load(bytes.buffer);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(IMPORT_EXAMPLE);
    expect(sheet.actualRowCount).toBe(2);

    const up = await upload({ name: '案件导入模板.xlsx', bytes }, 'all');
    const report = await finished(up.body.data.id);
    expect(report).toMatchObject({ status: 'done', total: 1, imported: 1, invalid: 0, errors: [] });
  });
});

describe('importing cases', () => {
  it('mode valid: imports the valid rows awaiting review and reports each refused row with its field and reason', async () => {
    const good = [caseNo(), caseNo(), caseNo()];
    const bad = caseNo();
    const report = await importFile(
      [
        row(good[0]),
        row('ms123', {}),
        row(good[1], { amountFen: '12.345' }),
        row(good[1]),
        row(good[2], { type: '商事', regionCode: 110101, amountFen: 99.5 }),
        row(bad, { regionCode: '999999', entrustExpiresOn: '' }),
        row(good[0]),
      ],
      'valid',
    );
    expect(report).toMatchObject({ status: 'done', mode: 'valid', total: 7, imported: 3, invalid: 4 });
    expect(report.errors).toEqual([
      { sheet: 'cases', row: 3, field: 'caseNo', reason: zh('rule.caseNo') },
      { sheet: 'cases', row: 4, field: 'amountFen', reason: zh('intake.amountYuan') },
      { sheet: 'cases', row: 7, field: 'regionCode', reason: zh('rule.regionCode') },
      { sheet: 'cases', row: 7, field: 'entrustExpiresOn', reason: zh('intake.required') },
      { sheet: 'cases', row: 8, field: 'caseNo', reason: zh('intake.caseNoRepeated', { row: 2 }) },
    ]);
    const stored = await server.app.db
      .selectFrom('cases')
      .select(['case_no', 'status', 'position', 'type', 'amount_fen', 'region_code', 'created_by'])
      .where('case_no', 'in', [...good, bad])
      .orderBy('case_no')
      .execute();
    const me = await server.userId('13800000002');
    expect(stored).toEqual([
      {
        case_no: good[0],
        status: 'pending',
        position: 'awaitingReview',
        type: 'civil',
        amount_fen: 1234567,
        region_code: '440305',
        created_by: me,
      },
      {
        case_no: good[1],
        status: 'pending',
        position: 'awaitingReview',
        type: 'civil',
        amount_fen: 1234567,
        region_code: '440305',
        created_by: me,
      },
      {
        case_no: good[2],
        status: 'pending',
        position: 'awaitingReview',
        type: 'commercial',
        amount_fen: 9950,
        region_code: '110101',
        created_by: me,
      },
    ]);
  });

  it('mode all: imports nothing while one row is invalid, everything when all are', async () => {
    const nos = [caseNo(), caseNo(), caseNo()];
    const refused = await importFile([row(nos[0]), row(nos[1], { title: '' }), row(nos[2])], 'all');
    expect(refused).toMatchObject({ status: 'done', imported: 0, invalid: 1 });
    expect(refused.errors).toEqual([
      { sheet: 'cases', row: 3, field: 'title', reason: zh('intake.required') },
    ]);
    expect(await storedCount(nos)).toBe(0);

    const accepted = await importFile(
      nos.map((n) => row(n)),
      'all',
    );
    expect(accepted).toMatchObject({ status: 'done', imported: 3, invalid: 0 });
    expect(await storedCount(nos)).toBe(3);
  });

  it('indexes imported cases for the keyword search: found by a rare 2-character word of each field', async () => {
    const nos = [caseNo(), caseNo()];
    const done = await importFile(
      [
        row(nos[0], { title: '麒麟诉某人借款合同纠纷', debtorName: '某人', clientName: '某公司' }),
        row(nos[1], { title: '某案', debtorName: '貔貅', clientName: '饕鬄商贸有限公司' }),
      ],
      'valid',
    );
    expect(done).toMatchObject({ status: 'done', imported: 2 });
    const found = async (keyword: string) => {
      const res = await server.call<Paged<{ caseNo: string }>>(
        'GET',
        `/api/cases?keyword=${encodeURIComponent(keyword)}`,
        { token: await server.tokenFor('caseOperation') },
      );
      expect(res.status).toBe(200);
      return res.body.data.list.map((c) => c.caseNo);
    };
    expect(await found('麒麟')).toEqual([nos[0]]);
    expect(await found('貔貅')).toEqual([nos[1]]);
    expect(await found('饕鬄')).toEqual([nos[1]]);
  });

  it('refuses case numbers already stored, and a second run of the same file imports nothing twice', async () => {
    const seeded = await server.app.db
      .selectFrom('cases')
      .select('case_no')
      .limit(1)
      .executeTakeFirstOrThrow();
    const nos = [caseNo(), caseNo()];
    const rows = [row(nos[0]), row(seeded.case_no), row(nos[1])];
    const first = await importFile(rows, 'valid');
    expect(first).toMatchObject({ imported: 2, invalid: 1 });
    expect(first.errors).toEqual([
      { sheet: 'cases', row: 3, field: 'caseNo', reason: zh('intake.caseNoTaken') },
    ]);
    const before = await server.count('cases');
    const again = await importFile(rows, 'valid');
    expect(again).toMatchObject({ status: 'done', total: 3, imported: 0, invalid: 3 });
    expect(await server.count('cases')).toBe(before);
  });

  it('reads a UTF-8 .csv with a BOM, quoted cells and line breaks inside quotes', async () => {
    const nos = [caseNo(), caseNo()];
    const csv = [
      `\uFEFF${HEADERS.join(',')}`,
      `${nos[0]},"王五, 欠款纠纷",民事,王五,某银行,440305,"1,000.00",2027-01-31,,"第一行\n第二行"`,
      `${nos[1]},赵六欠款纠纷,arbitration,赵六,某银行,440305,500,2027/01/31,,`,
    ].join('\r\n');
    const up = await upload({ name: 'cases.csv', bytes: csv }, 'valid');
    expect(up.status).toBe(200);
    const report = await finished(up.body.data.id);
    expect(report).toMatchObject({ total: 2, imported: 1, invalid: 1 });
    // A record is one row, as a spreadsheet shows the file, even when a quoted cell holds a line break.
    expect(report.errors).toEqual([
      { sheet: '案件', row: 3, field: 'entrustExpiresOn', reason: zh('rule.date') },
    ]);
    const stored = await server.app.db
      .selectFrom('cases')
      .select(['title', 'amount_fen', 'description'])
      .where('case_no', '=', nos[0])
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ title: '王五, 欠款纠纷', amount_fen: 100000, description: '第一行\n第二行' });
  });

  it('imports 10,000 rows generated with exceljs, with the refused ones reported', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      row(`BK${String(i).padStart(8, '0')}`, i % 1000 === 999 ? { amountFen: 'abc' } : {}),
    );
    const report = await importFile(rows, 'valid', 'ten-thousand.xlsx');
    expect(report).toMatchObject({
      status: 'done',
      total: 10_000,
      processed: 10_000,
      imported: 9_990,
      invalid: 10,
    });
    expect(report.errors).toHaveLength(10);
    expect(await storedCount(rows.slice(0, 100).map((r) => String(r[0])))).toBe(100);
  });

  it('keeps the first 100 errors in the report and every refused row in the errors .xlsx, with a reason column', async () => {
    const rows = Array.from({ length: 150 }, () => row(caseNo(), { type: '家事' }));
    const report = await importFile(rows, 'valid');
    expect(report).toMatchObject({ imported: 0, invalid: 150 });
    expect(report.errors).toHaveLength(100);

    const res = await fetch(`${server.url}/api/cases/imports/${report.id}/errors`, {
      headers: {
        authorization: `Bearer ${await server.tokenFor('caseOperation')}`,
        'accept-language': 'en-US',
      },
    });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Sheet', 'Row', ...HEADERS, 'Reason']);
    expect(sheet.actualRowCount).toBe(151);
    const second = (sheet.getRow(3).values as unknown[]).slice(1);
    expect(second.slice(0, 3)).toEqual(['cases', 3, rows[1][0]]);
    expect(second.at(-1)).toBe(`案件类型: ${MESSAGES['en-US']['intake.typeUnknown']}`);
  });

  it('tells the importer when it ends, in the reader language, with a link to the import page', async () => {
    const report = await importFile([row(caseNo()), row('bad')], 'valid', '九月案件.xlsx');
    const message = await server.app.db
      .selectFrom('messages')
      .select(['kind', 'params', 'link'])
      .where('user_id', '=', await server.userId('13800000002'))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(message.kind).toBe('import.done');
    expect(message.link).toBe('/list/case-import');
    expect(JSON.parse(message.params ?? '{}')).toEqual({
      fileName: '九月案件.xlsx',
      imported: 1,
      invalid: 1,
    });
    expect(report.status).toBe('done');
    expect(renderNotice('en-US', 'import.done', JSON.parse(message.params ?? '{}')).content).toBe(
      '九月案件.xlsx: 1 cases imported, 1 invalid rows.',
    );
  });

  it('lists the imports newest first with who ran them', async () => {
    const report = await importFile([row(caseNo())], 'valid', 'history.xlsx');
    const res = await server.call<Paged<CaseImportSummary>>('GET', '/api/cases/imports?page=1&pageSize=5', {
      token: await server.tokenFor('superAdmin'),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBeGreaterThanOrEqual(1);
    expect(res.body.data.list[0]).toMatchObject({
      id: report.id,
      fileName: 'history.xlsx',
      status: 'done',
      imported: 1,
      createdBy: { id: await server.userId('13800000002') },
    });
    expect(res.body.data.list.length).toBeLessThanOrEqual(5);
  });

  it('answers 404 for an import that does not exist', async () => {
    const token = await server.tokenFor('caseOperation');
    expect((await server.call('GET', '/api/cases/imports/999999', { token })).status).toBe(404);
    expect((await server.call('GET', '/api/cases/imports/999999/errors', { token })).status).toBe(404);
  });
});

describe('refusing a bad file with 400, leaving nothing behind', () => {
  const bad: [
    string,
    () => Promise<{ name: string; bytes: Uint8Array<ArrayBuffer> | string }>,
    MessageKey,
  ][] = [
    ['a 0-byte file', async () => ({ name: 'cases.xlsx', bytes: '' }), 'import.emptyFile'],
    [
      'a file that is not a spreadsheet',
      async () => ({ name: 'cases.xlsx', bytes: 'hello, world' }),
      'import.notSpreadsheet',
    ],
    [
      'a binary .csv',
      async () => ({ name: 'cases.csv', bytes: new Uint8Array([0, 1, 2, 3, 0]) }),
      'import.notSpreadsheet',
    ],
    ['a .pdf', async () => ({ name: 'cases.pdf', bytes: '%PDF-1.4' }), 'import.typeNotAllowed'],
    [
      'wrong headers',
      async () => ({ name: 'cases.xlsx', bytes: await xlsx([row('IM99999999')], ['编号', '名称']) }),
      'import.badHeaders',
    ],
    ['headers and no rows', async () => ({ name: 'cases.xlsx', bytes: await xlsx([]) }), 'import.noRows'],
    ['an empty worksheet', async () => ({ name: 'cases.xlsx', bytes: await xlsx([], []) }), 'import.noRows'],
    [
      'more rows than IMPORT_MAX_ROWS',
      async () => ({
        name: 'cases.xlsx',
        bytes: await xlsx(Array.from({ length: 12_001 }, (_, i) => row(`TM${String(i).padStart(8, '0')}`))),
      }),
      'import.tooManyRows',
    ],
  ];
  it.each(bad)('%s', async (_, make, key) => {
    const before = { cases: await server.count('cases'), jobs: await server.count('case_imports') };
    const res = await upload(await make(), 'valid');
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0].path).toBe('file');
    expect(res.body.msg).toBe(
      zh(key, {
        max: 12000,
        missing: '案件编号、案件名称、案件类型、债务人、委托方、地区编码、标的金额（元）、委托到期日',
      }),
    );
    expect(await server.count('cases')).toBe(before.cases);
    expect(await server.count('case_imports')).toBe(before.jobs);
    expect(tempFiles()).toEqual([]);
  });

  it('names the missing columns', async () => {
    const res = await upload({
      name: 'cases.xlsx',
      bytes: await xlsx([row('IM99999998')], HEADERS.slice(1)),
    });
    expect(res.body.msg).toBe(zh('import.badHeaders', { missing: '案件编号' }));
  });

  it('refuses a missing file and a missing or unknown mode, naming the field', async () => {
    const bytes = await xlsx([row(caseNo())]);
    const noFile = await upload(null, 'valid');
    expect([noFile.status, noFile.body.errors?.[0].path]).toEqual([400, 'file']);
    for (const mode of [null, 'some']) {
      const res = await upload({ name: 'cases.xlsx', bytes }, mode);
      expect([res.status, res.body.errors?.[0].path]).toEqual([400, 'mode']);
    }
    expect(tempFiles()).toEqual([]);
  });

  it('refuses roles without cases.import before reading anything', async () => {
    for (const role of ['bussinessOperation', 'lawfirmContactPerson', 'lawyer', 'admin'] as const) {
      const res = await upload({ name: 'cases.xlsx', bytes: await xlsx([row(caseNo())]) }, 'valid', role);
      expect(res.status).toBe(403);
    }
  });
});

describe('a file over IMPORT_MAX_MB', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startServer({ IMPORT_MAX_MB: '1' });
  });
  afterAll(() => small.close());

  it('is refused with 413 and leaves no job and no temporary file', async () => {
    const body = new FormData();
    body.append('mode', 'valid');
    const csv = `${HEADERS.join(',')}\n${'x'.repeat(1024 * 1024 + 10)}`;
    body.append('file', new Blob([csv]), 'big.csv');
    const res = await fetch(`${small.url}/api/cases/imports`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${await small.tokenFor('caseOperation')}` },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { msg: string }).msg).toBe(zh('import.tooLarge', { mb: 1 }));
    expect(await small.count('case_imports')).toBe(0);
    const dir = importTempDir(small.app);
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });
});
