import { Result } from '@arco-design/web-react';
import type { ResultPage as ResultDescriptor } from '../../contract/pages/descriptor';
import { titleText } from '../../contract/title';
import { ActionBar } from '../actions/ActionBar';
import { useRegistryEnv } from '../context';
import type { PageRendererProps } from '../registry';

/**
 * A result page (success, 403, ...). Routes whose descriptor is not written yet get one with
 * the subtitle `page.notYetAvailable`: an honest page instead of a fake one.
 */
export function ResultPage({ page, params }: PageRendererProps<ResultDescriptor>) {
  const { t, locale } = useRegistryEnv();
  return (
    <Result
      status={page.status}
      title={titleText(page.title, locale, t)}
      subTitle={page.subtitle ? t(page.subtitle) : undefined}
      extra={<ActionBar actions={page.actions} params={params} />}
    />
  );
}
