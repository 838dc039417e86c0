import { reviewDecisionSchema, reviewResultSchema } from '../../contract/reviews';
import { idParamsSchema } from '../../contract/users';
import { recordAudit } from '../audit/audit';
import { fail } from '../http/errors';
import { access, defineRoute } from '../http/route';

export const lawyerReviewRoutes = [
  defineRoute({
    method: 'PUT',
    url: '/lawyers/:id/review',
    summary: "Pass or reject a lawyer's registration (a firm's contact person: own firm only)",
    tags: ['lawyers'],
    access: access.roles('bussinessOperation', 'lawfirmContactPerson'),
    params: idParamsSchema,
    body: reviewDecisionSchema,
    response: reviewResultSchema,
    handler: async ({ app, params, body, caller, requestId }) => {
      const lawyer = await app.db
        .selectFrom('lawyers as l')
        .innerJoin('users as u', 'u.id', 'l.user_id')
        .select(['l.id', 'l.law_firm_id', 'u.name'])
        .where('l.id', '=', params.id)
        .executeTakeFirst();
      // Another firm's lawyer is answered like a missing one: a contact person sees only their firm.
      if (!lawyer || (caller.role === 'lawfirmContactPerson' && lawyer.law_firm_id !== caller.lawFirmId)) {
        throw fail.notFound('lawyer.notFound');
      }
      const now = app.clock.now();
      const at = now.toISOString();
      const reason = body.status === 'rejected' ? (body.reason ?? null) : null;
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('lawyers')
          .set({
            review_status: body.status,
            review_reason: reason,
            reviewer_id: caller.userId,
            reviewed_at: at,
          })
          .where('id', '=', lawyer.id)
          .execute();
        await recordAudit(
          trx,
          { caller, requestId, at: now },
          {
            action: `lawyer.review.${body.status}`,
            entity: 'lawyer',
            entityId: lawyer.id,
            summary: `${lawyer.name}: ${body.status}${reason ? ` (${reason})` : ''}`,
          },
        );
      });
      return { id: lawyer.id, reviewStatus: body.status, reviewReason: reason, reviewedAt: at };
    },
  }),
];
