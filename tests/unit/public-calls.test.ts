import { describe, expect, it } from 'vitest';
import { isPublicApiPath, PUBLIC_API_CALLS } from '../../contract/public-api';
import { PUBLIC_PAGES } from '../../contract/public-pages';
import { isPublicPath as isPublicPage, PUBLIC_PATHS } from '../../machines/guardMachine';
import { apiRoutes } from '../../server/routes';
import { isPublicPath } from '../../src/api/error-catalogue';

/**
 * What anyone may reach without signing in is written once in contract/: the API calls
 * (contract/public-api.ts) and the pages (PUBLIC_PAGES of contract/routes.ts).
 */
describe('public API calls', () => {
  it('are exactly the routes the server declares public', () => {
    const declared = apiRoutes
      .filter((r) => r.access === 'public')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(declared).toEqual(PUBLIC_API_CALLS.map((c) => `${c.method} ${c.path}`).sort());
  });

  it('are the only calls the browser sends without a token', () => {
    for (const call of PUBLIC_API_CALLS) expect(isPublicPath(call.path)).toBe(true);
    for (const route of apiRoutes.filter((r) => r.access !== 'public'))
      expect(isPublicPath(route.url), `${route.method} ${route.url}`).toBe(false);
    // Not a prefix: a look-alike below a public path is no public call.
    expect(isPublicApiPath('/register/lawfirm/1')).toBe(false);
    expect(isPublicApiPath('/login', 'DELETE')).toBe(false);
  });
});

describe('public pages', () => {
  it('are the guard’s public paths, exactly', () => {
    expect([...PUBLIC_PATHS].sort()).toEqual(PUBLIC_PAGES.map((p) => p.path).sort());
    for (const page of PUBLIC_PAGES) expect(isPublicPage(page.path)).toBe(true);
    expect(isPublicPage('/exception/999')).toBe(false);
  });
});
