import type { z } from 'zod';
import type {
  publicLawFirmSchema,
  RegisterLawFirmRequest,
  RegisterLawyerRequest,
  registrationResponseSchema,
  resetPasswordRequestSchema,
} from '../../contract/auth';
import { apiGet, apiPost } from './request';

/** Public account endpoints: self-registration (both wait for review) and password reset. */

export type PublicLawFirm = z.infer<typeof publicLawFirmSchema>;
export type RegistrationReceipt = z.infer<typeof registrationResponseSchema>;
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** Law firms that passed review, for the lawyer registration form. */
export async function listRegistrationLawFirms(): Promise<PublicLawFirm[]> {
  return (await apiGet<{ list: PublicLawFirm[] }>('/register/lawfirms')).list;
}

export function registerLawFirm(body: RegisterLawFirmRequest): Promise<RegistrationReceipt> {
  return apiPost<RegistrationReceipt>('/register/lawfirm', body);
}

export function registerLawyer(body: RegisterLawyerRequest): Promise<RegistrationReceipt> {
  return apiPost<RegistrationReceipt>('/register/lawyer', body);
}

/** Every session of the account ends on the server. */
export function resetPassword(body: ResetPasswordRequest): Promise<null> {
  return apiPost<null>('/reset-password', body);
}
