import { z } from 'zod';
import { promiseRowSchema } from '../../contract/contacts';
import { formatDate } from '../../contract/dates';
import { deadlineItemSchema } from '../../contract/deadlines';
import { promisesOfLawyer } from '../cases/contacts/promises';
import { countCases } from '../cases/list';
import { viewerOf, visibleParts } from '../cases/scope';
import {
  entrustmentsExpired,
  entrustmentsExpiring,
  lawyerDeadlines,
  pushesWaiting,
} from '../deadlines/in-hand';
import { fail } from '../http/errors';
import { defineRoute } from '../http/route';
import { caseBreakdown, lawyerRanking, monthlyTrend, recoveredFen, upcomingSessions } from './stats';

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
/** The deadlines in the reader's hands (server/deadlines/in-hand.ts), soonest first. */
const deadlinesSchema = z.array(deadlineItemSchema);
/** Rows each workplace's deadlines block shows; its totals say how many there are in all. */
const DEADLINE_ROWS = 8;

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
        /** Entrustments expiring within 30 days, and those flagged 委托已到期 awaiting a close or an extension. */
        entrustExpiring: z.number(),
        entrustExpired: z.number(),
      }),
      trend: trendSchema,
      results: resultsSchema,
      statuses: statusesSchema,
      lawyerRanking: rankingSchema,
      /** The flagged entrustments first (already past), then the ones expiring soonest. */
      deadlines: deadlinesSchema,
    }),
    handler: async ({ app }) => {
      const scope = { kind: 'all' } as const;
      const now = app.clock.now();
      // Every case: read from the summary rows the triggers of migration 0037 keep, so the first
      // request at a million cases costs what the thousandth does.
      const [breakdown, trend, ranking, lawyers, expiring, expired] = await Promise.all([
        caseBreakdown(app.db, scope),
        monthlyTrend(app.db, scope, now),
        lawyerRanking(app.db, scope),
        app.db
          .selectFrom('lawyers')
          .where('review_status', '=', 'passed')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        entrustmentsExpiring(app.db, now, DEADLINE_ROWS),
        entrustmentsExpired(app.db, DEADLINE_ROWS),
      ]);
      const cases = { breakdown, trend, ranking };
      return {
        totals: {
          ...cases.breakdown.totals,
          lawyers: Number(lawyers.n),
          entrustExpiring: expiring.total,
          entrustExpired: expired.total,
        },
        trend: cases.trend,
        results: cases.breakdown.results.map((r) => ({ result: r.key, count: r.count })),
        statuses: cases.breakdown.statuses.map((s) => ({ status: s.key, count: s.count })),
        lawyerRanking: cases.ranking,
        // A case expiring today is both (flagged on its day, and today is inside the window): listed once.
        deadlines: [
          ...expired.list,
          ...expiring.list.filter((e) => !expired.list.some((x) => x.caseId === e.caseId)),
        ].slice(0, DEADLINE_ROWS),
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
        /** Pushes waiting for the firm's answer. */
        pushesWaiting: z.number(),
      }),
      trend: trendSchema,
      statuses: statusesSchema,
      lawyerRanking: rankingSchema,
      upcomingSessions: sessionsSchema,
      /** The pushes waiting for the firm's answer, the one that lapses first first. */
      deadlines: deadlinesSchema,
    }),
    handler: async ({ app, caller }) => {
      if (!caller.lawFirmId) throw fail.forbidden();
      const scope = { kind: 'firm', firmId: caller.lawFirmId } as const;
      const now = app.clock.now();
      const [breakdown, lawyers, trend, ranking, recovered, sessions, pushes] = await Promise.all([
        caseBreakdown(app.db, scope),
        app.db
          .selectFrom('lawyers')
          .where('law_firm_id', '=', caller.lawFirmId)
          .where('review_status', '=', 'passed')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        monthlyTrend(app.db, scope, now),
        lawyerRanking(app.db, scope),
        recoveredFen(app.db, scope),
        upcomingSessions(app.db, scope, now),
        pushesWaiting(app.db, app.config.deadlines.pushAnswerHours, DEADLINE_ROWS, caller.lawFirmId),
      ]);
      return {
        totals: {
          cases: breakdown.totals.cases,
          inProgress: breakdown.totals.inProgress,
          lawyers: Number(lawyers.n),
          recoveredFen: recovered,
          pushesWaiting: pushes.total,
        },
        trend,
        statuses: breakdown.statuses.map((s) => ({ status: s.key, count: s.count })),
        lawyerRanking: ranking,
        upcomingSessions: sessions,
        deadlines: pushes.list,
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
      /** Promises to pay due today, and broken ones of the last two weeks (server/cases/contacts/promises.ts). */
      promises: z.array(promiseRowSchema),
      /** Court sessions ahead and plan instalments due or overdue on the lawyer's cases. */
      deadlines: deadlinesSchema,
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
      const [breakdown, pool, trend, recovered, promises, deadlines] = await Promise.all([
        caseBreakdown(app.db, scope),
        // The lawyer's 案件池 as its page lists it: the open pool and what is pushed to their firm.
        viewerOf(app.db, caller).then((viewer) =>
          countCases(app.db, visibleParts(viewer, { pool: true }), []),
        ),
        monthlyTrend(app.db, scope, now),
        recoveredFen(app.db, scope),
        promisesOfLawyer(app.db, lawyer.id, formatDate(now)),
        lawyerDeadlines(app.db, lawyer.id, now, DEADLINE_ROWS),
      ]);
      return {
        totals: {
          cases: breakdown.totals.cases,
          inProgress: breakdown.totals.inProgress,
          pool,
          recoveredFen: recovered,
        },
        trend,
        results: breakdown.results.map((r) => ({ result: r.key, count: r.count })),
        promises,
        deadlines,
      };
    },
  }),
];
