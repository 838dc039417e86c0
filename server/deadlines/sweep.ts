import { formatDate } from '../../contract/dates';
import { sweepPlans } from '../cases/plans/sweep';
import type { AppContext } from '../context';
import { Stopping } from '../db/next-turn';
import { claimAct } from './acts';
import { sweepEntrustments } from './entrustments';
import { sweepUnansweredPushes } from './pushes';
import { sweepCourtSessions } from './sessions';

export interface DeadlineOutcome {
  pushesLapsed: number;
  entrustWarnings: number;
  entrustExpired: number;
  courtReminders: number;
  /** Null when another process (or an earlier sweep) already swept the plans today. */
  plans: { overdue: number; broken: number } | null;
}

/**
 * Plan instalments are swept once per business day, claimed like any deadline: the first sweep
 * of the day claims (plans.overdue, *, day) in its own transaction and runs the plan sweep
 * (server/cases/plans/sweep.ts, whose marks each name the status they replace); a sweep that
 * throws gives the day back.
 */
async function sweepPlansOnce(app: AppContext, now: Date) {
  const day = formatDate(now);
  const claimed = await app.db
    .transaction()
    .execute((trx) => claimAct(trx, { kind: 'plans.overdue', subject: '*', occurrence: day }, now));
  if (!claimed) return null;
  try {
    return await sweepPlans(app, now);
  } catch (err) {
    await app.db
      .deleteFrom('deadline_acts')
      .where('kind', '=', 'plans.overdue')
      .where('subject', '=', '*')
      .where('occurrence', '=', day)
      .execute();
    throw err;
  }
}

/**
 * One deadline sweep (ARCHITECTURE §4b): unanswered pushes, entrustments, court sessions and
 * plan instalments, each deadline acted on once across processes and hosts (deadline_acts).
 * Tests call it with a moved clock; serving processes run it every DEADLINE_SWEEP_SECONDS.
 */
export async function runDeadlineSweep(
  app: AppContext,
  now: Date = app.clock.now(),
): Promise<DeadlineOutcome> {
  const pushesLapsed = await sweepUnansweredPushes(app, now);
  const entrust = await sweepEntrustments(app, now);
  const courtReminders = await sweepCourtSessions(app, now);
  const plans = await sweepPlansOnce(app, now);
  return {
    pushesLapsed,
    entrustWarnings: entrust.warned,
    entrustExpired: entrust.expired,
    courtReminders,
    plans,
  };
}

/**
 * Sweeps at start and every DEADLINE_SWEEP_SECONDS (server/startup.ts, in every serving
 * process); one sweep at a time per process. Answers the function that stops it.
 */
export function startDeadlineSweep(app: AppContext): () => Promise<void> {
  let running: Promise<void> | null = null;
  const once = async () => {
    try {
      const outcome = await runDeadlineSweep(app);
      const acted =
        outcome.pushesLapsed + outcome.entrustWarnings + outcome.entrustExpired + outcome.courtReminders;
      if (acted > 0 || outcome.plans) app.log.info({ deadlines: outcome }, 'deadline sweep acted');
    } catch (err) {
      if (err instanceof Stopping)
        app.log.info('deadline sweep stopped with the process; the next one goes on');
      else app.log.error({ err }, 'deadline sweep failed; the next one retries');
    } finally {
      running = null;
    }
  };
  const sweep = () => {
    running ??= once();
  };
  sweep();
  const timer = setInterval(sweep, app.config.deadlines.sweepSeconds * 1000);
  timer.unref();
  // Stopped: no next sweep, and the running one ends at its next turn (stopBackgroundWork).
  return async () => {
    clearInterval(timer);
    await running;
  };
}
