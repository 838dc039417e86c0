import { Message, Modal } from '@arco-design/web-react';
import { render } from '@testing-library/react';
import { http } from 'msw';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { installInterceptors } from '../../../src/api/interceptors';
import { setNavigator } from '../../../src/app/navigation';
import { setLocale } from '../../../src/i18n';
// Importing the actors module starts the auth and menu actors, as in the app.
import '../../../src/session/actors';
import { logout } from '../../../src/session/session';

/** Stands for every route a test does not render: shows where the app went. */
function Landed() {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">{`${pathname}${search}`}</p>;
}

/** Renders the given routes in a memory router at `initialPath`; anything else lands on <Landed>. */
export function renderRoutes(initialPath: string, routes: Record<string, ReactElement>) {
  const router = createMemoryRouter(
    [
      ...Object.entries(routes).map(([path, element]) => ({ path, element })),
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [initialPath] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** The app's HTTP layer (token, envelope unwrapping, error catalogue), as the app entry installs it. */
export function withHttpLayer() {
  const env = { navigateToLogin: vi.fn(), reloadPage: vi.fn() };
  let uninstall = () => {};
  beforeEach(() => {
    // Arco's forms validate asynchronously and its notices render into roots of their own,
    // outside act(); the tests wait for what the user sees instead.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    uninstall = installInterceptors(env);
  });
  afterEach(async () => {
    uninstall();
    Message.clear();
    Modal.destroyAll();
    await setLocale('zh-CN');
  });
  return env;
}

/**
 * The app's session (auth and menu machines) running as in the app; each test starts signed
 * out. The menu a login loads is empty: these tests are about the login, not the menu.
 */
export function withSession() {
  beforeAll(() => {
    setNavigator(() => {});
  });
  beforeEach(() => {
    server.use(
      http.post('/api/logout', () => ok(null)),
      http.get('/api/user/menu', () => ok([])),
    );
  });
  afterEach(async () => {
    await logout();
  });
}
