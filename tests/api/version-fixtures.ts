import type { TestServer } from './harness';

/**
 * The `If-Match` an editor sends (ARCHITECTURE §8 "Editing"): the version it loaded, read from
 * the `ETag` of the editor's own GET. Read with a token that may edit (`admin`), whoever saves.
 */
export async function pageIfMatch(server: TestServer, id: string, admin: string) {
  const res = await server.call('GET', `/api/pages/${id}/history`, { token: admin });
  return { 'if-match': res.headers.get('etag') ?? '"0"' };
}

export async function menuIfMatch(server: TestServer, role: string, admin: string) {
  const res = await server.call('GET', `/api/menus/${role}`, { token: admin });
  return { 'if-match': res.headers.get('etag') ?? '"0"' };
}
