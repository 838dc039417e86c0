import type { z } from 'zod';
import type { SmsPurpose, sendSmsResponseSchema } from '../../contract/auth';
import { apiGet } from './request';

export type SmsSent = z.infer<typeof sendSmsResponseSchema>;

/** Sends a 6-digit code to the phone; a second request within the cool-down answers 429. */
export function sendSmsCode(phone: string, purpose: SmsPurpose): Promise<SmsSent> {
  return apiGet<SmsSent>('/send-sms', { params: { phone, purpose } });
}
