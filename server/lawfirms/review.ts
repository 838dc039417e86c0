import { reviewDecisionSchema, reviewResultSchema } from '../../contract/reviews';
import { idParamsSchema } from '../../contract/users';
import { recordAudit } from '../audit/audit';
import { fail } from '../http/errors';
import { access, defineRoute } from '../http/route';

export const lawFirmReviewRoutes = [
  defineRoute({
    method: 'PUT',
    url: '/lawfirms/:id/review',
    summary: "Pass or reject a law firm's registration",
    tags: ['lawfirms'],
    access: access.roles('bussinessOperation'),
    params: idParamsSchema,
    body: reviewDecisionSchema,
    response: reviewResultSchema,
    handler: async ({ app, params, body, caller, requestId }) => {
      const firm = await app.db
        .selectFrom('law_firms')
        .select(['id', 'name'])
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (!firm) throw fail.notFound('lawfirm.notFound');
      const now = app.clock.now();
      const at = now.toISOString();
      const reason = body.status === 'rejected' ? (body.reason ?? null) : null;
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('law_firms')
          .set({
            review_status: body.status,
            review_reason: reason,
            reviewer_id: caller.userId,
            reviewed_at: at,
            updated_at: at,
          })
          .where('id', '=', firm.id)
          .execute();
        await recordAudit(
          trx,
          { caller, requestId, at: now },
          {
            action: `lawfirm.review.${body.status}`,
            entity: 'law_firm',
            entityId: firm.id,
            summary: `${firm.name}: ${body.status}${reason ? ` (${reason})` : ''}`,
          },
        );
      });
      return { id: firm.id, reviewStatus: body.status, reviewReason: reason, reviewedAt: at };
    },
  }),
];
