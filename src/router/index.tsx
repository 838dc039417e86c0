import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { PUBLIC_PAGES, type PublicPageName } from '../../contract/public-pages';
import type { PageArea } from '../../locales';
import { loadAppCatalogue, loadPageAreas, loadRegisterCatalogue } from '../i18n';
import { getRole } from '../session/storage';
import { BootSpinner, RootFrame } from './RootFrame';

type PageModule = Promise<{ default: ComponentType }>;

/** A route whose page is its own chunk, loaded on first visit. */
const page = (load: () => PageModule) => async () => ({ Component: (await load()).default });

/** A registration or password-reset page: its chunk and its part of the catalogue load together. */
const registerPage = (load: () => PageModule) => async () => {
  const [module] = await Promise.all([load(), loadRegisterCatalogue()]);
  return { Component: module.default };
};

/**
 * A signed-in page: its chunk, the app part of the catalogue (menus, pages, enums) and the
 * areas only it uses (locales/index.ts) load together.
 */
const appPage =
  (load: () => PageModule, areas: readonly PageArea[] = []) =>
  async () => {
    const [module] = await Promise.all([load(), loadAppCatalogue(), loadPageAreas(areas)]);
    return { Component: module.default };
  };

/** Runs the guard machine on every navigation into the signed-in frame. */
async function guardLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // The guard (machines, route table) loads with the first signed-in route, not with /login.
  const { decideNavigation } = await import('./guard');
  const decision = await decideNavigation(url.pathname, url.search);
  if (decision.kind === 'redirect') {
    if (decision.reason === 'forbidden') {
      const { tellForbidden } = await import('./forbidden-notice');
      void tellForbidden(url.pathname, getRole());
    }
    throw redirect(decision.to);
  }
  return { notFound: decision.kind === 'notFound' };
}

/** One page per public page of the route table (contract/routes.ts PUBLIC_PAGES); the type asks for each. */
const PUBLIC_PAGE_LOADERS: Record<PublicPageName, RouteObject['lazy']> = {
  login: page(() => import('../pages/login')),
  register: registerPage(() => import('../pages/register')),
  lawyerRegister: registerPage(() => import('../pages/lawyer-register')),
  lawyerAgreement: registerPage(() => import('../pages/lawyer-agreement')),
  reset: registerPage(() => import('../pages/reset')),
  deleteComplete: page(() => import('../pages/delete-complete')),
  forbidden: page(() => import('../pages/exception/403')),
  notFound: page(() => import('../pages/exception/404')),
  serverError: page(() => import('../pages/exception/500')),
  outcomeSuccess: page(() => import('../pages/outcome/success')),
  outcomeFail: page(() => import('../pages/outcome/failure')),
};

/** The pages anyone may open, outside the signed-in frame: the route table's public pages, exactly. */
export const PUBLIC_ROUTES: RouteObject[] = PUBLIC_PAGES.map((p) => ({
  path: p.path,
  id: p.name,
  lazy: PUBLIC_PAGE_LOADERS[p.name],
}));

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootFrame />,
      HydrateFallback: BootSpinner,
      children: [
        ...PUBLIC_ROUTES,
        { path: '/redirect/*', loader: guardLoader, lazy: appPage(() => import('./RedirectPage')) },
        {
          // Every signed-in route comes from the role's menu: the layout matches the path itself.
          path: '*',
          id: 'app',
          loader: guardLoader,
          shouldRevalidate: () => true,
          lazy: appPage(() => import('../layout/MainLayout')),
        },
      ],
    },
  ]);
}
