import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { MenuNode } from '../../../contract/menu';
import { ROLES, type Role } from '../../../contract/roles';
import { routesBreadthFirst } from '../../../contract/routes';
import { menuMachine } from '../../../machines/menuMachine';
import { ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { defaultMenuFor } from '../../../server/menus/store';
import { SiderMenu } from '../../../src/layout/SiderMenu';

/** The browser's menu machine, fetching through the network like the app does. */
async function loadMenu(role: Role, menuFromServer: boolean): Promise<MenuNode[]> {
  const actor = createActor(
    menuMachine.provide({
      actors: {
        fetchServerMenu: fromPromise(async () => {
          const res = await fetch('/api/user/menu');
          return ((await res.json()) as { data: MenuNode[] }).data;
        }),
      },
    }),
    { input: { menuFromServer, role } },
  ).start();
  const done = await waitFor(actor, (s) => s.matches('ready') || s.matches('failed'));
  actor.stop();
  if (!done.matches('ready')) throw new Error(`menu failed: ${done.context.error}`);
  return done.context.menu;
}

function renderMenu(tree: MenuNode[]) {
  const router = createMemoryRouter([{ path: '*', element: <SiderMenu tree={tree} /> }], {
    initialEntries: ['/'],
  });
  const view = render(<RouterProvider router={router} />);
  // Group headers and items, in order (Arco renders no menuitem role for them).
  const labels = [
    ...screen.getByTestId('sider-menu').querySelectorAll('.arco-menu-inline-header, .arco-menu-item'),
  ].map((el) => el.textContent);
  view.unmount();
  return labels;
}

describe('menu from the server or the static route table', () => {
  for (const role of ROLES) {
    it(`gives ${role} the same routes and the same sider either way`, async () => {
      // The server answers what it seeds for the role: the default table through the same filter.
      server.use(http.get('/api/user/menu', () => ok(defaultMenuFor(role))));
      const fromServer = await loadMenu(role, true);
      const fromTable = await loadMenu(role, false);
      const paths = (tree: MenuNode[]) =>
        routesBreadthFirst(tree).map((n) => `${n.path}${n.hideInMenu ? ' (hidden)' : ''}`);
      expect(paths(fromServer)).toEqual(paths(fromTable));
      expect(paths(fromTable).length).toBeGreaterThan(0);
      const sider = renderMenu(fromTable);
      expect(renderMenu(fromServer)).toEqual(sider);
      expect(sider.length).toBeGreaterThan(0);
      // The monitor shows in admin's sidebar (its landing page), and in no other role's.
      expect(sider.includes('系统监控')).toBe(role === 'admin');
    });
  }

  it('still filters a server answer by role: a route for other roles never shows', async () => {
    server.use(http.get('/api/user/menu', () => ok(defaultMenuFor('superAdmin'))));
    const tree = await loadMenu('lawyer', true);
    expect(routesBreadthFirst(tree).map((n) => n.path)).not.toContain('/list/search-table');
  });

  it('reports a failed load so the layout can offer a retry', async () => {
    server.use(http.get('/api/user/menu', () => HttpResponse.error()));
    await expect(loadMenu('lawyer', true)).rejects.toThrow(/menu failed/);
  });
});
