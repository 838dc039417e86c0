/** Remember-account keeps the phone only; the password is left to the browser's password manager. */
export const REMEMBER_PHONE_KEY = 'casedesk-remember-phone';

export function rememberedPhone(): string | null {
  return localStorage.getItem(REMEMBER_PHONE_KEY) || null;
}

/** Stores the phone, or forgets it with null. */
export function rememberPhone(phone: string | null): void {
  if (phone) localStorage.setItem(REMEMBER_PHONE_KEY, phone);
  else localStorage.removeItem(REMEMBER_PHONE_KEY);
}
