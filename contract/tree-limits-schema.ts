import { checkTreeLimits, type TreeLimits } from './tree-limits';
import { z } from './zod-mini';

// Apart from tree-limits.ts, which imports no zod: the message catalogues quote the limits, and
// the login page's catalogue must not pull zod in with them (README, performance budget).

/**
 * `schema`, run only on a value within the limits; otherwise one issue at the path where a
 * limit was crossed (relative to where this schema sits), and `schema` never runs. (What
 * classic zod's `z.preprocess` builds: a pipe from a transform, whose issue stops the pipe.)
 */
export function withinTreeLimits<T extends z.core.$ZodType>(limits: TreeLimits, schema: T) {
  return z.pipe(
    z.transform((value: unknown, ctx) => {
      const crossed = checkTreeLimits(value, limits);
      if (crossed)
        ctx.issues.push({ code: 'custom', path: crossed.path, message: crossed.message, input: value });
      return value;
    }),
    schema,
  );
}
