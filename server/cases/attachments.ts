import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENTS_PER_CASE,
  type Attachment,
  attachmentDownloadPath,
  attachmentExtension,
} from '../../contract/attachments';
import { CODES } from '../../contract/codes';
import { recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import { ApiError, fail } from '../http/errors';
import { API_PREFIX } from '../http/register';
import type { Caller } from '../http/route';
import { attachmentKey, isStorageKey } from '../storage/storage';
import type { CaseViewer } from './scope';
import { visibleCase } from './visible-case';

interface Who {
  caller: Caller;
  viewer: CaseViewer;
  requestId: string;
}

/** What a download is served as, by extension: never the type the uploading browser claimed. */
const CONTENT_TYPES: Record<(typeof ATTACHMENT_EXTENSIONS)[number], string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/** The stored `url`: the download route, as the browser calls it. */
export const attachmentUrl = (caseId: number, attachmentId: number) =>
  API_PREFIX + attachmentDownloadPath(caseId, attachmentId);

/** The client's file name as shown: no path, no control characters, at most 200 characters. */
export function displayName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  return printable.trim().slice(-200);
}

async function countOf(app: AppContext, caseId: number): Promise<number> {
  const row = await app.db
    .selectFrom('case_attachments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('case_id', '=', caseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const tooLarge = (app: AppContext) =>
  new ApiError(413, CODES.payloadTooLarge, 'attachment.tooLarge', {
    mb: Math.round((app.config.uploadMaxBytes / (1024 * 1024)) * 10) / 10,
  });
const tooMany = () => fail.field('file', 'attachment.tooMany', { max: ATTACHMENTS_PER_CASE });

/**
 * Takes one file (multipart field `file`) for a case the caller may edit. The file is streamed
 * into the storage (server/storage: a file beside the database, or rows of the database) under
 * a new random key, then the row and its audit entry are written in one transaction; if the
 * upload is refused or the transaction fails, the stored file is deleted again: neither a row
 * without a file nor a stray file is left behind.
 */
export async function uploadAttachment(
  app: AppContext,
  who: Who,
  caseId: number,
  request: FastifyRequest,
  /** The extensions taken: every attachment type, or fewer (a repayment voucher: images and PDF). */
  types: readonly string[] = ATTACHMENT_EXTENSIONS,
): Promise<Attachment> {
  await visibleCase(app.db, who.viewer, caseId);
  const { part, name } = await readFilePart(app, request, {
    fields: 10,
    allowed: (n) => types.includes(attachmentExtension(n) ?? ''),
    types,
  });
  if ((await countOf(app, caseId)) >= ATTACHMENTS_PER_CASE) {
    part.file.resume();
    throw tooMany();
  }

  const key = randomBytes(16).toString('hex');
  const storageKey = attachmentKey(caseId, key);
  let stored = false;
  try {
    let size: number;
    try {
      ({ size } = await app.storage.put(storageKey, part.file));
    } catch (err) {
      throw multipartFailure(err, app);
    }
    stored = true;
    if (part.file.truncated) throw tooLarge(app);
    if (size === 0) throw fail.field('file', 'attachment.emptyFile');
    const now = app.clock.now();
    const id = await app.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('case_attachments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('case_id', '=', caseId)
        .executeTakeFirstOrThrow();
      if (Number(row.n) >= ATTACHMENTS_PER_CASE) throw tooMany();
      const inserted = await trx
        .insertInto('case_attachments')
        .values({
          case_id: caseId,
          name,
          url: '',
          size,
          uploaded_by: who.caller.userId,
          created_at: now.toISOString(),
          stored_key: key,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('case_attachments')
        .set({ url: attachmentUrl(caseId, inserted.id) })
        .where('id', '=', inserted.id)
        .execute();
      await recordAudit(
        trx,
        { caller: who.caller, requestId: who.requestId, at: now },
        {
          action: 'case.attachment.add',
          entity: 'case',
          entityId: caseId,
          summary: `attachment #${inserted.id} ${name} (${size} bytes)`,
          params: { name },
        },
      );
      return inserted.id;
    });
    return {
      id,
      caseId,
      name,
      url: attachmentUrl(caseId, id),
      size,
      uploadedBy: who.caller.name,
      createdAt: now.toISOString(),
    };
  } catch (err) {
    // Refused, or the commit failed: no row points at the file, so it goes too.
    if (stored)
      await app.storage
        .delete(storageKey)
        .catch((cleanup: unknown) =>
          app.log.warn({ err: cleanup, caseId, key: storageKey }, 'attachment file left behind'),
        );
    throw err;
  }
}

/** The size limit (413) and busboy's own refusals (400) as the product's envelopes. */
/**
 * The one file of a multipart upload (field `file`, at most UPLOAD_MAX_MB), its shown name, and
 * a 400 at `file` when there is none or its type is not allowed (the stream is drained first).
 * Case attachments and certification licence images are received through it.
 */
export async function readFilePart(
  app: AppContext,
  request: FastifyRequest,
  rule: { fields: number; allowed: (name: string) => boolean; types: readonly string[] },
): Promise<{ part: MultipartFile; name: string }> {
  if (!request.isMultipart()) throw fail.field('file', 'attachment.fileRequired');
  let part: MultipartFile | undefined;
  try {
    part = await request.file({
      limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: rule.fields },
    });
  } catch (err) {
    throw multipartFailure(err, app);
  }
  if (part?.fieldname !== 'file') {
    part?.file.resume();
    throw fail.field('file', 'attachment.fileRequired');
  }
  const name = displayName(part.filename ?? '');
  if (!name || !rule.allowed(name)) {
    part.file.resume();
    throw fail.field('file', 'attachment.typeNotAllowed', { types: rule.types.join(', ') });
  }
  return { part, name };
}

/** A multipart or storage failure as the answer it deserves (413 too large, 400 no file). */
export function multipartFailure(err: unknown, app: AppContext): unknown {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(app);
  if (
    code === 'FST_FILES_LIMIT' ||
    code === 'FST_PARTS_LIMIT' ||
    code === 'FST_FIELDS_LIMIT' ||
    code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ||
    (err instanceof Error && /multipart|boundary|unexpected end/i.test(err.message))
  ) {
    return fail.field('file', 'attachment.fileRequired');
  }
  return err;
}

async function attachmentOf(app: AppContext, caseId: number, attachmentId: number) {
  const row = await app.db
    .selectFrom('case_attachments')
    .select(['id', 'name', 'size', 'stored_key'])
    .where('id', '=', attachmentId)
    .where('case_id', '=', caseId)
    .executeTakeFirst();
  if (!row) throw fail.notFound('attachment.notFound');
  return row;
}

/** `Content-Disposition` that keeps any name: an ASCII fallback plus RFC 5987 `filename*`. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Streams the file of an attachment of a case the viewer may see. */
export async function downloadAttachment(
  app: AppContext,
  viewer: CaseViewer,
  caseId: number,
  attachmentId: number,
  reply: FastifyReply,
): Promise<void> {
  await visibleCase(app.db, viewer, caseId);
  const row = await attachmentOf(app, caseId, attachmentId);
  if (!row.stored_key) throw fail.notFound('attachment.fileMissing');
  // A key the storage would refuse (no file was ever stored under it) is a missing file too.
  const file = isStorageKey(`${caseId}/${row.stored_key}`)
    ? await app.storage.open(attachmentKey(caseId, row.stored_key))
    : null;
  if (!file) throw fail.notFound('attachment.fileMissing');
  const ext = attachmentExtension(row.name);
  reply
    .header(
      'content-type',
      ext ? CONTENT_TYPES[ext as keyof typeof CONTENT_TYPES] : 'application/octet-stream',
    )
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(row.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}

/** Removes an attachment: the row and its audit entry together, then its stored file. */
export async function removeAttachment(
  app: AppContext,
  who: Who,
  caseId: number,
  attachmentId: number,
): Promise<{ id: number }> {
  await visibleCase(app.db, who.viewer, caseId);
  const row = await attachmentOf(app, caseId, attachmentId);
  const now = app.clock.now();
  await app.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('case_attachments').where('id', '=', row.id).execute();
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: 'case.attachment.remove',
        entity: 'case',
        entityId: caseId,
        summary: `attachment #${row.id} ${row.name}`,
        params: { name: row.name },
      },
    );
  });
  if (row.stored_key) {
    await app.storage
      .delete(attachmentKey(caseId, row.stored_key))
      .catch((err: unknown) => app.log.warn({ err, caseId, attachmentId }, 'attachment file left behind'));
  }
  return { id: row.id };
}
