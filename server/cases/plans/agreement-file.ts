import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { fail } from '../../http/errors';
import { planPdfKey } from '../../storage/storage';
import type { CaseViewer } from '../scope';
import { visibleCase } from '../visible-case';
import { agreementFieldsSchema } from './agreement-fields';
import { renderAgreementPdf } from './agreement-pdf';

/**
 * GET /plans/:id/pdf: the plan's agreement to whoever may read its case (404 otherwise). The
 * first request renders it from the fields copied at the proposal and keeps it in the storage
 * (server/storage, `STORAGE`) under `plans/<id>/<random>.pdf`; later ones, from any host sharing
 * the storage, serve those bytes. Of two first requests at once, one key is kept and the other
 * file deleted.
 */
export async function sendAgreementPdf(
  app: AppContext,
  viewer: CaseViewer,
  planId: number,
  reply: FastifyReply,
) {
  const plan = await app.db
    .selectFrom('repayment_plans')
    .select(['id', 'case_id', 'fields', 'pdf_key', 'created_at'])
    .where('id', '=', planId)
    .executeTakeFirst();
  if (!plan) throw fail.notFound('plan.notFound');
  const seen = await visibleCase(app.db, viewer, plan.case_id).catch(() => null);
  if (!seen) throw fail.notFound('plan.notFound');
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${seen.caseNo}-plan-${planId}.pdf"`)
    .header('cache-control', 'private, no-store');
  const stored = plan.pdf_key ? await app.storage.open(plan.pdf_key) : null;
  if (stored) {
    reply.header('content-length', stored.size).send(stored.stream);
    return;
  }
  const pdf = await renderAgreementPdf(agreementFieldsSchema.parse(JSON.parse(plan.fields)), {
    planId,
    at: new Date(plan.created_at),
  });
  const key = planPdfKey(planId, randomBytes(8).toString('hex'));
  try {
    await app.storage.put(key, pdf);
    const kept = await app.db
      .updateTable('repayment_plans')
      .set({ pdf_key: key })
      .where('id', '=', planId)
      .where((eb) => (plan.pdf_key === null ? eb('pdf_key', 'is', null) : eb('pdf_key', '=', plan.pdf_key)))
      .executeTakeFirst();
    if (Number(kept.numUpdatedRows) !== 1) await app.storage.delete(key);
  } catch (err) {
    app.log.warn({ err, planId }, 'plan agreement PDF not stored: it is rendered on demand');
    await app.storage.delete(key).catch(() => {});
  }
  reply.header('content-length', pdf.byteLength).send(Buffer.from(pdf));
}
