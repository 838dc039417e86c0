import { can } from '../../../contract/access';
import type { CaseReplayAnswer } from '../../../contract/case-replay';
import { caseReplayParamsSchema, caseReplaySchema } from '../../../contract/case-replay';
import type { CasePosition, CaseStatus } from '../../../contract/cases';
import { REPLAY_START, replayCase } from '../../../machines';
import { fail } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { storedTransitions } from './history';

/**
 * The machine inspector's replay of one case (src/inspector/): `dev.tools`, and `cases.read`
 * over every case (the history names people and firms of any case).
 */
export const caseReplayRoutes = [
  defineRoute({
    method: 'GET',
    url: '/dev/cases/:caseNo/history',
    summary: "A case's audit trail of transitions replayed through the case machine, step by step",
    tags: ['dev'],
    access: 'dev.tools',
    params: caseReplayParamsSchema,
    response: caseReplaySchema,
    handler: async ({ app, caller, params }): Promise<CaseReplayAnswer> => {
      if (!can('cases.read:all', caller.role)) throw fail.forbidden();
      const c = await app.db
        .selectFrom('cases')
        .select(['id', 'case_no', 'title', 'status', 'position'])
        .where('case_no', '=', params.caseNo)
        .executeTakeFirst();
      if (!c) throw fail.notFound('case.notFound');
      const history = (await storedTransitions(app.db, [c.id], { withNames: true })).get(c.id) ?? [];
      const replay = replayCase(history, {
        status: c.status as CaseStatus,
        position: c.position as CasePosition | null,
      });
      return {
        caseId: c.id,
        caseNo: c.case_no,
        title: c.title,
        start: REPLAY_START,
        stored: replay.stored,
        final: replay.final,
        matches: replay.matches,
        steps: replay.steps.map((step, i) => {
          const t = history[i];
          return {
            type: step.type,
            at: t.at,
            actor: { id: t.actorId, role: t.actorRole, name: t.actorName },
            from: step.from,
            to: step.to,
            refused: step.refused,
            recordedFrom: t.recordedFrom,
            recordedTo: t.recordedTo,
            reason: t.reason,
            result: t.result,
          };
        }),
      };
    },
  }),
];
