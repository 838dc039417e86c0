import { z } from 'zod';
import { fail } from '../http/errors';
import { defineRoute } from '../http/route';
import { caseTotals, countBy, lawyerRanking, monthlyTrend, recoveredFen, upcomingSessions } from './stats';

const trendSchema = z.array(z.object({ month: z.string(), count: z.number() }));
const rankingSchema = z.array(z.object({ id: z.number(), name: z.string(), closed: z.number() }));
const sessionsSchema = z.array(
  z.object({
    id: z.number(),
    caseNo: z.string(),
    title: z.string(),
    court: z.string().nullable(),
    courtSessionAt: z.string().nullable(),
  }),
);
const statusesSchema = z.array(z.object({ status: z.string(), count: z.number() }));
const resultsSchema = z.array(z.object({ result: z.string(), count: z.number() }));

export const dashboardRoutes = [
  defineRoute({
    method: 'GET',
    url: '/dashboard/workplace',
    summary: 'Workplace figures for platform staff (all cases)',
    tags: ['dashboards'],
    access: 'workplace.read',
    response: z.object({
      totals: z.object({
        cases: z.number(),
        lawyers: z.number(),
        inProgress: z.number(),
        successRate: z.number(),
      }),
      trend: trendSchema,
      results: resultsSchema,
      statuses: statusesSchema,
      lawyerRanking: rankingSchema,
    }),
    handler: async ({ app }) => {
      const scope = { kind: 'all' } as const;
      const [totals, lawyers, trend, results, statuses, ranking] = await Promise.all([
        caseTotals(app.db, scope),
        app.db
          .selectFrom('lawyers')
          .where('review_status', '=', 'passed')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        monthlyTrend(app.db, scope, app.clock.now()),
        countBy(app.db, scope, 'close_result'),
        countBy(app.db, scope, 'status'),
        lawyerRanking(app.db, scope),
      ]);
      return {
        totals: { ...totals, lawyers: Number(lawyers.n) },
        trend,
        results: results.map((r) => ({ result: r.key, count: r.count })),
        statuses: statuses.map((s) => ({ status: s.key, count: s.count })),
        lawyerRanking: ranking,
      };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/dashboard/lawfirm-workplace',
    summary: "A law firm's own figures (the caller's firm)",
    tags: ['dashboards'],
    access: 'firm.workplace',
    response: z.object({
      totals: z.object({
        cases: z.number(),
        lawyers: z.number(),
        inProgress: z.number(),
        recoveredFen: z.number(),
      }),
      trend: trendSchema,
      statuses: statusesSchema,
      lawyerRanking: rankingSchema,
      upcomingSessions: sessionsSchema,
    }),
    handler: async ({ app, caller }) => {
      if (!caller.lawFirmId) throw fail.forbidden();
      const scope = { kind: 'firm', firmId: caller.lawFirmId } as const;
      const now = app.clock.now();
      const [totals, lawyers, trend, statuses, ranking, recovered, sessions] = await Promise.all([
        caseTotals(app.db, scope),
        app.db
          .selectFrom('lawyers')
          .where('law_firm_id', '=', caller.lawFirmId)
          .where('review_status', '=', 'passed')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        monthlyTrend(app.db, scope, now),
        countBy(app.db, scope, 'status'),
        lawyerRanking(app.db, scope),
        recoveredFen(app.db, scope),
        upcomingSessions(app.db, scope, now),
      ]);
      return {
        totals: {
          cases: totals.cases,
          inProgress: totals.inProgress,
          lawyers: Number(lawyers.n),
          recoveredFen: recovered,
        },
        trend,
        statuses: statuses.map((s) => ({ status: s.key, count: s.count })),
        lawyerRanking: ranking,
        upcomingSessions: sessions,
      };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/dashboard/lawyer-workplace',
    summary: "A lawyer's own figures",
    tags: ['dashboards'],
    access: 'lawyer.workplace',
    response: z.object({
      totals: z.object({
        cases: z.number(),
        inProgress: z.number(),
        pool: z.number(),
        recoveredFen: z.number(),
      }),
      trend: trendSchema,
      results: resultsSchema,
      upcomingSessions: sessionsSchema,
    }),
    handler: async ({ app, caller }) => {
      const lawyer = await app.db
        .selectFrom('lawyers')
        .select('id')
        .where('user_id', '=', caller.userId)
        .executeTakeFirst();
      if (!lawyer) throw fail.notFound('lawyer.notFound');
      const scope = { kind: 'lawyer', lawyerId: lawyer.id } as const;
      const now = app.clock.now();
      const [totals, pool, trend, results, recovered, sessions] = await Promise.all([
        caseTotals(app.db, scope),
        app.db
          .selectFrom('cases')
          .where('position', '=', 'pool')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        monthlyTrend(app.db, scope, now),
        countBy(app.db, scope, 'close_result'),
        recoveredFen(app.db, scope),
        upcomingSessions(app.db, scope, now),
      ]);
      return {
        totals: {
          cases: totals.cases,
          inProgress: totals.inProgress,
          pool: Number(pool.n),
          recoveredFen: recovered,
        },
        trend,
        results: results.map((r) => ({ result: r.key, count: r.count })),
        upcomingSessions: sessions,
      };
    },
  }),
];
