import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '../../contract/case-intake';
import { workbookParts, zipOf } from '../zip-parts';
import { startServer, type TestServer } from './harness';
import { finished, tempFiles, upload, useImportServer, zh } from './import-fixtures';

/**
 * An .xlsx is a zip, and its shared strings are held in memory: 8 MB holding 50 million `<si>`
 * (2.5 GB expanded) took the server to 5.6 GB and V8 aborted. A bomb is answered 400 from the
 * zip's central directory (or stopped where an entry passes the size it declared) while the
 * server goes on answering others.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ IMPORT_MAX_ROWS: '1000' });
  useImportServer(server);
});
afterAll(() => server.close());

const HEADER_STRINGS = IMPORT_COLUMNS.map((c) => `<si><t>${c.header}</t></si>`).join('');
const HEADER_ROW = `<row r="1">${IMPORT_COLUMNS.map((_, i) => `<c r="${String.fromCharCode(65 + i)}1" t="s"><v>${i}</v></c>`).join('')}</row>`;

/** An .xlsx whose header row is the template's and whose shared strings go on with `more`. */
function workbook(more: Buffer, opts: { declaredSize?: number } = {}) {
  const parts = workbookParts(
    [{ name: 'cases', rows: HEADER_ROW }],
    Buffer.concat([Buffer.from(HEADER_STRINGS), more]),
  );
  const strings = parts.find((p) => p.name === 'xl/sharedStrings.xml');
  if (strings && opts.declaredSize !== undefined) strings.declaredSize = opts.declaredSize;
  return new Uint8Array(zipOf(parts));
}

/** `count` empty shared strings, five bytes each. */
const emptyStrings = (count: number) => Buffer.from('<si/>'.repeat(count));

/** Uploads the file while asking for /api/health again and again; every answer is counted. */
async function uploadWhileAskingHealth(bytes: Uint8Array<ArrayBuffer>, name = 'bomb.xlsx') {
  let done = false;
  const health: number[] = [];
  const asking = (async () => {
    while (!done) health.push((await server.call('GET', '/api/health')).status);
  })();
  const res = await upload({ name, bytes }, 'all').finally(() => {
    done = true;
  });
  await asking;
  const after = await server.call('GET', '/api/health');
  return { res, health, after: after.status };
}

async function expectNothingLeft(before: { jobs: number; cases: number }) {
  expect(await server.count('case_imports')).toBe(before.jobs);
  expect(await server.count('cases')).toBe(before.cases);
  expect(tempFiles()).toEqual([]);
}

describe('an .xlsx that expands too far', () => {
  it('is answered 400 from its central directory (5 million <si/>: 25 MB from 25 KB), the server answering others meanwhile', async () => {
    const before = { jobs: await server.count('case_imports'), cases: await server.count('cases') };
    const bytes = workbook(emptyStrings(5_000_000));
    expect(bytes.length).toBeLessThan(100_000);
    const { res, health, after } = await uploadWhileAskingHealth(bytes);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.path).toBe('file');
    expect(res.body.msg).toBe(zh('import.compressedTooFar', { part: 'xl/sharedStrings.xml', max: 200 }));
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((s) => s === 200)).toBe(true);
    expect(after).toBe(200);
    await expectNothingLeft(before);
  });

  it('is stopped where a part passes the size its headers declare (a bomb that lies), with 400', async () => {
    const before = { jobs: await server.count('case_imports'), cases: await server.count('cases') };
    const { res, health, after } = await uploadWhileAskingHealth(
      workbook(emptyStrings(5_000_000), { declaredSize: 4096 }),
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(zh('import.notSpreadsheet'));
    expect(health.every((s) => s === 200)).toBe(true);
    expect(after).toBe(200);
    await expectNothingLeft(before);
  });

  it('refuses more shared strings than IMPORT_MAX_ROWS allows (32 a row, at least 100,000), even when they compress as text does', async () => {
    const before = { jobs: await server.count('case_imports'), cases: await server.count('cases') };
    // Distinct strings: they compress about ten times, as real text does, so only the count stops them.
    const strings = Buffer.from(
      Array.from({ length: 150_000 }, (_, i) => `<si><t>${(i * 7919) % 1_000_003}</t></si>`).join(''),
    );
    const { res, health, after } = await uploadWhileAskingHealth(workbook(strings));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(zh('import.tooManyStrings', { max: 100_000 }));
    expect(health.every((s) => s === 200)).toBe(true);
    expect(after).toBe(200);
    await expectNothingLeft(before);
  });

  it('refuses shared strings larger than 1 KiB a row (at least 8 MiB) before reading them', async () => {
    const strings = Buffer.from(
      Array.from({ length: 500_000 }, (_, i) => `<si><t>${(i * 7919) % 1_000_003}</t></si>`).join(''),
    );
    expect(strings.length).toBeGreaterThan(8 * 2 ** 20);
    const res = await upload({ name: 'large.xlsx', bytes: workbook(strings) }, 'all');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(zh('import.expandsTooFar', { mb: 8 }));
  });

  it('refuses a zip of more entries than an .xlsx holds', async () => {
    const parts = workbookParts([{ name: 'cases', rows: HEADER_ROW }], HEADER_STRINGS);
    for (let i = 0; i < 1001; i++) parts.push({ name: `xl/media/image${i}.png`, data: Buffer.from('x') });
    const res = await upload({ name: 'many.xlsx', bytes: new Uint8Array(zipOf(parts)) }, 'all');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(zh('import.zipEntries', { max: 1000 }));
  });

  it('still imports a workbook written by hand like these, when it is honest', async () => {
    const row = `<row r="2">${[
      'HB00000001',
      '借款合同纠纷',
      '民事',
      '张三',
      '某小额贷款有限公司',
      '440305',
      '12345.67',
      '2099-06-30',
    ]
      .map((v, i) => `<c r="${String.fromCharCode(65 + i)}2" t="inlineStr"><is><t>${v}</t></is></c>`)
      .join('')}</row>`;
    const parts = workbookParts([{ name: 'cases', rows: HEADER_ROW + row }], HEADER_STRINGS);
    const res = await upload({ name: 'honest.xlsx', bytes: new Uint8Array(zipOf(parts)) }, 'all');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await finished(res.body.data.id)).toMatchObject({ status: 'done', imported: 1, invalid: 0 });
  });
});

describe('a .csv with a quote left open', () => {
  const header = IMPORT_COLUMNS.map((c) => c.header).join(',');

  it('is answered 400 naming the row (740 KB after the quote), the server answering others meanwhile', async () => {
    const before = { jobs: await server.count('case_imports'), cases: await server.count('cases') };
    const tail = Array.from(
      { length: 20_000 },
      (_, i) => `CS${String(i).padStart(8, '0')},借款合同纠纷,民事`,
    ).join('\n');
    const bytes = `${header}\nCS99999999,"借款合同纠纷,民事\n${tail}\n`;
    expect(Buffer.byteLength(bytes)).toBeGreaterThan(740_000);
    const started = Date.now();
    const { res, health, after } = await uploadWhileAskingHealth(new TextEncoder().encode(bytes), 'open.csv');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(zh('import.rowTooLong', { row: 2, max: 65_536 }));
    expect(health.every((s) => s === 200)).toBe(true);
    expect(after).toBe(200);
    await expectNothingLeft(before);
    // Not a time limit on the machine: a bound far above one pass, far below the minute it took.
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('still reads a quoted cell with line breaks and doubled quotes', async () => {
    const cells = [
      'CS10000001',
      '借款合同纠纷',
      '民事',
      '张三',
      '某小额贷款有限公司',
      '440305',
      '12345.67',
      '2099-06-30',
      '',
      '"逾期未还\n第二行 ""引号"""',
    ];
    const res = await upload({ name: 'quoted.csv', bytes: `${header}\n${cells.join(',')}\n` }, 'all');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = await finished(res.body.data.id);
    expect(done).toMatchObject({ status: 'done', imported: 1, invalid: 0 });
    const stored = await server.app.db
      .selectFrom('cases')
      .select('description')
      .where('case_no', '=', 'CS10000001')
      .executeTakeFirstOrThrow();
    expect(stored.description).toBe('逾期未还\n第二行 "引号"');
  });
});
