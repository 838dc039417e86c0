/**
 * The two big parts of an .xlsx read without building a node per tag: the shared strings
 * (`xl/sharedStrings.xml`) and a worksheet's rows. exceljs's streaming reader (saxes events,
 * a Row and a Cell object per cell) took most of an import's CPU and made most of its garbage;
 * these parts are regular XML that Excel, WPS and exceljs write alike, so each element is cut
 * from the inflated text as it streams and read with a few patterns. Values come out as
 * exceljs's reader gives them to `cellText` (sheet-rows.ts): text, a number, a boolean, a Date
 * for a number styled as a date, `{error}`; a formula gives its cached result. Rich text is
 * joined (phonetic runs left out).
 *
 * Linear in the input: each chunk is searched from where the last search stopped, and an
 * element longer than `maxElementChars` (a row, a string) is refused rather than carried on.
 */
import type { Readable } from 'node:stream';
import { type SheetLimits, SheetRefused } from './sheet-limits';

/** The most characters of XML one row or one shared string may take (Excel's cell holds 32,767). */
export const MAX_ELEMENT_CHARS = 256 * 1024;

/**
 * The complete `<name ...>...</name>` (or `<name .../>`) elements of a stream, in order. Text
 * between them is skipped without being kept.
 */
export async function* elementsOf(
  stream: Readable,
  name: string,
  maxElementChars = MAX_ELEMENT_CHARS,
): AsyncGenerator<string> {
  const open = `<${name}`;
  const close = `</${name}>`;
  let buffer = '';
  stream.setEncoding('utf8');
  for await (const chunk of stream as AsyncIterable<string>) {
    buffer += chunk;
    let pos = 0;
    let carryFrom = -1;
    for (;;) {
      const start = openingAt(buffer, open, pos);
      if (start < 0) {
        // Only the last few characters can begin an opening tag the next chunk completes.
        const lt = buffer.lastIndexOf('<');
        carryFrom = lt >= Math.max(pos, buffer.length - open.length) ? lt : buffer.length;
        break;
      }
      const tagEnd = buffer.indexOf('>', start);
      if (tagEnd < 0) {
        carryFrom = start;
        break;
      }
      if (buffer.charCodeAt(tagEnd - 1) === 47 /* / */) {
        yield buffer.slice(start, tagEnd + 1);
        pos = tagEnd + 1;
        continue;
      }
      const end = buffer.indexOf(close, tagEnd);
      if (end < 0) {
        carryFrom = start;
        break;
      }
      yield buffer.slice(start, end + close.length);
      pos = end + close.length;
    }
    buffer = buffer.slice(carryFrom);
    if (buffer.length > maxElementChars)
      throw new SheetRefused('import.elementTooLong', { max: maxElementChars });
  }
}

/** Where `<name` begins an element (followed by a space, `>` or `/`, not `<rowBreaks`), from `from`. */
function openingAt(text: string, open: string, from: number): number {
  for (let at = text.indexOf(open, from); at >= 0; at = text.indexOf(open, at + 1)) {
    const next = text.charCodeAt(at + open.length);
    // space, tab, line feed, carriage return, '>', '/'
    if (next === 32 || next === 9 || next === 10 || next === 13 || next === 62 || next === 47) return at;
    if (Number.isNaN(next)) return at;
  }
  return -1;
}

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML character and entity references decoded; one that names no character is left as written. */
export function xmlText(raw: string): string {
  if (raw.indexOf('&') < 0) return raw;
  return raw.replace(ENTITY, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref];
    const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return whole;
    return String.fromCodePoint(code);
  });
}

const PHONETIC = /<rPh\b[\s\S]*?<\/rPh>/g;
const TEXT_RUN = /<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g;

/** The text of an `<si>` or `<is>`: its `<t>` runs joined, phonetic runs (`<rPh>`) left out. */
export function runsText(xml: string): string {
  const body = xml.indexOf('<rPh') >= 0 ? xml.replace(PHONETIC, '') : xml;
  let text = '';
  TEXT_RUN.lastIndex = 0;
  for (let m = TEXT_RUN.exec(body); m; m = TEXT_RUN.exec(body)) text += m[1];
  return xmlText(text);
}

/** The shared strings by index. */
export interface SharedStrings {
  get(index: number): string | undefined;
}

/**
 * Strings packed into one UTF-8 buffer with their ends. Kept as V8 strings, each cut from the
 * chunk it was read in (a slice that holds its whole chunk), a 100,000-row file's 858,000
 * shared strings held the inflated XML twice over (two bytes a character) and more; packed,
 * they take their UTF-8 bytes and four more each, and a cell's text is decoded when it is read.
 */
export class PackedStrings implements SharedStrings {
  #bytes = Buffer.allocUnsafe(1 << 16);
  #ends = new Int32Array(1 << 12);
  #used = 0;
  #count = 0;

  get length(): number {
    return this.#count;
  }

  push(text: string): void {
    const need = this.#used + Buffer.byteLength(text, 'utf8');
    if (need > this.#bytes.length) {
      const bytes = Buffer.allocUnsafe(Math.max(need, this.#bytes.length * 2));
      this.#bytes.copy(bytes, 0, 0, this.#used);
      this.#bytes = bytes;
    }
    this.#used += this.#bytes.write(text, this.#used, 'utf8');
    if (this.#count === this.#ends.length) {
      const ends = new Int32Array(this.#ends.length * 2);
      ends.set(this.#ends);
      this.#ends = ends;
    }
    this.#ends[this.#count++] = this.#used;
  }

  get(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.#count) return undefined;
    return this.#bytes.toString('utf8', index === 0 ? 0 : this.#ends[index - 1], this.#ends[index]);
  }
}

/**
 * The shared strings, refused past `limits.sharedStrings`. With `keep`, only those indices are
 * kept (a header row's), the others counted and dropped.
 */
export async function scanSharedStrings(
  stream: Readable,
  limits: SheetLimits,
  keep?: ReadonlySet<number>,
): Promise<SharedStrings> {
  const packed = new PackedStrings();
  const kept = new Map<number, string>();
  let index = 0;
  for await (const si of elementsOf(stream, 'si')) {
    if (index >= limits.sharedStrings)
      throw new SheetRefused('import.tooManyStrings', { max: limits.sharedStrings });
    if (!keep) packed.push(runsText(si));
    else if (keep.has(index)) kept.set(index, runsText(si));
    index++;
  }
  return keep ? { get: (i) => kept.get(i) } : packed;
}

/** A shared string's index standing in for its text until the strings are read (a header row read first). */
export class SharedIndex {
  constructor(readonly index: number) {}
}

/** Shared strings not read yet: each cell that names one holds its SharedIndex. */
export const UNREAD_STRINGS: SharedStrings = { get: () => undefined };

/** How a worksheet's cells are read: the shared strings, and which style ids format a number as a date. */
export interface CellContext {
  /** UNREAD_STRINGS: cells naming a shared string hold its SharedIndex instead. */
  sharedStrings: SharedStrings;
  isDateStyle(styleId: number): boolean;
  date1904: boolean;
}

export interface ScannedRow {
  rowNo: number;
  cells: unknown[];
}

const ROW_NUMBER = /^<row\b[^>]*?\sr="(\d+)"/;
const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
const ATTRIBUTE = /\s([a-zA-Z:]+)="([^"]*)"/g;
const VALUE = /<v(?:\s[^>]*)?>([\s\S]*?)<\/v>/;

/** A worksheet's rows, each with its cells by column (0-based; absent cells left as holes). */
export async function* scanRows(stream: Readable, context: CellContext): AsyncGenerator<ScannedRow> {
  let lastRow = 0;
  for await (const xml of elementsOf(stream, 'row')) {
    const numbered = ROW_NUMBER.exec(xml);
    const rowNo = numbered ? Number(numbered[1]) : lastRow + 1;
    lastRow = rowNo;
    yield { rowNo, cells: cellsOf(xml, context) };
  }
}

function cellsOf(row: string, context: CellContext): unknown[] {
  const cells: unknown[] = [];
  let column = -1;
  CELL.lastIndex = 0;
  for (let m = CELL.exec(row); m; m = CELL.exec(row)) {
    let ref: string | undefined;
    let type: string | undefined;
    let style: string | undefined;
    ATTRIBUTE.lastIndex = 0;
    for (let a = ATTRIBUTE.exec(m[1]); a; a = ATTRIBUTE.exec(m[1])) {
      if (a[1] === 'r') ref = a[2];
      else if (a[1] === 't') type = a[2];
      else if (a[1] === 's') style = a[2];
    }
    column = ref ? columnOf(ref) : column + 1;
    const value = cellValueOf(m[2], type, style, context);
    if (value !== undefined && column >= 0) cells[column] = value;
  }
  return cells;
}

/** The 0-based column of a reference such as `AB12`; -1 when it is not one. */
function columnOf(ref: string): number {
  let column = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code >= 65 && code <= 90) column = column * 26 + (code - 64);
    else if (code >= 97 && code <= 122) column = column * 26 + (code - 96);
    else break;
  }
  return i === 0 ? -1 : column - 1;
}

function cellValueOf(
  inner: string | undefined,
  type: string | undefined,
  style: string | undefined,
  context: CellContext,
): unknown {
  if (inner === undefined) return undefined;
  if (type === 'inlineStr') {
    const at = inner.indexOf('<is');
    return at < 0 ? undefined : runsText(inner.slice(at));
  }
  const v = VALUE.exec(inner);
  if (!v) return undefined;
  const raw = v[1];
  const formula = inner.indexOf('<f') >= 0;
  switch (type) {
    case 's': {
      const index = Number.parseInt(raw, 10);
      if (context.sharedStrings === UNREAD_STRINGS) return new SharedIndex(index);
      return context.sharedStrings.get(index);
    }
    case 'str':
      return xmlText(raw);
    case 'b':
      return Number.parseInt(raw, 10) !== 0;
    case 'e':
      return { error: xmlText(raw) };
    case 'd': {
      const date = new Date(xmlText(raw));
      return Number.isNaN(date.getTime()) ? xmlText(raw) : date;
    }
    default: {
      const number = Number.parseFloat(raw);
      if (!formula && style !== undefined && context.isDateStyle(Number.parseInt(style, 10)))
        return excelDate(number, context.date1904);
      return number;
    }
  }
}

/** A date serial as exceljs reads it (utils.excelToDate): days since 1899-12-30 (or 1904-01-01), at UTC. */
function excelDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000));
}
