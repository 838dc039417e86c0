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

/**
 * The roles whose accounts belong to a law firm (an account of theirs names its firm). Who
 * may do what is not a role list: it is contract/access.ts.
 */
export const FIRM_MEMBER_ROLES: readonly Role[] = ['lawfirmContactPerson', 'lawyer'];
