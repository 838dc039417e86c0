import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  type CaseImport,
  type CaseImportSummary,
  IMPORT_COLUMNS,
  IMPORT_EXAMPLE,
  IMPORT_MAIN_SHEET,
  IMPORT_PARTY_COLUMNS,
  IMPORT_PARTY_EXAMPLE,
  IMPORT_PARTY_SHEET,
  type ImportError,
} from '../../../contract/case-intake';
import { type Language, type MessageKey, translate } from '../../../contract/messages';
import type { Paged } from '../../../contract/paging';
import type { Database } from '../../db/schema';
import { fail } from '../../http/errors';
import { addPlainRow, roomIn } from '../../http/xlsx-rows';
import type { StoredError } from './passes';
import type { Reason } from './row-check';

const zodLocales = { 'zh-CN': z.locales.zhCN(), 'en-US': z.locales.en() };

/** A stored reason in the reader's language. */
export function renderReason(lang: Language, reason: Reason): string {
  if ('key' in reason) return translate(lang, reason.key, reason.params ?? {});
  // biome-ignore lint/suspicious/noExplicitAny: a stored zod issue, given back to zod's own locale
  const out = zodLocales[lang].localeError(reason.issue as any);
  return typeof out === 'string' ? out : (out?.message ?? translate(lang, 'http.validation'));
}

function summaryQuery(db: Kysely<Database>) {
  return db
    .selectFrom('case_imports as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select([
      'i.id',
      'i.status',
      'i.mode',
      'i.file_name',
      'i.total',
      'i.processed',
      'i.imported',
      'i.invalid',
      'i.failure',
      'i.errors',
      'i.created_at',
      'i.finished_at',
      'i.user_id',
      'u.name as user_name',
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['executeTakeFirstOrThrow']>>;

function toSummary(row: SummaryRow, lang: Language): CaseImportSummary {
  return {
    id: row.id,
    status: row.status as CaseImportSummary['status'],
    mode: row.mode as CaseImportSummary['mode'],
    fileName: row.file_name,
    total: row.total,
    processed: row.processed,
    imported: row.imported,
    invalid: row.invalid,
    failure: row.failure ? translate(lang, row.failure as MessageKey) : null,
    createdBy: { id: row.user_id, name: row.user_name },
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/** GET /api/cases/imports/:id: the job's counts and its first refused rows. */
export async function importReport(db: Kysely<Database>, id: number, lang: Language): Promise<CaseImport> {
  const row = await summaryQuery(db).where('i.id', '=', id).executeTakeFirst();
  if (!row) throw fail.notFound('import.notFound');
  const errors: ImportError[] = (JSON.parse(row.errors) as StoredError[]).map((e) => ({
    // Refusals stored before migration 0028 were all on the main sheet.
    sheet: e.sheet ?? IMPORT_MAIN_SHEET,
    row: e.row,
    field: e.field,
    reason: renderReason(lang, e),
  }));
  return { ...toSummary(row, lang), errors };
}

/** GET /api/cases/imports: the history, newest first. */
export async function listImports(
  db: Kysely<Database>,
  query: { page: number; pageSize: number },
  lang: Language,
): Promise<Paged<CaseImportSummary>> {
  const rows = await summaryQuery(db)
    .orderBy('i.id', 'desc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const count = await db
    .selectFrom('case_imports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { list: rows.map((r) => toSummary(r, lang)), total: Number(count.n) };
}

const HEADERS = IMPORT_COLUMNS.map((c) => c.header);
const PARTY_HEADERS = IMPORT_PARTY_COLUMNS.map((c) => c.header);

/** Writes sheets through exceljs's streaming writer, one after the other; the stream carries the .xlsx as it is made. */
function streamedWorkbook(
  fill: (addSheet: (name: string) => ExcelJS.Worksheet, room: () => Promise<boolean>) => Promise<void>,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  let sheet: ExcelJS.Worksheet | null = null;
  const addSheet = (name: string) => {
    sheet?.commit();
    sheet = workbook.addWorksheet(name);
    return sheet;
  };
  fill(addSheet, () => roomIn(out))
    .then(() => {
      (sheet as ExcelJS.Worksheet | null)?.commit();
      return workbook.commit();
    })
    .catch((err) => out.destroy(err));
  return out;
}

/** A header row and one example row, every column as text. */
function exampleSheet(sheet: ExcelJS.Worksheet, headers: string[], example: string[]) {
  sheet.columns = headers.map((h) => ({
    header: h,
    width: Math.max(14, h.length * 3),
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  sheet.addRow(example).commit();
}

/**
 * The template: the main sheet (案件: one case a row, the main debtor's ID and contacts, the
 * claim's parts) and 当事人 (further parties, joined by 案件编号), each with its Chinese headers
 * and one example row that imports as it is, every column as text (so an ID number keeps its digits).
 */
export function importTemplate(): Readable {
  return streamedWorkbook(async (addSheet) => {
    exampleSheet(addSheet(IMPORT_MAIN_SHEET), HEADERS, IMPORT_EXAMPLE);
    exampleSheet(addSheet(IMPORT_PARTY_SHEET), PARTY_HEADERS, IMPORT_PARTY_EXAMPLE);
  });
}

/**
 * GET /api/cases/imports/:id/errors: every refused row with its sheet, row number, cells and
 * reasons; the main sheet's rows on one tab, the 当事人 sheet's (with its own columns) on another.
 */
export async function importErrorsWorkbook(
  db: Kysely<Database>,
  id: number,
  lang: Language,
): Promise<Readable> {
  const job = await db.selectFrom('case_imports').select('id').where('id', '=', id).executeTakeFirst();
  if (!job) throw fail.notFound('import.notFound');
  const hasParties = await db
    .selectFrom('case_import_rows')
    .select('id')
    .where('import_id', '=', id)
    .where('sheet', '=', IMPORT_PARTY_SHEET)
    .executeTakeFirst();
  return streamedWorkbook(async (addSheet, room) => {
    await refusedRowsSheet(db, id, lang, addSheet(IMPORT_MAIN_SHEET), 'main', room);
    if (hasParties) await refusedRowsSheet(db, id, lang, addSheet(IMPORT_PARTY_SHEET), 'parties', room);
  });
}

async function refusedRowsSheet(
  db: Kysely<Database>,
  id: number,
  lang: Language,
  sheet: ExcelJS.Worksheet,
  which: 'main' | 'parties',
  /** Waits for room in the download between pages; false once it was abandoned. */
  room: () => Promise<boolean>,
) {
  const columns = which === 'main' ? IMPORT_COLUMNS : IMPORT_PARTY_COLUMNS;
  const headerOf = new Map<string, string>(columns.map((c) => [c.field, c.header]));
  sheet.columns = [
    { header: translate(lang, 'import.sheetColumn'), width: 10 },
    { header: translate(lang, 'import.rowColumn'), width: 8 },
    ...columns.map((c) => ({ header: c.header, width: 16 })),
    { header: translate(lang, 'import.reasonColumn'), width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let after = 0;
  for (;;) {
    let query = db
      .selectFrom('case_import_rows')
      .select(['id', 'sheet', 'row_no', 'cells', 'reasons'])
      .where('import_id', '=', id)
      .where('id', '>', after);
    query =
      which === 'parties'
        ? query.where('sheet', '=', IMPORT_PARTY_SHEET)
        : query.where((eb) => eb.or([eb('sheet', 'is', null), eb('sheet', '!=', IMPORT_PARTY_SHEET)]));
    const rows = await query.orderBy('id').limit(1000).execute();
    if (rows.length === 0) break;
    for (const r of rows) {
      const reasons = (JSON.parse(r.reasons) as Reason[])
        .map((reason) => `${headerOf.get(reason.field) ?? reason.field}: ${renderReason(lang, reason)}`)
        .join('; ');
      addPlainRow(sheet, [
        r.sheet ?? IMPORT_MAIN_SHEET,
        r.row_no,
        ...(JSON.parse(r.cells) as string[]),
        reasons,
      ]);
    }
    after = rows[rows.length - 1].id;
    if (!(await room())) break;
  }
}

export { attachmentHeader } from '../../http/attachment-header';
