import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { IMPORT_MAIN_SHEET } from '../../../contract/case-intake';
import { csvRows } from './csv-rows';
import { type SheetLimits, SheetRefused, UnreadableSheet } from './sheet-limits';
import { type CellContext, SharedIndex, scanRows, scanSharedStrings, UNREAD_STRINGS } from './xlsx-scan';

export { type SheetLimits, SheetRefused, sheetLimitsFor, UnreadableSheet } from './sheet-limits';

export type SheetKind = 'xlsx' | 'csv';

/**
 * One row of the file: the sheet it is on (its name in the file; a .csv's is the template's main
 * sheet), its number as a spreadsheet shows it (1 = header) and its cells, 0-based.
 */
export interface SheetRow {
  sheet: string;
  rowNo: number;
  cells: unknown[];
}

/**
 * The rows of an .xlsx's main sheet (its first tab; with `first`, the first tab not so named),
 * or of a .csv, one at a time: the zip's entries streamed (never the whole workbook in memory),
 * the shared strings and rows scanned (xlsx-scan.ts), the workbook, its relationships and
 * styles read by exceljs's part readers; a .csv line by line. With `first` (当事人), that sheet's rows
 * come before the main sheet's when the file has it: one read of the shared strings serves
 * both (`headersOnly`: each sheet's first row alone). Blank rows are skipped. A file that is not what its name says throws UnreadableSheet;
 * one past `limits` throws SheetRefused.
 */
export async function* sheetRows(
  file: string,
  kind: SheetKind,
  limits: SheetLimits,
  { first, headersOnly = false }: { first?: string; headersOnly?: boolean } = {},
): AsyncGenerator<SheetRow> {
  if (kind === 'csv') {
    for await (const row of csvRows(file, limits)) {
      yield { sheet: IMPORT_MAIN_SHEET, ...row };
      if (headersOnly) break;
    }
    return;
  }
  const book = await openWorkbook(file, limits);
  try {
    const { reader } = book;
    const [sharedStrings, styles] = ['xl/sharedStrings.xml', 'xl/styles.xml'].map((n) => book.entries.get(n));
    if (styles) await reader._parseStyles(await book.part(styles));
    const context: CellContext = {
      sharedStrings: UNREAD_STRINGS,
      isDateStyle: dateStyles(reader),
      date1904: reader.properties?.model?.date1904 === true,
    };
    const sheets = [first === undefined ? null : book.worksheet(first), book.worksheet(null, first)];
    if (!sheets[1]) throw new UnreadableSheet('no worksheet');
    const chosen = sheets.filter((sheet) => sheet !== null);
    if (headersOnly) {
      // Each sheet's first row, then only the shared strings those rows name.
      const heads: SheetRow[] = [];
      for (const sheet of chosen)
        for await (const row of scanRows(await book.part(sheet.entry), context))
          if (row.cells.some((v) => !isBlank(v))) {
            heads.push({ sheet: sheet.name, rowNo: row.rowNo, cells: row.cells });
            break;
          }
      const named = new Set(
        heads.flatMap((h) => h.cells.filter((c) => c instanceof SharedIndex).map((c) => c.index)),
      );
      const strings = sharedStrings
        ? await scanSharedStrings(await book.part(sharedStrings), limits, named)
        : null;
      for (const head of heads)
        yield {
          ...head,
          cells: head.cells.map((c) => (c instanceof SharedIndex ? strings?.get(c.index) : c)),
        };
      return;
    }
    // Shared strings first (packed), then the rows, scanned (xlsx-scan.ts); styles say which numbers are dates.
    context.sharedStrings = sharedStrings
      ? await scanSharedStrings(await book.part(sharedStrings), limits)
      : { get: () => undefined };
    for (const sheet of chosen) {
      for await (const row of scanRows(await book.part(sheet.entry), context)) {
        if (row.cells.some((v) => !isBlank(v)))
          yield { sheet: sheet.name, rowNo: row.rowNo, cells: row.cells };
      }
    }
  } catch (err) {
    if (err instanceof UnreadableSheet || err instanceof SheetRefused) throw err;
    throw new UnreadableSheet(String(err));
  } finally {
    book.close();
  }
}

/**
 * The data rows of a sheet (header and blank rows not counted) without parsing its XML: an
 * .xlsx worksheet's `<row>` elements holding a value (`<v>`, `<is>` or `<f>`) are counted in the
 * inflated bytes as they stream, far cheaper than a second parse (a blank-looking text cell
 * counts, which the reader later skips; the job's final total is the rows it read). `sheet`
 * null: the main sheet (the first tab not named `other`); a sheet the file lacks counts 0.
 * Stops once past `max`.
 */
export async function countRows(
  file: string,
  kind: SheetKind,
  limits: SheetLimits,
  { sheet = null, other, max }: { sheet?: string | null; other?: string; max: number },
): Promise<number> {
  if (kind === 'csv') {
    let rows = -1;
    for await (const _ of csvRows(file, limits)) if (++rows > max) break;
    return Math.max(rows, 0);
  }
  let book: Workbook | null = null;
  try {
    book = await openWorkbook(file, limits);
    const found = book.worksheet(sheet, other);
    if (!found) return 0;
    return await countValueRows(await book.part(found.entry), max);
  } catch (err) {
    if (err instanceof UnreadableSheet || err instanceof SheetRefused) throw err;
    throw new UnreadableSheet(String(err));
  } finally {
    book?.close();
  }
}

/** Rows with a value in a worksheet's XML, the header included in the scan and left out of the count. */
async function countValueRows(stream: Readable, max: number): Promise<number> {
  const tags = /<row\b[^>]*>|<\/row>|<(?:v|is|f)[\s>/]/g;
  let carry = '';
  let inRow = false;
  let hasValue = false;
  let rows = 0;
  for await (const chunk of stream) {
    // Every `<` in XML starts markup: a tag cut by the chunk's end is carried to the next.
    const text = carry + (chunk as Buffer).toString('latin1');
    let end = 0;
    tags.lastIndex = 0;
    for (let m = tags.exec(text); m; m = tags.exec(text)) {
      const tag = m[0];
      if (tag.startsWith('<row')) {
        inRow = !tag.endsWith('/>');
        hasValue = false;
      } else if (tag === '</row>') {
        if (inRow && hasValue && ++rows > max + 1) return rows - 1;
        inRow = false;
      } else if (inRow) hasValue = true;
      end = tags.lastIndex;
    }
    const open = text.lastIndexOf('<');
    carry = open >= end ? text.slice(open) : '';
  }
  return Math.max(rows - 1, 0);
}

/** The parts of exceljs's streaming reader used here, each fed one zip entry. */
interface PartReaders {
  model?: { sheets?: { rId: string; name: string }[] };
  properties?: { model?: { date1904?: boolean } };
  styles?: { getStyleModel(id: number): { numFmt?: unknown } | null };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
}

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
const PARTS_READ = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'];

interface Workbook {
  reader: PartReaders;
  entries: Map<string, yauzl.Entry>;
  part(entry: yauzl.Entry): Promise<Readable>;
  /** A worksheet by its tab's name, or (null) the first tab not named `other`. */
  worksheet(
    name: string | null,
    other?: string,
  ): { entry: yauzl.Entry; sheetNo: string; name: string } | null;
  close(): void;
}

/**
 * The zip's parts from its central directory, sizes checked (yauzl stops an entry that inflates
 * past the size it declared; never a walk of the local headers), with the workbook's sheets and
 * relationships read by exceljs's own part readers.
 */
async function openWorkbook(file: string, limits: SheetLimits): Promise<Workbook> {
  if (!(await startsWith(file, [0x50, 0x4b, 0x03, 0x04]))) throw new UnreadableSheet('not a zip');
  const zip = await openZip(file);
  const streams: Readable[] = [];
  const close = () => {
    for (const stream of streams) stream.destroy();
    zip.close();
  };
  try {
    const entries = await partsOf(zip, limits);
    const part = async (entry: yauzl.Entry) => {
      const stream = await entryStream(zip, entry);
      streams.push(stream);
      return stream;
    };
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
      sharedStrings: 'emit',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    }) as unknown as PartReaders;
    reader.model = { sheets: [] };
    const [rels, workbook] = PARTS_READ.map((name) => entries.get(name));
    if (rels) await reader._parseRels(await part(rels));
    if (workbook) await reader._parseWorkbook(await part(workbook));
    const worksheet = (name: string | null, other?: string) => worksheetOf(entries, reader, name, other);
    return { reader, entries, part, worksheet, close };
  } catch (err) {
    close();
    throw err;
  }
}

/**
 * The parts this reader may read, by name, from the zip's central directory, refused past the
 * limits before a byte of them is inflated: too many entries, too many bytes in all, a shared
 * strings part too large, a part expanding more than an honest one does.
 */
async function partsOf(zip: yauzl.ZipFile, limits: SheetLimits): Promise<Map<string, yauzl.Entry>> {
  if (zip.entryCount > limits.zipEntries)
    throw new SheetRefused('import.zipEntries', { max: limits.zipEntries });
  const parts = new Map<string, yauzl.Entry>();
  let bytes = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = entry.fileName;
      if (PARTS_READ.includes(name) || WORKSHEET.test(name)) {
        if (entry.isEncrypted() || !entry.canDecodeFileData()) return reject(new UnreadableSheet(name));
        bytes += entry.uncompressedSize;
        const expansion = entry.uncompressedSize / Math.max(1, entry.compressedSize);
        if (bytes > limits.partBytes)
          return reject(
            new SheetRefused('import.expandsTooFar', { mb: Math.round(limits.partBytes / 2 ** 20) }),
          );
        if (entry.uncompressedSize > 2 ** 20 && expansion > limits.expansion)
          return reject(new SheetRefused('import.compressedTooFar', { part: name, max: limits.expansion }));
        if (name === 'xl/sharedStrings.xml' && entry.uncompressedSize > limits.sharedStringBytes)
          return reject(
            new SheetRefused('import.expandsTooFar', { mb: Math.round(limits.sharedStringBytes / 2 ** 20) }),
          );
        parts.set(name, entry);
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
  return parts;
}

/**
 * Which cell styles show a number as a date, by exceljs's own rule (utils.isDateFmt: date or time
 * letters outside quotes and brackets in the style's number format), each style judged once.
 */
function dateStyles(reader: PartReaders): (styleId: number) => boolean {
  const judged = new Map<number, boolean>();
  return (styleId) => {
    let date = judged.get(styleId);
    if (date === undefined) {
      const format = reader.styles?.getStyleModel(styleId)?.numFmt;
      date =
        typeof format === 'string' &&
        /[ymdhMsb]+/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
      judged.set(styleId, date);
    }
    return date;
  };
}

/**
 * The worksheet of the tab named `name`; for null the first tab not named `other`, else the
 * lowest numbered worksheet part.
 */
function worksheetOf(
  entries: Map<string, yauzl.Entry>,
  reader: PartReaders,
  name: string | null,
  other?: string,
): { entry: yauzl.Entry; sheetNo: string; name: string } | null {
  const worksheets = [...entries.keys()]
    .map((part) => ({ part, no: Number(WORKSHEET.exec(part)?.[1]) }))
    .filter((w) => Number.isInteger(w.no))
    .sort((a, b) => a.no - b.no);
  const tabs = reader.model?.sheets ?? [];
  const tab = name === null ? tabs.find((t) => t.name !== other) : tabs.find((t) => t.name === name);
  const target = tab && reader.workbookRels?.find((r) => r.Id === tab.rId)?.Target;
  const named = target
    ? worksheets.find((w) => w.part === `xl/${target.replace(/^\/?(xl\/)?/, '')}`)
    : undefined;
  if (name !== null && !named) return null;
  const chosen = named ?? worksheets[0];
  const entry = chosen && entries.get(chosen.part);
  return chosen && entry ? { entry, sheetNo: String(chosen.no), name: tab?.name ?? IMPORT_MAIN_SHEET } : null;
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, zip) =>
      err ? reject(new UnreadableSheet(String(err))) : resolve(zip),
    ),
  );
}

function entryStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) =>
      err ? reject(new UnreadableSheet(String(err))) : resolve(stream),
    ),
  );
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
