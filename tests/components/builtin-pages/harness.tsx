import { Message, Modal } from '@arco-design/web-react';
import { render } from '@testing-library/react';
import { http } from 'msw';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type { UserInfo } from '../../../contract/auth';
import { ok } from '../../../mocks/envelope';
import { demoUserInfo, loginHandler } from '../../../mocks/handlers/login';
import { userInfoHandler } from '../../../mocks/handlers/user';
import { server } from '../../../mocks/server';
import { installInterceptors } from '../../../src/api/interceptors';
import { setLocale } from '../../../src/i18n';
import { RegistryScope } from '../../../src/layout/RegistryScope';
import { login } from '../../../src/session/session';

/** Stands for every route a test does not render: shows where the page went. */
function Landed() {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">{`${pathname}${search}`}</p>;
}

/**
 * Renders one page at `path` (its route is the path without the query) in a memory router,
 * inside the registry's environment as the signed-in frame gives it to every page.
 */
export function renderPage(path: string, page: ReactElement) {
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0], element: <RegistryScope>{page}</RegistryScope> },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/**
 * Signs in through the app's own session (the auth machine), answering as the given user;
 * GET /api/user/info answers the same user afterwards.
 */
export async function signIn(overrides: Partial<UserInfo> = {}): Promise<UserInfo> {
  const info = demoUserInfo(overrides);
  server.use(
    loginHandler({ user: info }).handler,
    http.post('/api/logout', () => ok(null)),
    // Signing in loads the role's menu (the menu machine runs beside the auth machine).
    http.get('/api/user/menu', () => ok([])),
    userInfoHandler(info),
  );
  await login(info.phone, 'Demo@2026');
  return info;
}

/** The app's HTTP layer (token, envelope unwrapping, error catalogue), as the app entry installs it. */
export function withHttpLayer() {
  const env = { navigateToLogin: vi.fn(), reloadPage: vi.fn() };
  let uninstall = () => {};
  beforeEach(() => {
    // Arco's forms validate asynchronously and its notices render outside act(); the tests
    // wait for what the user sees instead.
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
