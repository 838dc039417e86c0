import { expect } from 'vitest';
import { auditRows } from './fixtures';
import type { TestServer } from './harness';

/**
 * What the user account tests share (users.test.ts: the administrator's accounts;
 * users-self.test.ts: a user's own profile): the file's server, the super admin's calls and
 * the audit row each write leaves.
 */
let server: TestServer;
let adminId: number;

/** Points the helpers at a file's server; answers the demo firm's id (its contact's firm). */
export async function useUserServer(next: TestServer): Promise<number> {
  server = next;
  adminId = await server.userId('13800000001');
  return (
    await server.app.db
      .selectFrom('users')
      .select('law_firm_id')
      .where('phone', '=', '13800000004')
      .executeTakeFirstOrThrow()
  ).law_firm_id as number;
}

export async function asAdmin<T = unknown>(method: string, path: string, body?: unknown) {
  return server.call<T>(method, path, { token: await server.sessionFor('superAdmin'), body });
}

/** Exactly one audit row for the action on the entity, written by the super admin. */
export async function expectAudited(action: string, entity: string, entityId: number) {
  const rows = await auditRows(server, action, entityId);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ actor_id: adminId, actor_role: 'superAdmin', entity });
  expect(rows[0].summary).toBeTruthy();
  expect(rows[0].request_id).toBeTruthy();
}

export function paths(res: { body: { errors?: Array<{ path: string }> } }) {
  return res.body.errors?.map((e) => e.path);
}
