import type { Writable } from 'node:stream';
import type { Worksheet } from 'exceljs';

/**
 * One style object for every plain cell a streamed sheet writes. exceljs's streaming writer
 * gives each new cell a fresh `{}` style and looks each one up by its XML (one serialisation
 * per cell: 2.5 s of CPU for a 113,000-row, 19-column report); a style object it has seen
 * before is found in its WeakMap at once. Never mutated.
 */
const PLAIN_CELL = {};

/**
 * Adds and commits one data row of plain cells (numbers and text, no dates) to a streamed sheet
 * whose columns carry no style of their own (a column's number format would be dropped).
 */
export function addPlainRow(sheet: Worksheet, values: unknown[]): void {
  const row = sheet.addRow(values);
  row.eachCell({ includeEmpty: true }, (cell) => {
    cell.style = PLAIN_CELL;
  });
  row.commit();
}

/**
 * Waits until the stream a streamed workbook writes into has room again (exceljs's writer itself
 * ignores backpressure: a reader slower than the database would otherwise leave the whole report
 * buffered in memory). Resolves false when the stream was closed instead (the download abandoned).
 */
export async function roomIn(out: Writable): Promise<boolean> {
  if (out.destroyed) return false;
  if (!out.writableNeedDrain) return true;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
  return !out.destroyed;
}
