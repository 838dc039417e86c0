import { Skeleton } from '@arco-design/web-react';
import { Suspense } from 'react';
import { can } from '../contract/access';
import type { PageDescriptor } from '../contract/pages/descriptor';
import { BlockBoundary } from './boundary';
import { useRegistry, useRegistryEnv } from './context';
import { Result } from './on-demand';
import type { RouteParams } from './registry';

/**
 * A validated descriptor, rendered by the page renderer registered for its type, inside an
 * error boundary. Nested pages (tabs, drawers) come through here too.
 */
export function PageView({ page, params }: { page: PageDescriptor; params: RouteParams }) {
  const registry = useRegistry();
  const { role, t } = useRegistryEnv();
  if (!can(page.access, role)) return <Result status="403" title={t('registry.forbidden')} />;
  const Renderer = registry.resolve('page', page.type);
  return (
    <BlockBoundary resetKey={page}>
      {/* Heavy renderers are registered lazily (React.lazy): their code arrives with the first page that needs them. */}
      <Suspense fallback={<Skeleton animation text={{ rows: 6 }} />}>
        <Renderer page={page} params={params} />
      </Suspense>
    </BlockBoundary>
  );
}
