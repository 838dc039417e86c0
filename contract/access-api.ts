import { z } from 'zod';
import { ABILITY_NAMES, ACCESS_SCOPES } from './access';
import { ROLES } from './roles';

/**
 * GET /api/access: the role x ability matrix of contract/access.ts, one row per ability with
 * its label in the caller's language and the scope each role holds it in (null: not held).
 */
export const accessRowSchema = z.object({
  ability: z.enum(ABILITY_NAMES),
  label: z.string(),
  grants: z.object(Object.fromEntries(ROLES.map((r) => [r, z.enum(ACCESS_SCOPES).nullable()]))),
});
export type AccessRow = z.infer<typeof accessRowSchema>;

export const accessMatrixSchema = z.object({
  roles: z.array(z.enum(ROLES)),
  list: z.array(accessRowSchema),
  total: z.number().int(),
});
export type AccessMatrix = z.infer<typeof accessMatrixSchema>;
