import { z } from 'zod';
import { casePositionSchema, caseStatusSchema } from './cases';
import { messageSchema } from './notifications';
import { REVIEW_STATUSES } from './reviews';

/**
 * The user center (/user/info, GET /api/user/overview): only the caller's own things.
 * Which cases are "in their hands" depends on the role (server/user-center/overview.ts):
 * - `handling`: a lawyer's cases being worked (processing or suspended);
 * - `firm`: a firm's cases pushed to it, accepted, or being worked by its lawyers;
 * - `recent`: for platform staff, the cases they entered or pushed, latest change first.
 */
export const USER_CASE_KINDS = ['handling', 'firm', 'recent'] as const;

export const userCaseSchema = z.object({
  id: z.number().int(),
  caseNo: z.string(),
  title: z.string(),
  status: caseStatusSchema,
  position: z.nullable(casePositionSchema),
  amountFen: z.number().int(),
  updatedAt: z.string(),
  /** The route where this caller works on the case, if their role opens one. */
  link: z.string().nullable(),
});

export const userActivitySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  /** The action and its details in the reader's language (contract/audit.ts). */
  actionLabel: z.string(),
  detail: z.string(),
  /**
   * The case the action was on (a case's own action, or a letter's case), named by its number
   * and title; `link` is where this caller opens it, null when they may no longer open it
   * (its title is then left out too). Null for actions on no case.
   */
  case: z
    .object({
      id: z.number().int(),
      caseNo: z.string(),
      title: z.string().nullable(),
      link: z.string().nullable(),
    })
    .nullable(),
});

export const teamLawyerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Masked unless the caller may read it (server/access/phones.ts). */
  phone: z.string(),
  reviewStatus: z.enum(REVIEW_STATUSES),
  /** Cases the lawyer is working on now. */
  handling: z.number().int(),
});

export const userOverviewSchema = z.object({
  activity: z.array(userActivitySchema),
  unread: z.object({ count: z.number().int(), list: z.array(messageSchema) }),
  cases: z.object({ kind: z.enum(USER_CASE_KINDS), total: z.number().int(), list: z.array(userCaseSchema) }),
  /** The caller's law firm and its lawyers; null for platform staff. */
  team: z
    .object({ lawFirmId: z.number().int(), lawFirmName: z.string(), lawyers: z.array(teamLawyerSchema) })
    .nullable(),
});
export type UserOverview = z.infer<typeof userOverviewSchema>;
