import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { stageStatsQuerySchema, stageStatsSchema } from '../../contract/case-stats';
import { CASE_STAGES, CASE_STATUSES, type CaseStage, type CaseStatus } from '../../contract/cases';
import type { Database } from '../db/schema';
import { caseFilterConditions, restrict } from './filters';

type StageStats = z.infer<typeof stageStatsSchema>;

/**
 * Case-node statistics: cases per stage and status, one GROUP BY (cases_stage_status_idx
 * covers it when no filter is set), every stage and status present even with no cases.
 */
export async function stageStats(
  db: Kysely<Database>,
  filter: z.infer<typeof stageStatsQuerySchema>,
): Promise<StageStats> {
  const rows = await restrict(
    db
      .selectFrom('cases')
      .select(['cases.stage', 'cases.status', (eb) => eb.fn.countAll<number>().as('count')]),
    await caseFilterConditions(db, filter),
  )
    .groupBy(['cases.stage', 'cases.status'])
    .execute();
  const counts = new Map(rows.map((r) => [`${r.stage}/${r.status}`, Number(r.count)]));
  const countOf = (stage: CaseStage, status: CaseStatus) => counts.get(`${stage}/${status}`) ?? 0;
  const byStatus = (status: CaseStatus) =>
    CASE_STAGES.reduce((sum, stage) => sum + countOf(stage, status), 0);
  const list = CASE_STAGES.map((stage) => {
    const [pending, processing, suspended, closed] = CASE_STATUSES.map((status) => countOf(stage, status));
    return {
      stage,
      pending,
      processing,
      suspended,
      closed,
      total: pending + processing + suspended + closed,
    };
  });
  return {
    list,
    total: list.length,
    cells: CASE_STAGES.flatMap((stage) =>
      CASE_STATUSES.map((status) => ({ stage, status, count: countOf(stage, status) })),
    ),
    statuses: CASE_STATUSES.map((status) => ({ status, count: byStatus(status) })),
    totals: {
      cases: list.reduce((sum, row) => sum + row.total, 0),
      pending: byStatus('pending'),
      processing: byStatus('processing'),
      suspended: byStatus('suspended'),
      closed: byStatus('closed'),
    },
  };
}
