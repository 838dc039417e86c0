import { z } from 'zod';
import {
  creditCodeSchema,
  passwordSchema,
  personNameSchema,
  phoneSchema,
  regionCodeSchema,
  smsCodeSchema,
} from './account-rules';
import { bodyId } from './paging';
import { roleSchema } from './role-schemas';
import { refuseBadText, textField } from './text';

export const loginRequestSchema = z.object({
  phone: textField({ min: 1, max: 20, minMessage: 'rule.phoneRequired' }),
  password: z.string().min(1, 'rule.passwordRequired').max(128).superRefine(refuseBadText()),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const certificationStateSchema = z.enum(['none', 'auditing', 'personal', 'enterprise']);

/** What the browser may know about a user. Never a password or a hash. */
export const userInfoSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  name: z.string(),
  role: roleSchema,
  /** Every role this user holds; the switch-role option shows only when there is more than one. */
  roles: z.array(roleSchema),
  enabled: z.boolean(),
  lawFirmId: z.number().int().nullable(),
  lawFirmName: z.string().nullable(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  nickname: z.string().nullable(),
  countryRegion: z.string().nullable(),
  area: z.string().nullable(),
  address: z.string().nullable(),
  introduction: z.string().nullable(),
  website: z.string().nullable(),
  registeredAt: z.string(),
  accountId: z.string(),
  certification: certificationStateSchema,
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  userInfo: userInfoSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const switchRoleRequestSchema = z.object({ role: roleSchema });

export const SMS_PURPOSES = ['register', 'reset', 'bind'] as const;
export const smsPurposeSchema = z.enum(SMS_PURPOSES);
export type SmsPurpose = z.infer<typeof smsPurposeSchema>;

export const sendSmsQuerySchema = z.object({ phone: phoneSchema, purpose: smsPurposeSchema });
export const sendSmsResponseSchema = z.object({
  /** Seconds until the next code may be requested for this phone and purpose. */
  cooldownSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});

export const resetPasswordRequestSchema = z.object({
  phone: phoneSchema,
  code: smsCodeSchema,
  newPassword: passwordSchema,
});

export const registerLawFirmRequestSchema = z.object({
  firmName: textField({ min: 2, max: 60, minMessage: 'rule.firmName', maxMessage: 'rule.firmName' }),
  regionCode: regionCodeSchema,
  creditCode: creditCodeSchema,
  address: textField({ max: 200 }).optional(),
  contactName: personNameSchema,
  phone: phoneSchema,
  code: smsCodeSchema,
  password: passwordSchema,
});
export type RegisterLawFirmRequest = z.infer<typeof registerLawFirmRequestSchema>;

export const registerLawyerRequestSchema = z.object({
  name: personNameSchema,
  phone: phoneSchema,
  code: smsCodeSchema,
  password: passwordSchema,
  /** 执业证号: 17 digits as printed on a PRC lawyer's practising certificate. */
  licenceNo: z
    .string()
    .trim()
    .regex(/^\d{17}$/, 'rule.licenceNo'),
  lawFirmId: bodyId,
  agreed: z.literal(true, 'rule.agreement'),
});
export type RegisterLawyerRequest = z.infer<typeof registerLawyerRequestSchema>;

export const registrationResponseSchema = z.object({
  userId: z.number().int(),
  reviewStatus: z.literal('auditing'),
});

/** Law firms open for lawyer registration (passed review), for the registration form's select. */
export const publicLawFirmSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  regionCode: z.string(),
});
