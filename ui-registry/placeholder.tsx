import { Tag } from '@arco-design/web-react';
import { useRegistryEnv } from './context';
import { Alert } from './on-demand';
import type { FallbackProps } from './registry';

/** The default fallback: says which component is missing, in place, and nothing else breaks. */
export function UnsupportedPlaceholder({ kind, type }: FallbackProps) {
  const { t } = useRegistryEnv();
  const text = t('page.unsupported', { type });
  // Widgets and actions sit inside table cells and button bars: a tag, not a banner.
  if (kind === 'widget' || kind === 'action' || kind === 'input') {
    return (
      <Tag color="orange" data-unsupported={`${kind}:${type}`}>
        {text}
      </Tag>
    );
  }
  return <Alert type="warning" content={text} data-unsupported={`${kind}:${type}`} />;
}
