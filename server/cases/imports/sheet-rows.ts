import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import ExcelJS from 'exceljs';

export type SheetKind = 'xlsx' | 'csv';

/** One row of the file: its number as a spreadsheet shows it (1 = header) and its cells, 0-based. */
export interface SheetRow {
  rowNo: number;
  cells: unknown[];
}

export class UnreadableSheet extends Error {}

/**
 * The rows of the first worksheet of an .xlsx, or of a .csv, one at a time: exceljs's streaming
 * reader over the file (never the whole workbook in memory), a .csv line by line. Blank rows
 * are skipped. A file that is not what its name says throws UnreadableSheet.
 */
export async function* sheetRows(
  file: string,
  kind: SheetKind,
  { countOnly = false }: { countOnly?: boolean } = {},
): AsyncGenerator<SheetRow> {
  if (kind === 'csv') yield* csvRows(file);
  else yield* xlsxRows(file, countOnly);
}

async function* xlsxRows(file: string, countOnly: boolean): AsyncGenerator<SheetRow> {
  if (!(await startsWith(file, [0x50, 0x4b, 0x03, 0x04]))) throw new UnreadableSheet('not a zip');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    // Shared strings and styles are cached to read cells: Excel stores text once in the shared
    // table, and only the styles say which numbers are dates. Counting rows needs neither.
    sharedStrings: countOnly ? 'ignore' : 'cache',
    styles: countOnly ? 'ignore' : 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  // exceljs names a worksheet from xl/workbook.xml; when the zip holds the worksheet before it
  // (exceljs's own writer orders its entries as they finish, so its files sometimes do), the
  // reader reads the names of a model it has not read yet and throws. The name is not needed.
  const unnamed = reader as unknown as { model?: { sheets: unknown[] } };
  unnamed.model ??= { sheets: [] };
  let sawSheet = false;
  try {
    for await (const sheet of reader) {
      sawSheet = true;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        if (values.some((v) => !isBlank(v))) yield { rowNo: row.number, cells: values };
      }
      break;
    }
  } catch (err) {
    if (err instanceof UnreadableSheet) throw err;
    throw new UnreadableSheet(String(err));
  }
  if (!sawSheet) throw new UnreadableSheet('no worksheet');
}

async function* csvRows(file: string): AsyncGenerator<SheetRow> {
  if (await hasNul(file)) throw new UnreadableSheet('binary');
  const lines = createInterface({
    input: createReadStream(file, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let lineNo = 0;
  let rowNo = 0;
  let pending: string | null = null;
  for await (const raw of lines) {
    lineNo++;
    const line = lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    // A quoted cell may hold line breaks: keep reading until its quote closes.
    const text: string = pending === null ? line : `${pending}\n${line}`;
    if (!quotesBalanced(text)) {
      pending = text;
      continue;
    }
    pending = null;
    rowNo++;
    const cells = parseCsvLine(text);
    if (cells.some((c) => c.trim() !== '')) yield { rowNo, cells };
  }
  if (pending !== null) {
    rowNo++;
    yield { rowNo, cells: parseCsvLine(pending) };
  }
}

function quotesBalanced(text: string): boolean {
  let count = 0;
  for (const c of text) if (c === '"') count++;
  return count % 2 === 0;
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

async function head(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function startsWith(file: string, magic: number[]): Promise<boolean> {
  const bytes = await head(file, magic.length);
  return magic.every((b, i) => bytes[i] === b);
}

async function hasNul(file: string): Promise<boolean> {
  return (await head(file, 8192)).includes(0);
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** A cell as text: rich text joined, a formula's result, a link's text, a date as YYYY-MM-DD. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return isoDay(value);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: string };
    if (Array.isArray(v.richText))
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (v.result !== undefined) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    if (v.error !== undefined) return v.error;
  }
  return '';
}

/** Excel dates carry no zone: exceljs reads them as UTC midnight. */
export function isoDay(date: Date): string {
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}
