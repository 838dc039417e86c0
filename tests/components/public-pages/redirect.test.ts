import { describe, expect, it } from 'vitest';
import { loginDestination, safeRedirectTarget } from '../../../src/pages/login/redirect';

describe('safeRedirectTarget', () => {
  it.each([
    '/dashboard/workplace',
    '/list/search-table?page=2&size=20',
    '/list/case-detail/42#notes',
    '/https://evil.com',
  ])('follows the same-origin path %s', (path) => {
    expect(safeRedirectTarget(path)).toBe(path);
  });

  it.each([
    ['nothing', null],
    ['an empty value', ''],
    ['a protocol-relative URL', '//evil.com'],
    ['a protocol-relative URL with a path', '//evil.com/dashboard'],
    ['an absolute URL', 'https://evil.com'],
    ['a backslash that browsers read as a slash', '/\\evil.com'],
    ['a backslash further on', '/x\\..\\\\evil.com'],
    ['a tab browsers drop', '/\t/evil.com'],
    ['a newline browsers drop', '/\n/evil.com'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'dashboard'],
    ['the login page itself', '/login?redirect=/x'],
  ])('sends %s to /', (_, raw) => {
    expect(safeRedirectTarget(raw)).toBe('/');
  });
});

describe('loginDestination', () => {
  it('adds the rest of the original query to the target', () => {
    const search = new URLSearchParams('redirect=/list/search-table?page=2&tab=open&error=routeGuardError');
    expect(loginDestination(search)).toBe('/list/search-table?page=2&tab=open');
  });

  it('keeps what the target itself sets', () => {
    expect(loginDestination(new URLSearchParams('redirect=/a?tab=1&tab=2'))).toBe('/a?tab=1');
  });

  it('drops the query when the target is refused', () => {
    expect(loginDestination(new URLSearchParams('redirect=//evil.com&tab=open'))).toBe('/');
  });
});
