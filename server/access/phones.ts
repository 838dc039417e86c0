import { maskPhone, scopeOf } from '../../contract/access';
import type { Caller } from '../http/route';

/** Whose number a phone is: a person (their user id and firm) or a firm's contact number. */
export interface PhoneOwner {
  userId?: number | null;
  lawFirmId?: number | null;
}

/**
 * A phone number as this caller may receive it: in full within the scope their role holds
 * `phones.read` in (every number, their firm's and their own, or their own), masked
 * (138****0001) otherwise. Every answer carrying someone else's number goes through here;
 * answers about the caller's own record (their profile, their own firm's page) need not.
 */
export function phoneFor(caller: Caller, phone: string, owner: PhoneOwner): string {
  const scope = scopeOf('phones.read', caller.role);
  const self = owner.userId != null && owner.userId === caller.userId;
  if (scope === 'all' || self) return phone;
  if (scope === 'firm' && owner.lawFirmId != null && owner.lawFirmId === caller.lawFirmId) return phone;
  return maskPhone(phone);
}

/**
 * Whether a keyword may be matched against phone numbers for this caller: only where they
 * read every number, or a search would reveal a masked number digit by digit.
 */
export function maySearchPhones(caller: Caller): boolean {
  return scopeOf('phones.read', caller.role) === 'all';
}
