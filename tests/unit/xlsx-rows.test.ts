import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { addPlainRow, roomIn } from '../../server/http/xlsx-rows';

describe('streamed .xlsx rows', () => {
  it('waits for room until the reader takes what is buffered', async () => {
    const out = new PassThrough({ highWaterMark: 4 });
    out.write('0123456789');
    expect(out.writableNeedDrain).toBe(true);
    let answered: boolean | null = null;
    const waiting = roomIn(out).then((room) => {
      answered = room;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBeNull();
    out.resume();
    await waiting;
    expect(answered).toBe(true);
  });

  it('answers false when the download was abandoned while waiting', async () => {
    const out = new PassThrough({ highWaterMark: 4 });
    out.write('0123456789');
    const waiting = roomIn(out);
    out.destroy();
    expect(await waiting).toBe(false);
    expect(await roomIn(out)).toBe(false);
  });

  it('writes plain rows that read back with their values, under a bold header', async () => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true });
    const sheet = workbook.addWorksheet('s');
    sheet.columns = [{ header: '案件编号' }, { header: '金额' }];
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    addPlainRow(sheet, ['MS00000001', 12.34]);
    addPlainRow(sheet, ['MS00000002', 0]);
    sheet.commit();
    await workbook.commit();
    const read = new ExcelJS.Workbook();
    const bytes = Buffer.concat(chunks);
    await read.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    const back = read.getWorksheet('s');
    expect(back?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(back?.getRow(2).values).toEqual([undefined, 'MS00000001', 12.34]);
    expect(back?.getRow(3).values).toEqual([undefined, 'MS00000002', 0]);
    expect(back?.getRow(2).getCell(1).font?.bold).toBeFalsy();
  });
});
