import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { can } from '../../contract/access';
import type { CertificationFile } from '../../contract/certifications';
import { LICENCE_FILE_EXTENSIONS } from '../../contract/certifications';
import { contentDisposition, multipartFailure, readFilePart, tooLarge } from '../cases/attachments';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { fail } from '../http/errors';
import type { Caller } from '../http/route';
import { checkKey } from '../storage/storage';

/**
 * The licence image of a certification application, uploaded like a case attachment (multipart
 * field `file`, streamed into the file storage, at most UPLOAD_MAX_MB) before the application is
 * sent: `POST /user/certification-files` answers its id, the application names it, and from
 * then on it belongs to the application (`GET /certifications/:id/licence-file`, for the
 * applicant and the reviewers). Files are kept under `certifications/<user id>/`.
 */

const CONTENT_TYPES: Record<(typeof LICENCE_FILE_EXTENSIONS)[number], string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  const ext = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  return (LICENCE_FILE_EXTENSIONS as readonly string[]).includes(ext)
    ? (ext as (typeof LICENCE_FILE_EXTENSIONS)[number])
    : null;
};

export const licenceStorageKey = (userId: number, storedKey: string) =>
  checkKey(`certifications/${userId}/${storedKey}`);

/** At most this many uploads wait for an application per account (older ones are replaced). */
const WAITING_PER_USER = 5;

export async function uploadLicenceFile(
  app: AppContext,
  caller: Caller,
  request: FastifyRequest,
): Promise<CertificationFile> {
  const { part, name } = await readFilePart(app, request, {
    fields: 5,
    allowed: (n) => extensionOf(n) !== null,
    types: LICENCE_FILE_EXTENSIONS,
  });
  const stored = randomBytes(16).toString('hex');
  const key = licenceStorageKey(caller.userId, stored);
  let kept = false;
  try {
    let size: number;
    try {
      ({ size } = await app.storage.put(key, part.file));
    } catch (err) {
      throw multipartFailure(err, app);
    }
    kept = true;
    if (part.file.truncated) throw tooLarge(app);
    if (size === 0) throw fail.field('file', 'attachment.emptyFile');
    const now = app.clock.now().toISOString();
    const row = await app.db
      .insertInto('certification_files')
      .values({ user_id: caller.userId, name, size, stored_key: stored, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await dropOldUploads(app, caller.userId);
    return { id: row.id, name, size };
  } catch (err) {
    if (kept) await app.storage.delete(key).catch(() => undefined);
    throw err;
  }
}

/** Keeps the newest few uploads that no application took (a person trying several images). */
async function dropOldUploads(app: AppContext, userId: number) {
  const old = await app.db
    .selectFrom('certification_files')
    .select(['id', 'stored_key'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(WAITING_PER_USER)
    .limit(100)
    .execute();
  for (const row of old) {
    await app.db.deleteFrom('certification_files').where('id', '=', row.id).execute();
    await app.storage.delete(licenceStorageKey(userId, row.stored_key)).catch(() => undefined);
  }
}

/** Takes an upload of the caller's for their application (inside its transaction): its key and name. */
export async function takeLicenceFile(trx: Kysely<Database>, userId: number, fileId: number) {
  const row = await trx
    .selectFrom('certification_files')
    .select(['id', 'name', 'stored_key'])
    .where('id', '=', fileId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw fail.field('licenceFileId', 'certification.licenceFileRequired');
  await trx.deleteFrom('certification_files').where('id', '=', row.id).execute();
  return { key: row.stored_key, name: row.name };
}

/** Streams an application's licence image to its applicant or a reviewer; 404 for anyone else. */
export async function downloadLicenceFile(app: AppContext, caller: Caller, id: number, reply: FastifyReply) {
  const row = await app.db
    .selectFrom('certifications')
    .select(['user_id', 'licence_file_key', 'licence_file_name'])
    .where('id', '=', id)
    .executeTakeFirst();
  const mayRead = row && (row.user_id === caller.userId || can('certifications.review', caller.role));
  if (!row || !mayRead || !row.licence_file_key || !row.licence_file_name)
    throw fail.notFound('certification.notFound');
  const file = await app.storage.open(licenceStorageKey(row.user_id, row.licence_file_key));
  if (!file) throw fail.notFound('attachment.fileMissing');
  const ext = extensionOf(row.licence_file_name);
  reply
    .header('content-type', ext ? CONTENT_TYPES[ext] : 'application/octet-stream')
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(row.licence_file_name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}
