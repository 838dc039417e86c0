import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { letterFieldsSchema, letterTemplateSchema } from '../../contract/letters';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import type { Caller } from '../http/route';
import { letterPdfKey } from '../storage/storage';
import { letterInScope, letterScopeOf } from './list';
import { renderLetterPdf } from './pdf';

/**
 * Letters rendered on demand, by everything their PDF is made of: subsetting the font takes a
 * few hundred milliseconds, and a reviewer and the lawyer open the same letter again and again.
 * Only letters without a stored PDF (older rows, or a store that failed) are rendered here.
 */
const rendered = new Map<string, Uint8Array>();
const RENDERED_KEPT = 32;

interface LetterSource {
  letter_no: string;
  template: string | null;
  fields: string | null;
  submitted_at: string;
}

function render(row: LetterSource & { template: string; fields: string }): Promise<Uint8Array> {
  return renderLetterPdf(
    letterTemplateSchema.parse(row.template),
    letterFieldsSchema.parse(JSON.parse(row.fields)),
    { letterNo: row.letter_no, writtenAt: new Date(row.submitted_at) },
  );
}

/**
 * Renders a letter's PDF as it stands now and keeps it in the storage (server/storage), so
 * every host serves these same bytes: called once the letter is written or resubmitted has
 * committed. The letter's `pdf_key` moves to the new file only if the letter has not changed
 * meanwhile; the file it replaces is deleted. A failure is logged, not thrown: the letter is
 * saved, and its PDF is rendered on demand instead.
 */
export async function storeLetterPdf(app: AppContext, id: number): Promise<void> {
  let key: string | null = null;
  try {
    const row = await app.db
      .selectFrom('law_firm_letters')
      .select(['letter_no', 'template', 'fields', 'submitted_at', 'pdf_key'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.template === null || row.fields === null) return;
    const pdf = await render({ ...row, template: row.template, fields: row.fields });
    key = letterPdfKey(id, randomBytes(8).toString('hex'));
    await app.storage.put(key, pdf);
    const moved = await app.db
      .updateTable('law_firm_letters')
      .set({ pdf_key: key })
      .where('id', '=', id)
      .where('submitted_at', '=', row.submitted_at)
      .where('fields', '=', row.fields)
      .executeTakeFirst();
    const replaced = Number(moved.numUpdatedRows) === 1 ? row.pdf_key : key;
    key = null;
    if (replaced) await app.storage.delete(replaced);
  } catch (err) {
    app.log.warn({ err, letterId: id }, 'letter PDF not stored: it is rendered on demand');
    if (key) await app.storage.delete(key).catch(() => {});
  }
}

/** Deletes a stored letter PDF no row points at any more (after a resubmit); a failure is logged. */
export async function dropLetterPdf(app: AppContext, key: string | null): Promise<void> {
  if (!key) return;
  await app.storage
    .delete(key)
    .catch((err: unknown) => app.log.warn({ err, key }, 'replaced letter PDF left behind'));
}

/**
 * The PDF of a letter: for its writer, their firm's contact person and the reviewers
 * (`letters.file`); anyone else, or a letter out of their scope, gets 404. The stored PDF when
 * there is one (written with the letter, the same bytes from every host), else rendered from
 * what the letter says (server/letters/pdf.ts). Letters from before letters were written in
 * the product have no PDF.
 */
export async function sendLetterPdf(app: AppContext, caller: Caller, id: number, reply: FastifyReply) {
  const letter = await letterInScope(app.db, await letterScopeOf(app.db, caller, 'letters.file'), id);
  if (!letter) throw fail.notFound('letter.notFound');
  const row = await app.db
    .selectFrom('law_firm_letters')
    .select(['letter_no', 'template', 'fields', 'submitted_at', 'pdf_key'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (row.template === null || row.fields === null) throw fail.notFound('letter.fileUnavailable');
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${row.letter_no}.pdf"`)
    .header('cache-control', 'private, no-store');
  const stored = row.pdf_key ? await app.storage.open(row.pdf_key) : null;
  if (stored) {
    reply.header('content-length', stored.size).send(stored.stream);
    return;
  }
  // With STORAGE=directory another host's disk may hold the stored file: the letter's fields
  // make the same PDF here.
  if (row.pdf_key) app.log.warn({ letterId: id, key: row.pdf_key }, 'stored letter PDF not found here');
  const key = `${id}\n${row.submitted_at}\n${row.template}\n${row.fields}`;
  let pdf = rendered.get(key);
  if (!pdf) {
    pdf = await render({ ...row, template: row.template, fields: row.fields });
    rendered.set(key, pdf);
    if (rendered.size > RENDERED_KEPT) rendered.delete(rendered.keys().next().value as string);
  }
  reply.header('content-length', pdf.byteLength).send(Buffer.from(pdf));
}
