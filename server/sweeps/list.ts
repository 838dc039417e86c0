import { sweepPlans } from '../cases/plans/sweep';
import type { DailySweep } from './daily';
import { retentionSweep } from './retention';

/** Every daily sweep, in the order they run. A new sweep is one line here. */
export const DAILY_SWEEPS: readonly DailySweep[] = [
  retentionSweep,
  {
    // Instalments past their grace marked overdue, plans with two at once broken (server/cases/plans/).
    name: 'plans.overdue',
    run: async (app, now) => {
      const marked = await sweepPlans(app, now);
      return `${marked.overdue} instalments overdue, ${marked.broken} plans broken`;
    },
  },
];
