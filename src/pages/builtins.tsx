import { Spin } from '@arco-design/web-react';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { BUILTIN_PAGE_COMPONENTS, type BuiltinPageComponent } from '../../contract/pages/builtins';
import type { PageArea } from '../../locales';
import { type BuiltinProps, registerBuiltin } from '../../ui-registry';
import { loadPageAreas } from '../i18n';

/** A page's chunk and the catalogue areas only it uses (locales/index.ts), loaded together. */
const page = <P,>(areas: readonly PageArea[], load: () => Promise<{ default: ComponentType<P> }>) =>
  lazy(async () => (await Promise.all([load(), loadPageAreas(areas)]))[0]);

/**
 * The pages written by hand, under the names their descriptors use: every name of
 * contract/pages/builtins.ts, and only those (the type says so; the server's catalogue names
 * the same list). Each is its own chunk, loaded the first time a descriptor names it.
 */
const PAGES: Record<
  BuiltinPageComponent,
  LazyExoticComponent<ComponentType<{ params?: BuiltinProps['params'] }>>
> = {
  UserSettings: page(['settings'], () => import('./user/settings')),
  UserInfo: page(['user-center'], () => import('./user/info')),
  // The user detail drawer and the password form come from the settings page.
  AccountManagement: page(['settings', 'account'], () => import('./user/account')),
  ResetModify: page(['settings'], () => import('./user/reset-modify')),
  Monitor: page(['monitor'], () => import('./dashboard/monitor')),
  MenuEditor: page(['editors'], () => import('./user/menu-editor')),
  PageEditor: page(['editors'], () => import('./user/page-editor')),
  PdfViewer: page([], () => import('./test/pdf')),
  MachineInspector: page(['inspector'], () => import('../inspector/MachineInspectorPage')),
  CaseNew: page(['case-intake'], () => import('./cases/new')),
  CaseImport: page(['case-intake'], () => import('./cases/import')),
  RoutingRules: page(['routing'], () => import('./routing')),
  LetterReview: page([], () => import('./letters/LetterReview')),
};

function BuiltinPage({ page, params }: BuiltinProps) {
  const Page = PAGES[page.component as BuiltinPageComponent];
  return (
    <Suspense fallback={<Spin block style={{ minHeight: 200 }} />}>
      <Page params={params} />
    </Suspense>
  );
}

export function registerBuiltinPages(): void {
  for (const name of BUILTIN_PAGE_COMPONENTS) registerBuiltin(name, BuiltinPage);
}
