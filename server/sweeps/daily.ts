import { hostname } from 'node:os';
import { formatDate } from '../../contract/dates';
import type { AppContext } from '../context';
import { Stopping } from '../db/next-turn';

/**
 * A job the product runs once per business day (retention, overdue instalments, ...). `run`
 * gets the moment the day's check happened (`app.clock.now()`), so a test moves the clock and
 * calls `runDailySweeps` itself; it answers a line for the operator (`3 parties erased`).
 */
export interface DailySweep {
  name: string;
  run(app: AppContext, now: Date): Promise<string | undefined>;
}

export interface SweepOutcome {
  name: string;
  /** `ran`: this call claimed and ran it; `taken`: another process (or an earlier call) has the day; `failed`. */
  result: 'ran' | 'taken' | 'failed';
  outcome?: string;
}

/**
 * Runs each sweep whose business day (BUSINESS_TZ) of `now` has not been claimed yet. The claim
 * is an insert into `sweep_runs` keyed (name, day): on SQLite and PostgreSQL alike exactly one
 * insert wins, whichever process or host tries, so each sweep runs once a day. A sweep that
 * throws gives its claim back, so the next check retries it; one whose process dies while it
 * runs keeps the claim until the next day (every sweep is written to catch up on what it missed).
 */
export async function runDailySweeps(
  app: AppContext,
  sweeps: readonly DailySweep[],
  now: Date = app.clock.now(),
): Promise<SweepOutcome[]> {
  const day = formatDate(now);
  const results: SweepOutcome[] = [];
  for (const sweep of sweeps) {
    const claimed = await app.db
      .insertInto('sweep_runs')
      .values({ name: sweep.name, day, started_at: now.toISOString(), owner: `${hostname()} ${process.pid}` })
      .onConflict((oc) => oc.columns(['name', 'day']).doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) {
      results.push({ name: sweep.name, result: 'taken' });
      continue;
    }
    try {
      const outcome = (await sweep.run(app, now)) ?? null;
      await app.db
        .updateTable('sweep_runs')
        .set({ finished_at: app.clock.now().toISOString(), outcome })
        .where('name', '=', sweep.name)
        .where('day', '=', day)
        .execute();
      results.push({ name: sweep.name, result: 'ran', ...(outcome ? { outcome } : {}) });
    } catch (err) {
      // Stopped with the process: the claim goes back too, and no further sweep starts.
      if (!(err instanceof Stopping))
        app.log.error({ err, sweep: sweep.name, day }, 'daily sweep failed; it is retried at the next check');
      await app.db.deleteFrom('sweep_runs').where('name', '=', sweep.name).where('day', '=', day).execute();
      if (err instanceof Stopping) throw err;
      results.push({ name: sweep.name, result: 'failed' });
    }
  }
  return results;
}

/** How often each process looks whether a new business day has sweeps to run. */
export const SWEEP_CHECK_MS = 5 * 60_000;

/**
 * Checks at start and every SWEEP_CHECK_MS from now on (server/startup.ts starts it in every
 * serving process; the claims keep it to one run a day). Answers the function that stops it.
 */
export function startDailySweeps(app: AppContext, sweeps: readonly DailySweep[]): () => Promise<void> {
  let running: Promise<void> | null = null;
  const once = async () => {
    try {
      for (const r of await runDailySweeps(app, sweeps)) {
        if (r.result === 'ran') app.log.info({ sweep: r.name, outcome: r.outcome }, 'daily sweep ran');
      }
    } catch (err) {
      if (err instanceof Stopping) app.log.info('daily sweeps stopped with the process');
      else app.log.error({ err }, 'daily sweeps not checked');
    } finally {
      running = null;
    }
  };
  const check = () => {
    running ??= once();
  };
  check();
  const timer = setInterval(check, SWEEP_CHECK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
