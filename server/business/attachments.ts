import { type Kysely, sql } from 'kysely';
import { CASE_NO_PATTERN } from '../../contract/cases';
import { formatDate } from '../../contract/dates';
import { type AttachmentListQuery, type AttachmentRow, isPdfName } from '../../contract/operations-api';
import type { Paged } from '../../contract/paging';
import { type CaseViewer, visibleCondition } from '../cases/scope';
import type { Database } from '../db/schema';
import { containsText } from '../db/text-search';
import { fail } from '../http/errors';
import { textPdf } from './text-pdf';

function attachmentsWithCases(db: Kysely<Database>) {
  return db.selectFrom('case_attachments').innerJoin('cases', 'cases.id', 'case_attachments.case_id');
}

/**
 * Case attachments, newest first, for a role that sees every case: by case number (a whole one
 * is a lookup on its unique index) and, optionally, only those named *.pdf.
 */
export async function listAttachments(
  db: Kysely<Database>,
  query: AttachmentListQuery,
): Promise<Paged<AttachmentRow>> {
  let matching = attachmentsWithCases(db);
  const { caseNo } = query;
  if (caseNo) {
    matching = CASE_NO_PATTERN.test(caseNo)
      ? matching.where('cases.case_no', '=', caseNo)
      : matching.where(() => containsText('cases.case_no', caseNo));
  }
  // lower() and LIKE are portable; a name is "a PDF" by its extension, as isPdfName says.
  if (query.pdf) matching = matching.where(sql<boolean>`lower(case_attachments.name) like '%.pdf'`);
  const [rows, count] = await Promise.all([
    matching
      .select([
        'case_attachments.id',
        'case_attachments.case_id',
        'case_attachments.name',
        'case_attachments.size',
        'case_attachments.created_at',
        'cases.case_no',
        'cases.title',
      ])
      .orderBy('case_attachments.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      caseId: r.case_id,
      caseNo: r.case_no,
      caseTitle: r.title,
      name: r.name,
      size: Number(r.size),
      createdAt: r.created_at,
      isPdf: isPdfName(r.name),
    })),
    total: Number(count.n),
  };
}

/**
 * The file of an attachment of a case the viewer may see (else 404, as for every case
 * endpoint). The demo data records attachments without storing files, so for a *.pdf the
 * server writes a real one-page PDF from the record; any other kind has no file to serve.
 */
export async function attachmentPdf(
  db: Kysely<Database>,
  viewer: CaseViewer,
  id: number,
  now: Date,
): Promise<{ name: string; bytes: Buffer }> {
  const row = await attachmentsWithCases(db)
    .leftJoin('users', 'users.id', 'case_attachments.uploaded_by')
    .where('case_attachments.id', '=', id)
    .where(visibleCondition(viewer))
    .select([
      'case_attachments.name',
      'case_attachments.size',
      'case_attachments.created_at',
      'cases.case_no',
      'cases.title',
      'users.name as uploader',
    ])
    .executeTakeFirst();
  if (!row) throw fail.notFound('attachment.notFound');
  if (!isPdfName(row.name)) throw fail.notFound('attachment.notPdf');
  const uploaded = formatDate(row.created_at);
  const bytes = textPdf(
    [
      { text: 'CaseDesk', size: 20 },
      { text: row.name, size: 16, gapBefore: 14 },
      { text: `案件 ${row.case_no}：${row.title}`, size: 12, gapBefore: 6 },
      { text: `上传人：${row.uploader ?? '-'}　上传日期：${uploaded}　登记大小：${row.size} 字节`, size: 11 },
      {
        text: `Case ${row.case_no} / attachment #${id} / ${row.size} bytes on record / uploaded ${uploaded}`,
        size: 10,
        gapBefore: 6,
        grey: 0.35,
      },
      {
        text: '演示数据只登记附件、不保存文件：本 PDF 由服务器根据附件记录生成，供预览测试使用。',
        size: 11,
        gapBefore: 24,
        grey: 0.35,
      },
      {
        text: "The demo data records attachments without their files: the server generated this PDF from the attachment's record.",
        size: 10,
        grey: 0.35,
      },
    ],
    { title: row.name, createdAt: now },
  );
  return { name: row.name, bytes };
}
