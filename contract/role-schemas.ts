import { ACCESS_RULES } from './access';
import { ROLES } from './roles';
import { z } from './zod-mini';

export const roleSchema = z.enum(ROLES);

/** An ability of contract/access.ts, optionally in one scope (`lawyers.review:all`). */
export const accessRuleSchema = z.enum(ACCESS_RULES, { error: 'access.unknownRule' });
