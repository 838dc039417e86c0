import { expect } from 'vitest';

/**
 * The policy as the product promises it (README "Security headers"), written out here on
 * purpose: loosening server/http/security-headers.ts must fail a test until this changes too.
 */
export const EXPECTED_CSP =
  "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self';" +
  "style-src-attr 'unsafe-inline';img-src 'self' data:;connect-src 'self';frame-src blob:;" +
  "worker-src 'self';object-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'none'";

export function expectSecurityHeaders(headers: Headers | Record<string, unknown>) {
  const get = (name: string) =>
    headers instanceof Headers ? headers.get(name) : (headers[name] as string | undefined);
  expect(get('content-security-policy')).toBe(EXPECTED_CSP);
  expect(get('x-frame-options')).toBe('DENY');
  expect(get('x-content-type-options')).toBe('nosniff');
  expect(get('referrer-policy')).toBe('same-origin');
}
