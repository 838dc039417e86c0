import { z } from 'zod';

/** Every role of the product. `bussinessOperation` keeps the product's own spelling. */
export const ROLES = [
  'superAdmin',
  'caseOperation',
  'bussinessOperation',
  'lawfirmContactPerson',
  'lawyer',
  'admin',
] as const;

export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** A route's role list: concrete roles, or `*` for every signed-in role. */
export const routeRolesSchema = z.array(z.union([roleSchema, z.literal('*')]));
export type RouteRoles = z.infer<typeof routeRolesSchema>;

/**
 * The one permission function, used by the router, the menu filter, descriptor visibility
 * and the server. Exact set membership: a route is open to a role when its list names the
 * role or `*`. No list at all means the route needs no particular role.
 */
export function canAccess(roles: readonly string[] | undefined, role: string | null | undefined): boolean {
  if (!roles) return true;
  if (!role) return false;
  return roles.includes('*') || roles.includes(role);
}
