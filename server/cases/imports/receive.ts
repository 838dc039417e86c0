import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import {
  IMPORT_COLUMNS,
  IMPORT_FILE_EXTENSIONS,
  IMPORT_PARTY_COLUMNS,
  IMPORT_PARTY_SHEET,
  type ImportMode,
  importModeSchema,
} from '../../../contract/case-intake';
import { CODES } from '../../../contract/codes';
import { type ImportPlacement, importPlacementSchema } from '../../../contract/creditors';
import { isMessageKey } from '../../../contract/messages';
import type { AppContext } from '../../context';
import { ApiError, fail } from '../../http/errors';
import { displayName } from '../attachments';
import { columnsOf } from './row-check';
import {
  countRows,
  type SheetKind,
  SheetRefused,
  sheetLimitsFor,
  sheetRows,
  UnreadableSheet,
} from './sheet-rows';

/** An uploaded file that passed every check made before the import is answered. */
export interface ReceivedImport {
  /** The temporary copy; the import removes it when it ends. */
  path: string;
  fileName: string;
  kind: SheetKind;
  mode: ImportMode;
  /** Data rows (header and blank rows not counted). */
  total: number;
  /** Where each template column is on the main sheet. */
  positions: (number | null)[];
  /** Where each column of the 当事人 sheet is, when the file has that sheet. */
  partyPositions: (number | null)[] | null;
  /** The optional fields `creditorId`, `batchNo`, `entrustedOn` (server/creditors/placement.ts). */
  placement: ImportPlacement;
}

const PLACEMENT_FIELDS = new Set(['creditorId', 'batchNo', 'entrustedOn']);

/** Uploaded files wait here, beside the database, until their import ends. */
export function importTempDir(app: AppContext): string {
  return importTempDirFor(app.database.filesDir);
}

export function importTempDirFor(filesDir: string): string {
  return join(filesDir, 'import-tmp');
}

const tooLarge = (app: AppContext) =>
  new ApiError(413, CODES.payloadTooLarge, 'import.tooLarge', {
    mb: Math.round(app.config.importMaxBytes / (1024 * 1024)),
  });

/**
 * Takes the multipart upload (`file`, `mode`) to a temporary file and checks it before any
 * job exists: a file at all, not empty, .xlsx or .csv and readable as one, the template's
 * headers, at least one row and at most IMPORT_MAX_ROWS (counted in one streaming pass). A
 * refused file leaves nothing behind.
 */
export async function receiveImport(app: AppContext, request: FastifyRequest): Promise<ReceivedImport> {
  if (!request.isMultipart()) throw fail.field('file', 'import.fileRequired');
  const dir = importTempDir(app);
  await mkdir(dir, { recursive: true });
  let path: string | null = null;
  try {
    let fileName = '';
    let kind: SheetKind | null = null;
    let modeField: string | undefined;
    const placementFields: Record<string, string> = {};
    const parts = request.parts({
      limits: { fileSize: app.config.importMaxBytes, files: 1, fields: 8, parts: 9 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'mode') modeField = String(part.value);
        else if (PLACEMENT_FIELDS.has(part.fieldname) && String(part.value).trim() !== '')
          placementFields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || path !== null) {
        part.file.resume();
        continue;
      }
      fileName = displayName(part.filename ?? '');
      const extension = fileName.split('.').pop()?.toLowerCase();
      if (!(IMPORT_FILE_EXTENSIONS as readonly string[]).includes(extension ?? '')) {
        part.file.resume();
        throw fail.field('file', 'import.typeNotAllowed');
      }
      kind = extension as SheetKind;
      path = join(dir, `${randomBytes(12).toString('hex')}.${kind}`);
      try {
        await pipeline(part.file, createWriteStream(path, { flags: 'wx' }));
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(app);
        throw err;
      }
      if (part.file.truncated) throw tooLarge(app);
    }
    if (path === null || kind === null) throw fail.field('file', 'import.fileRequired');
    const mode = importModeSchema.safeParse(modeField);
    if (!mode.success) throw fail.field('mode', 'import.mode');
    const placement = importPlacementSchema.safeParse(placementFields);
    if (!placement.success) {
      const issue = placement.error.issues[0];
      throw fail.field(
        String(issue.path[0]),
        isMessageKey(issue.message) ? issue.message : 'http.validation',
      );
    }
    if ((await stat(path)).size === 0) throw fail.field('file', 'import.emptyFile');
    const { positions, partyPositions, total } = await scan(app, path, kind);
    return {
      path,
      fileName,
      kind,
      mode: mode.data,
      total,
      positions,
      partyPositions,
      placement: placement.data,
    };
  } catch (err) {
    if (path !== null) await rm(path, { force: true });
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(app);
    throw err;
  }
}

/**
 * The header rows' columns (the main sheet's, and 当事人's when the file has it: each sheet's
 * first row, read with the shared strings), then the data rows counted in the worksheets'
 * bytes, without a second parse (countRows), stopping past the limit.
 */
async function scan(
  app: AppContext,
  path: string,
  kind: SheetKind,
): Promise<{ positions: (number | null)[]; partyPositions: (number | null)[] | null; total: number }> {
  let positions: (number | null)[] | null = null;
  let partyPositions: (number | null)[] | null = null;
  const limits = sheetLimitsFor(app.config);
  const max = app.config.importMaxRows;
  let total = 0;
  try {
    for await (const row of sheetRows(path, kind, limits, { first: IMPORT_PARTY_SHEET, headersOnly: true })) {
      const party = row.sheet === IMPORT_PARTY_SHEET && kind === 'xlsx' && positions === null;
      const columns = columnsOf(row.cells, party ? IMPORT_PARTY_COLUMNS : IMPORT_COLUMNS);
      if (columns.missing.length > 0)
        throw fail.field('file', party ? 'import.badPartyHeaders' : 'import.badHeaders', {
          missing: columns.missing.join('、'),
        });
      if (party) partyPositions = columns.positions;
      else positions = columns.positions;
    }
    if (positions === null) throw fail.field('file', 'import.noRows');
    total = await countRows(path, kind, limits, { other: IMPORT_PARTY_SHEET, max });
    const parties =
      partyPositions === null ? 0 : await countRows(path, kind, limits, { sheet: IMPORT_PARTY_SHEET, max });
    if (total > max || parties > max) throw fail.field('file', 'import.tooManyRows', { max });
  } catch (err) {
    if (err instanceof UnreadableSheet) throw fail.field('file', 'import.notSpreadsheet');
    if (err instanceof SheetRefused) throw fail.field('file', err.key, err.params);
    throw err;
  }
  if (total <= 0) throw fail.field('file', 'import.noRows');
  return { positions, partyPositions, total };
}
