import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  type CaseImport,
  type CaseImportSummary,
  IMPORT_COLUMNS,
  IMPORT_EXAMPLE,
  type ImportError,
} from '../../../contract/case-intake';
import { type Language, type MessageKey, translate } from '../../../contract/messages';
import type { Paged } from '../../../contract/paging';
import type { Database } from '../../db/schema';
import { fail } from '../../http/errors';
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

/** Writes a sheet through exceljs's streaming writer; the stream carries the .xlsx as it is made. */
function streamedWorkbook(fill: (sheet: ExcelJS.Worksheet) => Promise<void>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet('cases');
  fill(sheet)
    .then(() => {
      sheet.commit();
      return workbook.commit();
    })
    .catch((err) => out.destroy(err));
  return out;
}

/** The template: the Chinese headers and one example row, every column as text. */
export function importTemplate(): Readable {
  return streamedWorkbook(async (sheet) => {
    sheet.columns = HEADERS.map((h) => ({
      header: h,
      width: Math.max(14, h.length * 3),
      style: { numFmt: '@' },
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    sheet.addRow(IMPORT_EXAMPLE).commit();
  });
}

/** GET /api/cases/imports/:id/errors: every refused row with its cells, its row number and the reasons. */
export async function importErrorsWorkbook(
  db: Kysely<Database>,
  id: number,
  lang: Language,
): Promise<Readable> {
  const job = await db.selectFrom('case_imports').select('id').where('id', '=', id).executeTakeFirst();
  if (!job) throw fail.notFound('import.notFound');
  const headerOf = new Map<string, string>(IMPORT_COLUMNS.map((c) => [c.field, c.header]));
  return streamedWorkbook(async (sheet) => {
    sheet.columns = [
      { header: translate(lang, 'import.rowColumn'), width: 8 },
      ...HEADERS.map((h) => ({ header: h, width: 16 })),
      { header: translate(lang, 'import.reasonColumn'), width: 60 },
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom('case_import_rows')
        .select(['id', 'row_no', 'cells', 'reasons'])
        .where('import_id', '=', id)
        .where('id', '>', after)
        .orderBy('id')
        .limit(1000)
        .execute();
      if (rows.length === 0) break;
      for (const r of rows) {
        const reasons = (JSON.parse(r.reasons) as Reason[])
          .map((reason) => `${headerOf.get(reason.field) ?? reason.field}: ${renderReason(lang, reason)}`)
          .join('; ');
        sheet.addRow([r.row_no, ...(JSON.parse(r.cells) as string[]), reasons]).commit();
      }
      after = rows[rows.length - 1].id;
    }
  });
}

/** `attachment` with the name in ASCII and in full (RFC 5987). */
export function attachmentHeader(asciiName: string, name: string): string {
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
