import { createHash, randomBytes } from 'node:crypto';

/** Opaque session token: 32 random bytes. Only its SHA-256 is stored. */
export function newSessionToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
