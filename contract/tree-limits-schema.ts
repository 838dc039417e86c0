import { z } from 'zod';
import { checkTreeLimits, type TreeLimits } from './tree-limits';

// Apart from tree-limits.ts, which imports no zod: the message catalogues quote the limits, and
// the login page's catalogue must not pull zod in with them (README, performance budget).

/**
 * `schema`, run only on a value within the limits; otherwise one issue at the path where a
 * limit was crossed (relative to where this schema sits), and `schema` never runs.
 */
export function withinTreeLimits<T extends z.ZodType>(limits: TreeLimits, schema: T) {
  return z.preprocess((value, ctx) => {
    const crossed = checkTreeLimits(value, limits);
    if (crossed) ctx.addIssue({ code: 'custom', path: crossed.path, message: crossed.message, input: value });
    return value;
  }, schema);
}
