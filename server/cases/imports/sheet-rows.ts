import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import type { MessageKey } from '../../../contract/messages';

export type SheetKind = 'xlsx' | 'csv';

/** One row of the file: its number as a spreadsheet shows it (1 = header) and its cells, 0-based. */
export interface SheetRow {
  rowNo: number;
  cells: unknown[];
}

export class UnreadableSheet extends Error {}

/** A file past one of the reader's limits (SheetLimits): refused with its own reason, never parsed on. */
export class SheetRefused extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/**
 * What one import file may hold before it is refused: an .xlsx is a zip whose parts may expand
 * a thousandfold (a few MB of `<si/>` in xl/sharedStrings.xml took the server to 5.6 GB), and
 * a .csv quote left open takes the rest of the file into one row. Sized from IMPORT_MAX_ROWS and
 * IMPORT_MAX_MB (`sheetLimitsFor`), so that an honest file of that many cases, with a sheet of
 * parties beside them, passes (tests/api/import-bomb.test.ts imports one).
 */
export interface SheetLimits {
  /** Entries in the zip's central directory (an .xlsx holds ten or so). */
  zipEntries: number;
  /** Uncompressed bytes of the parts read: workbook, relationships, styles, shared strings, worksheets. */
  partBytes: number;
  /** Uncompressed bytes of xl/sharedStrings.xml, which is held in memory whole. */
  sharedStringBytes: number;
  /** Shared strings (`<si>` entries): a five-byte `<si/>` is an array slot all the same. */
  sharedStrings: number;
  /** How many times its compressed size a part over 1 MiB may expand to (deflate's limit is about 1,030). */
  expansion: number;
  /** Characters in one .csv row (quoted line breaks included). */
  csvRowChars: number;
}

/** Per case row: its cells' text and XML (about 0.7 KB a case with 20 columns and a party). */
const PART_BYTES_PER_ROW = 2048;
const SHARED_STRING_BYTES_PER_ROW = 1024;
/** Text cells per case row, the parties' sheet included (about 25 with 20 columns and half a party each). */
const SHARED_STRINGS_PER_ROW = 32;

export function sheetLimitsFor(config: { importMaxRows: number; importMaxBytes: number }): SheetLimits {
  const rows = config.importMaxRows;
  const MiB = 1024 * 1024;
  return {
    zipEntries: 1000,
    // Never below the upload limit: a zip stored without compression is as large as its parts.
    partBytes: Math.max(16 * MiB, config.importMaxBytes, rows * PART_BYTES_PER_ROW),
    sharedStringBytes: Math.max(8 * MiB, rows * SHARED_STRING_BYTES_PER_ROW),
    sharedStrings: Math.max(100_000, rows * SHARED_STRINGS_PER_ROW),
    expansion: 200,
    csvRowChars: 64 * 1024,
  };
}

/**
 * The rows of the first worksheet of an .xlsx, or of a .csv, one at a time: exceljs's streaming
 * part readers over the zip's entries (never the whole workbook in memory), a .csv line by
 * line. Blank rows are skipped. A file that is not what its name says throws UnreadableSheet;
 * one past `limits` throws SheetRefused.
 */
export async function* sheetRows(
  file: string,
  kind: SheetKind,
  limits: SheetLimits,
  { countOnly = false }: { countOnly?: boolean } = {},
): AsyncGenerator<SheetRow> {
  if (kind === 'csv') yield* csvRows(file, limits);
  else yield* xlsxRows(file, limits, countOnly);
}

/** The parts of exceljs's streaming reader used here, each fed one zip entry. */
interface PartReaders {
  sharedStrings?: unknown[];
  model?: { sheets?: { rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<{ index: number; text: unknown }>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(entry: Readable, sheetNo: string): Generator<{ value: AsyncIterable<ExcelJS.Row> }>;
}

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
const PARTS_READ = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'];

async function* xlsxRows(file: string, limits: SheetLimits, countOnly: boolean): AsyncGenerator<SheetRow> {
  if (!(await startsWith(file, [0x50, 0x4b, 0x03, 0x04]))) throw new UnreadableSheet('not a zip');
  const zip = await openZip(file);
  const streams: Readable[] = [];
  const part = async (entry: yauzl.Entry) => {
    const stream = await entryStream(zip, entry);
    streams.push(stream);
    return stream;
  };
  try {
    const entries = await partsOf(zip, limits);
    // exceljs's own readers of each part, in the order they depend on each other; the entries
    // come from the central directory with their sizes checked (yauzl stops an entry that
    // inflates past the size it declared), never from a walk of the local headers.
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
      // Shared strings are emitted and kept here, counted; styles say which numbers are dates.
      // Counting rows needs neither.
      sharedStrings: 'emit',
      styles: countOnly ? 'ignore' : 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    }) as unknown as PartReaders;
    reader.model = { sheets: [] };
    const [rels, workbook, sharedStrings, styles] = PARTS_READ.map((name) => entries.get(name));
    if (rels) await reader._parseRels(await part(rels));
    if (workbook) await reader._parseWorkbook(await part(workbook));
    if (sharedStrings && !countOnly)
      reader.sharedStrings = await readSharedStrings(reader, await part(sharedStrings), limits);
    if (styles && !countOnly) await reader._parseStyles(await part(styles));
    const first = firstWorksheet(entries, reader);
    if (!first) throw new UnreadableSheet('no worksheet');
    const [event] = reader._parseWorksheet(await part(first.entry), first.sheetNo);
    for await (const row of event?.value ?? []) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      if (values.some((v) => !isBlank(v))) yield { rowNo: row.number, cells: values };
    }
  } catch (err) {
    if (err instanceof UnreadableSheet || err instanceof SheetRefused) throw err;
    throw new UnreadableSheet(String(err));
  } finally {
    for (const stream of streams) stream.destroy();
    zip.close();
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

/** The shared strings in order, refused past `limits.sharedStrings`. */
async function readSharedStrings(
  reader: PartReaders,
  entry: Readable,
  limits: SheetLimits,
): Promise<unknown[]> {
  const strings: unknown[] = [];
  for await (const { text } of reader._parseSharedStrings(entry)) {
    if (strings.length >= limits.sharedStrings)
      throw new SheetRefused('import.tooManyStrings', { max: limits.sharedStrings });
    strings.push(text);
  }
  return strings;
}

/** The workbook's first sheet (its first tab), else the lowest numbered worksheet part. */
function firstWorksheet(
  entries: Map<string, yauzl.Entry>,
  reader: PartReaders,
): { entry: yauzl.Entry; sheetNo: string } | null {
  const worksheets = [...entries.keys()]
    .map((name) => ({ name, no: Number(WORKSHEET.exec(name)?.[1]) }))
    .filter((w) => Number.isInteger(w.no))
    .sort((a, b) => a.no - b.no);
  const firstTab = reader.model?.sheets?.[0];
  const target = reader.workbookRels?.find((r) => r.Id === firstTab?.rId)?.Target;
  const named = target
    ? worksheets.find((w) => w.name === `xl/${target.replace(/^\/?(xl\/)?/, '')}`)
    : undefined;
  const chosen = named ?? worksheets[0];
  const entry = chosen && entries.get(chosen.name);
  return chosen && entry ? { entry, sheetNo: String(chosen.no) } : null;
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

/**
 * A .csv line by line. A quoted cell may hold line breaks, so a row ends at the first line
 * break outside quotes: the quotes' parity is kept as lines arrive (each line's quotes counted
 * once; re-counting the pending text at each line took a minute for a 740 KB quote left open),
 * and a row longer than `limits.csvRowChars` is refused.
 */
async function* csvRows(file: string, limits: SheetLimits): AsyncGenerator<SheetRow> {
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
