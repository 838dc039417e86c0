import { Skeleton } from '@arco-design/web-react';
import { useEffect, useMemo, useState } from 'react';
import { useInRouterContext } from 'react-router';
import { useEnvRef, useRegistryEnv } from './context';
import { LoadFailed } from './load-failed';
import { Result } from './on-demand';
import { PageView } from './page-view';
import { LocalQueryScope, UrlQueryScope } from './query-scope';
import type { RouteParams } from './registry';
import { checkDescriptor } from './validation';

const NO_PARAMS: RouteParams = {};

type Load =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; descriptor: unknown };

/**
 * The page of a route: fetches its descriptor (GET /api/pages/:id through the environment),
 * then shows it. Loading shows a skeleton, a failed fetch an error with retry; never blank.
 */
export function PageHost({ pageId, params = NO_PARAMS }: { pageId: string; params?: RouteParams }) {
  const { t, role } = useRegistryEnv();
  // Inside the app's router the page's shareable state (a table's filters) lives in the URL.
  const inRouter = useInRouterContext();
  const env = useEnvRef();
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` retries; another role may get another page.
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    env.current.fetchPage(pageId, { signal: controller.signal }).then(
      (descriptor) => !controller.signal.aborted && setLoad({ status: 'loaded', descriptor }),
      (error: unknown) =>
        !controller.signal.aborted && setLoad({ status: 'failed', message: errorMessage(error) }),
    );
    return () => controller.abort();
  }, [env, pageId, role, attempt]);

  if (load.status === 'loading') return <Skeleton animation text={{ rows: 6 }} data-testid="page-loading" />;
  if (load.status === 'failed') {
    return (
      <LoadFailed
        title={t('page.loadFailed')}
        reason={load.message}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }
  return <DescriptorView descriptor={load.descriptor} params={params} urlQuery={inRouter} />;
}

/**
 * A descriptor already in hand (a drawer's child page, the page editor's preview): validated
 * first; a wrong one shows which field is wrong and why, never a blank page. Its shareable
 * state (a table's filters and page) stays private unless `urlQuery` puts it in the route's
 * URL query, which needs react-router around it (PageHost does this for the route's page).
 */
export function DescriptorView({
  descriptor,
  params = NO_PARAMS,
  urlQuery = false,
}: {
  descriptor: unknown;
  params?: RouteParams;
  urlQuery?: boolean;
}) {
  const { t } = useRegistryEnv();
  const check = useMemo(() => checkDescriptor(descriptor), [descriptor]);
  if (!check.ok) {
    const path = check.path || t('registry.rootPath');
    return (
      <Result
        status="error"
        title={t('registry.invalidDescriptorTitle')}
        subTitle={
          <span data-descriptor-path={check.path}>
            {t('page.invalidDescriptor', {
              path,
              message: t(check.message, { defaultValue: check.message }),
            })}
          </span>
        }
      />
    );
  }
  const Scope = urlQuery ? UrlQueryScope : LocalQueryScope;
  return (
    <Scope>
      <PageView page={check.page} params={params} />
    </Scope>
  );
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}
