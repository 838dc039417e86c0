import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, IMPORT_EXAMPLE } from '../../contract/case-intake';
import type { ReceivedImport } from '../../server/cases/imports/receive';
import { columnsOf } from '../../server/cases/imports/row-check';
import { sheetLimitsFor } from '../../server/cases/imports/sheet-rows';
import {
  type FromJudge,
  judgeOnThisThread,
  MESSAGES_AHEAD,
  ROWS_PER_MESSAGE,
  type ToJudge,
  type WireRow,
} from '../../server/cases/imports/thread-judge';
import { readConfig } from '../../server/config';

/**
 * The judging thread's side of the exchange (server/cases/imports/thread-judge.ts), run on a
 * message channel in this thread: every row arrives once, in order, never more than
 * MESSAGES_AHEAD batches before they are taken, only taken and refused rows carry their cells,
 * and the exchange ends however quickly or slowly the other side answers.
 */

const dir = mkdtempSync(join(tmpdir(), 'thread-judge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function importFile(rows: number): Promise<ReceivedImport> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('cases');
  sheet.addRow(IMPORT_COLUMNS.map((c) => c.header));
  for (let i = 0; i < rows; i++)
    sheet.addRow(
      IMPORT_EXAMPLE.map((cell, k) => (k === 0 ? `TJ${String(i).padStart(8, '0')}` : k >= 15 ? '' : cell)),
    );
  // One row with an unknown case type: refused where it is judged.
  sheet.getRow(5).getCell(3).value = '不存在的类型';
  const path = join(dir, `${rows}.xlsx`);
  writeFileSync(path, new Uint8Array(await workbook.xlsx.writeBuffer()));
  return {
    path,
    fileName: 'x.xlsx',
    kind: 'xlsx',
    mode: 'valid',
    total: rows,
    positions: columnsOf(IMPORT_COLUMNS.map((c) => c.header)).positions,
    partyPositions: null,
    placement: {},
  };
}

/** The main thread's side: answers which numbers are taken and takes each batch after `delay` turns of the loop. */
async function exchange(file: ReceivedImport, taken: Set<string>, delay: number) {
  const { port1, port2 } = new MessageChannel();
  const rows: WireRow[] = [];
  let sentAhead = 0;
  let mostAhead = 0;
  let ended = false;
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve, reject) => {
    finish = () => {
      if (ended && sentAhead === 0) resolve();
    };
    port2.on('message', (message: FromJudge) => {
      const tell = (m: ToJudge) => port2.postMessage(m);
      if (message.type === 'numbers')
        tell({ type: 'taken', id: message.id, caseNos: message.caseNos.filter((n) => taken.has(n)) });
      else if (message.type === 'rows') {
        sentAhead++;
        mostAhead = Math.max(mostAhead, sentAhead);
        const later = (turns: number, then: () => void) =>
          turns === 0 ? then() : setImmediate(() => later(turns - 1, then));
        later(delay, () => {
          for (const json of message.json) rows.push(...(JSON.parse(json) as WireRow[]));
          sentAhead--;
          tell({ type: 'more' });
          finish();
        });
      } else if (message.type === 'done') {
        ended = true;
        finish();
      } else reject(new Error(message.message));
    });
  });
  const judging = judgeOnThisThread(port1, { file, limits: sheetLimitsFor(readConfig({})) });
  await done;
  await judging;
  port1.close();
  port2.close();
  return { rows, mostAhead };
}

describe('the judging thread’s exchange', () => {
  // A file of whole batches ends with the last batch answered while the file's end is read.
  for (const [size, delay] of [
    [ROWS_PER_MESSAGE * 3, 0],
    [ROWS_PER_MESSAGE * 3, 1],
    [ROWS_PER_MESSAGE * 3 + 1, 0],
    [ROWS_PER_MESSAGE * 3 + 1, 20],
  ])
    it(`sends ${size} rows once each and in order, and ends (batches taken after ${delay} turns)`, async () => {
      const file = await importFile(size);
      const taken = new Set(['TJ00000001', `TJ${String(size - 1).padStart(8, '0')}`]);
      const { rows, mostAhead } = await exchange(file, taken, delay);
      expect(rows.map((r) => r.rowNo)).toEqual(Array.from({ length: size }, (_, i) => i + 2));
      expect(mostAhead).toBeLessThanOrEqual(MESSAGES_AHEAD);
      const withCells = rows.filter((r) => r.cells !== undefined).map((r) => r.rowNo);
      // Row 3 (TJ00000001) and the last were taken, row 5 is refused: only they carry cells.
      expect(withCells).toEqual([3, 5, size + 1]);
      expect(rows.find((r) => r.rowNo === 5)?.ok).toBe(false);
      expect(JSON.parse(rows.find((r) => r.rowNo === 3)?.cells ?? '[]')[0]).toBe('TJ00000001');
    }, 60_000);
});
