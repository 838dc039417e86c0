import { z } from 'zod';
import {
  emailSchema,
  INTRODUCTION_MAX,
  personNameSchema,
  phoneSchema,
  regionCodeSchema,
} from './account-rules';
import { userInfoSchema } from './auth';
import { bodyId, idValue, pageQuerySchema } from './paging';
import { roleSchema } from './role-schemas';
import { textField } from './text';

const booleanQuery = z
  .enum(['true', 'false', '1', '0'], 'rule.boolean')
  .transform((v) => v === 'true' || v === '1');

export const userListQuerySchema = pageQuerySchema.extend({
  role: z.optional(roleSchema),
  phone: textField({ max: 20 }).optional(),
  name: textField({ max: 30 }).optional(),
  enabled: booleanQuery.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userSummarySchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  name: z.string(),
  role: roleSchema,
  enabled: z.boolean(),
  lawFirmId: z.number().int().nullable(),
  lawFirmName: z.string().nullable(),
  accountId: z.string(),
  registeredAt: z.string(),
  boundDevices: z.number().int(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const createUserRequestSchema = z.object({
  phone: phoneSchema,
  name: personNameSchema,
  role: roleSchema,
  /** Required for law-firm contact persons and lawyers. */
  lawFirmId: bodyId.nullable().optional(),
  /** Required for lawyers: an account created by an administrator is reviewed already. */
  licenceNo: z
    .string()
    .trim()
    .regex(/^\d{17}$/, 'rule.licenceNo')
    .optional(),
});

/** A generated password is shown once, in this answer, and never again. */
export const createUserResponseSchema = z.object({
  user: userSummarySchema,
  initialPassword: z.string(),
});

export const idParamsSchema = z.object({ id: idValue });
export const idQuerySchema = idParamsSchema;

export const randomPasswordResponseSchema = z.object({ password: z.string() });
export const enableToggleResponseSchema = z.object({ enabled: z.boolean() });

export const deviceSchema = z.object({
  id: z.number().int(),
  deviceUid: z.string(),
  deviceName: z.string(),
  deviceType: z.string(),
  boundAt: z.string(),
  lastActiveAt: z.string().nullable(),
});

export const userDetailSchema = userInfoSchema.extend({ devices: z.array(deviceSchema) });

export const editUserRequestSchema = z.object({
  id: bodyId,
  name: personNameSchema.optional(),
  role: z.optional(roleSchema),
  lawFirmId: bodyId.nullable().optional(),
  email: emailSchema.nullable().optional(),
  nickname: textField({ min: 1, max: 30 }).nullable().optional(),
});

export const unbindRequestSchema = z.object({ deviceId: bodyId });

/** The caller's own profile (user settings, basic information tab). */
export const saveInfoRequestSchema = z.object({
  email: emailSchema,
  nickname: textField({ min: 1, max: 30, minMessage: 'rule.nicknameRequired' }),
  countryRegion: textField({ min: 1, max: 30, minMessage: 'rule.countryRegionRequired' }),
  area: regionCodeSchema,
  address: textField({ max: 200 }).optional().default(''),
  introduction: textField({ max: INTRODUCTION_MAX, multiline: true, maxMessage: 'rule.introductionMax' })
    .optional()
    .default(''),
  website: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'rule.website' })])
    .optional()
    .default(''),
});
export type SaveInfoRequest = z.infer<typeof saveInfoRequestSchema>;
