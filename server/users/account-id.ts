import { randomBytes } from 'node:crypto';

/** The public account id shown on the profile page (not the database key). */
export function newAccountId(): string {
  return `CD${randomBytes(5).toString('hex').toUpperCase()}`;
}
