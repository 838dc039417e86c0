import { caseRowSchema } from '../../contract/case-api';
import { formatDate } from '../../contract/dates';
import { entrustExtendRequestSchema } from '../../contract/routing';
import { idParamsSchema } from '../../contract/users';
import { hasCaseTag } from '../../machines/caseRules';
import { recordAudit } from '../audit/audit';
import { caseRowsByIds } from '../cases/rows';
import { viewerOf } from '../cases/scope';
import { staleCase } from '../cases/transitions';
import { visibleCase } from '../cases/visible-case';
import { fail } from '../http/errors';
import { defineRoute } from '../http/route';
import { transact } from '../notifications/bus';

/** Extending an entrustment (延长委托): case operations, on a case not closed. */
export const deadlineRoutes = [
  defineRoute({
    method: 'POST',
    url: '/cases/:id/entrustment',
    summary:
      'Extend a case’s entrustment to a later day (case operations); clears the 委托已到期 flag, and its warnings start again for the new day',
    tags: ['cases'],
    access: 'cases.entrust',
    params: idParamsSchema,
    body: entrustExtendRequestSchema,
    response: caseRowSchema,
    handler: async ({ app, caller, params, body, requestId }) => {
      const viewer = await viewerOf(app.db, caller);
      const current = await visibleCase(app.db, viewer, params.id);
      if (body.version !== current.version) throw await staleCase(app.db, params.id);
      if (!hasCaseTag(current, 'ongoing')) throw fail.conflict('entrust.notOngoing');
      const now = app.clock.now();
      if (body.expiresOn <= current.entrustExpiresOn || body.expiresOn < formatDate(now))
        throw fail.field('expiresOn', 'entrust.notLater');
      await transact(app.db, async (trx) => {
        const updated = await trx
          .updateTable('cases')
          .set({
            entrust_expires_on: body.expiresOn,
            entrust_expired_on: null,
            updated_at: now.toISOString(),
            version: current.version + 1,
          })
          .where('id', '=', current.id)
          .where('version', '=', current.version)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw await staleCase(trx, current.id);
        await recordAudit(
          trx,
          { caller, requestId, at: now },
          {
            action: 'case.entrustExtend',
            entity: 'case',
            entityId: current.id,
            summary: `entrustment of ${current.caseNo}: ${current.entrustExpiresOn} -> ${body.expiresOn}`,
            params: { caseNo: current.caseNo, fromDay: current.entrustExpiresOn, toDay: body.expiresOn },
          },
        );
      });
      const [row] = await caseRowsByIds(app.db, [current.id], viewer);
      return row;
    },
  }),
];
