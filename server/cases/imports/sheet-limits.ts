import type { MessageKey } from '../../../contract/messages';

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
