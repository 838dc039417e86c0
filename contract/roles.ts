/**
 * Every role of the product. `bussinessOperation` keeps the product's own spelling.
 * Plain data (no zod here): the browser's first screen imports it, and the schemas live in
 * contract/role-schemas.ts.
 */
export const ROLES = [
  'superAdmin',
  'caseOperation',
  'bussinessOperation',
  'lawfirmContactPerson',
  'lawyer',
  'admin',
] as const;

export type Role = (typeof ROLES)[number];

/** A route's role list: concrete roles, or `*` for every signed-in role. */
export type RouteRoles = Array<Role | '*'>;

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
