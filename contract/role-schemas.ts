import { z } from 'zod';
import { ROLES } from './roles';

export const roleSchema = z.enum(ROLES);

/** A route's role list: concrete roles, or `*` for every signed-in role. */
export const routeRolesSchema = z.array(z.union([roleSchema, z.literal('*')]));
