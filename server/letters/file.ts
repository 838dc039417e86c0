import type { FastifyReply } from 'fastify';
import { letterFieldsSchema, letterTemplateSchema } from '../../contract/letters';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import type { Caller } from '../http/route';
import { letterInScope, letterScopeOf } from './list';
import { renderLetterPdf } from './pdf';

/**
 * The last letters rendered, by everything their PDF is made of: subsetting the font takes a
 * few hundred milliseconds, and a reviewer and the lawyer open the same letter again and again.
 * A letter that changes (resubmitted, rewritten) has a new key; the old one ages out.
 */
const rendered = new Map<string, Uint8Array>();
const RENDERED_KEPT = 32;

/**
 * The PDF of a letter, rendered from what it says (server/letters/pdf.ts): for its writer, their
 * firm's contact person and the reviewers (`letters.file`); anyone else, or a letter out of
 * their scope, gets 404. Letters from before letters were written in the product have no PDF.
 */
export async function sendLetterPdf(app: AppContext, caller: Caller, id: number, reply: FastifyReply) {
  const letter = await letterInScope(app.db, await letterScopeOf(app.db, caller, 'letters.file'), id);
  if (!letter) throw fail.notFound('letter.notFound');
  const row = await app.db
    .selectFrom('law_firm_letters')
    .select(['letter_no', 'template', 'fields', 'submitted_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (row.template === null || row.fields === null) throw fail.notFound('letter.fileUnavailable');
  const key = `${id}\n${row.submitted_at}\n${row.template}\n${row.fields}`;
  let pdf = rendered.get(key);
  if (!pdf) {
    pdf = await renderLetterPdf(
      letterTemplateSchema.parse(row.template),
      letterFieldsSchema.parse(JSON.parse(row.fields)),
      { letterNo: row.letter_no, writtenAt: new Date(row.submitted_at) },
    );
    rendered.set(key, pdf);
    if (rendered.size > RENDERED_KEPT) rendered.delete(rendered.keys().next().value as string);
  }
  reply
    .header('content-type', 'application/pdf')
    .header('content-length', pdf.byteLength)
    .header('content-disposition', `inline; filename="${row.letter_no}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(pdf));
}
