import type { DailySweep } from './daily';
import { retentionSweep } from './retention';

/** Every daily sweep, in the order they run. A new sweep is one line here. */
export const DAILY_SWEEPS: readonly DailySweep[] = [
  retentionSweep,
  // Plan instalments are the deadline sweep's (server/deadlines/sweep.ts).
];
