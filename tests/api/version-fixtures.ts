import { freshPhone } from './fixtures';
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

/** A second super administrator, signed in: two people editing the same page or menu. */
export async function secondAdministrator(server: TestServer, name = '第二管理员') {
  const founder = await server.tokenFor('superAdmin');
  const created = await server.call<{ user: { id: number }; initialPassword: string }>('POST', '/api/users', {
    token: founder,
    body: { phone: freshPhone(), name, role: 'superAdmin' },
  });
  if (created.status !== 200) throw new Error(`second administrator: ${JSON.stringify(created.body)}`);
  const { phone } = await server.app.db
    .selectFrom('users')
    .select('phone')
    .where('id', '=', created.body.data.user.id)
    .executeTakeFirstOrThrow();
  return {
    id: created.body.data.user.id,
    name,
    token: await server.login(phone, created.body.data.initialPassword),
  };
}
