import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagePreview } from '../../contract/page-api';
import { startServer, type TestServer } from './harness';
import { defaultTree, putMenu, resetMenu, useMenuServer } from './menu-fixtures';

/**
 * POST /api/pages/:id/preview: the editors ask whether a role opens a page without signing in
 * as it, and the answer is the one GET /api/pages/:id gives that role.
 */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startServer();
  admin = await useMenuServer(server);
});
afterAll(() => server.close());

const preview = (id: string, body: unknown, token = admin) =>
  server.call<PagePreview>('POST', `/api/pages/${id}/preview`, { token, body });

/** What the role itself is answered when it opens the page. */
const opensAs = async (role: 'lawyer' | 'superAdmin', id: string) =>
  (await server.call('GET', `/api/pages/${id}`, { token: await server.tokenFor(role) })).status;

describe('preview of a page as a role', () => {
  it("closes a page by its ability, as the role's own GET is refused", async () => {
    const answer = await preview('user-account', { role: 'lawyer' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      role: 'lawyer',
      opens: false,
      rule: 'accounts.manage',
      closedBy: 'ability',
    });
    expect(await opensAs('lawyer', 'user-account')).toBe(403);

    expect((await preview('user-account', { role: 'superAdmin' })).body.data).toMatchObject({
      opens: true,
      closedBy: null,
    });
    expect(await opensAs('superAdmin', 'user-account')).toBe(200);
  });

  it("closes a page the role's menu no longer holds, though the role holds its ability", async () => {
    expect((await preview('my-letters', { role: 'lawyer' })).body.data).toMatchObject({ opens: true });
    const tree = defaultTree('lawyer').map((group) => ({
      ...group,
      children: group.children?.filter((node) => node.page !== 'my-letters'),
    }));
    expect((await putMenu('lawyer', tree)).status).toBe(200);
    try {
      expect((await preview('my-letters', { role: 'lawyer' })).body.data).toEqual({
        role: 'lawyer',
        opens: false,
        rule: 'letters.write',
        closedBy: 'menu',
      });
      expect(await opensAs('lawyer', 'my-letters')).toBe(403);
    } finally {
      expect((await resetMenu('lawyer')).status).toBe(200);
    }
  });

  it("reads a page's own access from the draft for a page outside the route table", async () => {
    const draft = {
      schemaVersion: 1,
      id: 'draft-only',
      type: 'result',
      title: 'menu.taskCenter',
      status: 'info',
    };
    expect((await preview('draft-only', { role: 'superAdmin', descriptor: draft })).body.data).toMatchObject({
      rule: null,
      closedBy: 'ability',
    });
    const withAccess = { ...draft, access: 'dev.tools' };
    // superAdmin holds dev.tools, but no menu links the page: the menu closes it.
    expect(
      (await preview('draft-only', { role: 'superAdmin', descriptor: withAccess })).body.data,
    ).toMatchObject({
      rule: 'dev.tools',
      closedBy: 'menu',
    });
    expect((await preview('draft-only', { role: 'lawyer', descriptor: withAccess })).body.data).toMatchObject(
      {
        closedBy: 'ability',
      },
    );
  });

  it('is for page editors only, and refuses a role the product does not have', async () => {
    const lawyer = await server.tokenFor('lawyer');
    expect((await preview('user-account', { role: 'lawyer' }, lawyer)).status).toBe(403);
    const wrong = await preview('user-account', { role: 'root' });
    expect(wrong.status).toBe(400);
  });
});
