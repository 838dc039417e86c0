import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { type Language, type MessageKey, translate } from '../../../contract/messages';
import type { Database } from '../../db/schema';
import { roomIn } from '../../http/xlsx-rows';

/** Result rows read per query: memory stays flat however many cases the job took. */
const WINDOW = 1000;

/**
 * GET /cases/bulk-jobs/:id/results: every case of the job with its outcome (done, refused, or
 * not done when the job was interrupted) and the reason in the reader's language with its
 * message key, written by exceljs's streaming writer a row at a time (rows committed as they go).
 */
export function bulkResultsWorkbook(db: Kysely<Database>, jobId: number, lang: Language): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(lang, key, params);
  const write = async () => {
    const sheet = workbook.addWorksheet(t('bulk.results.sheet'));
    sheet.columns = [
      { header: t('bulk.results.caseNo'), width: 20, style: { numFmt: '@' } },
      { header: t('bulk.results.caseId'), width: 10 },
      { header: t('bulk.results.outcome'), width: 16 },
      { header: t('bulk.results.reason'), width: 60 },
      { header: t('bulk.results.code'), width: 36 },
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom('bulk_job_results as r')
        .leftJoin('cases as c', 'c.id', 'r.case_id')
        .select(['r.id', 'r.case_id', 'r.ok', 'r.code', 'r.params', 'c.case_no'])
        .where('r.job_id', '=', jobId)
        .where('r.id', '>', after)
        .orderBy('r.id')
        .limit(WINDOW)
        .execute();
      for (const r of rows) {
        const outcome =
          r.ok === null ? 'bulk.results.notDone' : r.ok ? 'bulk.results.ok' : 'bulk.results.refused';
        const params = r.params ? (JSON.parse(r.params) as Record<string, string | number>) : {};
        // A case the starter may not see is named by its id only, like the refusal says.
        const visible = r.code !== 'case.notFound';
        sheet
          .addRow([
            visible ? (r.case_no ?? '') : '',
            r.case_id,
            t(outcome),
            r.code ? t(r.code as MessageKey, params) : '',
            r.code ?? '',
          ])
          .commit();
      }
      if (rows.length < WINDOW || !(await roomIn(out))) break;
      after = rows[rows.length - 1].id;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err) => out.destroy(err));
  return out;
}
