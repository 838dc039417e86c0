import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { SheetLimits } from './sheet-limits';
import { SheetRefused, UnreadableSheet } from './sheet-limits';

/** A .csv has one sheet: its rows are reported on the template's main sheet. */
export interface CsvRow {
  rowNo: number;
  cells: string[];
}

/**
 * A .csv line by line. A quoted cell may hold line breaks, so a row ends at the first line
 * break outside quotes: the quotes' parity is kept as lines arrive (each line's quotes counted
 * once; re-counting the pending text at each line took a minute for a 740 KB quote left open),
 * and a row longer than `limits.csvRowChars` is refused.
 */
export async function* csvRows(file: string, limits: SheetLimits): AsyncGenerator<CsvRow> {
  if (await hasNul(file)) throw new UnreadableSheet('binary');
  const input = createReadStream(file, 'utf8');
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let lineNo = 0;
  let rowNo = 0;
  let pending: string[] = [];
  let pendingChars = 0;
  let quoted = false;
  try {
    for await (const raw of lines) {
      lineNo++;
      const line = lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw;
      pending.push(line);
      pendingChars += line.length + 1;
      if (pendingChars > limits.csvRowChars)
        throw new SheetRefused('import.rowTooLong', { row: rowNo + 1, max: limits.csvRowChars });
      if (quoteCount(line) % 2 === 1) quoted = !quoted;
      if (quoted) continue;
      rowNo++;
      const cells = parseCsvLine(pending.join('\n'));
      pending = [];
      pendingChars = 0;
      if (cells.some((c) => c.trim() !== '')) yield { rowNo, cells };
    }
  } finally {
    lines.close();
    input.destroy();
  }
  if (pending.length > 0) {
    rowNo++;
    yield { rowNo, cells: parseCsvLine(pending.join('\n')) };
  }
}

function quoteCount(line: string): number {
  let count = 0;
  for (let i = line.indexOf('"'); i >= 0; i = line.indexOf('"', i + 1)) count++;
  return count;
}

function parseCsvLine(text: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

async function hasNul(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(8192);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).includes(0);
  } finally {
    await handle.close();
  }
}
