import { Spin } from '@arco-design/web-react';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { type BuiltinProps, registerBuiltin } from '../../ui-registry';

/**
 * The pages written by hand, under the names their descriptors use
 * (server/pages/catalog/builtins.ts). Each is its own chunk, loaded the first time a
 * descriptor names it.
 */
const PAGES: Record<string, LazyExoticComponent<ComponentType<{ params: BuiltinProps['params'] }>>> = {
  UserSettings: lazy(() => import('./user/settings')),
  AccountManagement: lazy(() => import('./user/account')),
  ResetModify: lazy(() => import('./user/reset-modify')),
  Monitor: lazy(() => import('./dashboard/monitor')),
  MenuEditor: lazy(() => import('./user/menu-editor')),
  PageEditor: lazy(() => import('./user/page-editor')),
  PdfViewer: lazy(() => import('./test/pdf')),
  LetterReview: lazy(() => import('./letters/LetterReview')),
};

function BuiltinPage({ page, params }: BuiltinProps) {
  const Page = PAGES[page.component];
  return (
    <Suspense fallback={<Spin block style={{ minHeight: 200 }} />}>
      <Page params={params} />
    </Suspense>
  );
}

export function registerBuiltinPages(): void {
  for (const name of Object.keys(PAGES)) registerBuiltin(name, BuiltinPage);
}
