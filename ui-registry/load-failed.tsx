import { Button, Empty, Space } from '@arco-design/web-react';
import { useRegistryEnv } from './context';
import { Result, Text } from './on-demand';

export interface LoadFailedProps {
  /** What could not be loaded, in the user's language; without it, "the data could not be loaded". */
  title?: string;
  /** Why, when it is known (the server's message). */
  reason?: string;
  /** Loads again. */
  onRetry: () => void;
  /**
   * `page` fills a page or a card (Arco's Result); `inline` is a small block for a panel, a
   * popup or a section that has neighbours (Arco's Empty).
   */
  size?: 'page' | 'inline';
}

/**
 * The one "could not load, retry" block, for the registry's pages and the app's own alike: a
 * failed load never leaves a blank area or a dead end. Its texts come from the catalogues
 * through the registry's environment (`common.loadFailed`, `common.retry`).
 */
export function LoadFailed({ title, reason, onRetry, size = 'page' }: LoadFailedProps) {
  const { t } = useRegistryEnv();
  const heading = title ?? t('common.loadFailed');
  if (size === 'inline') {
    return (
      <Empty
        description={
          <Space direction="vertical" size={8}>
            <span>{heading}</span>
            {reason && <Text type="secondary">{reason}</Text>}
            <Button size="small" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          </Space>
        }
      />
    );
  }
  return (
    <Result
      status="error"
      title={heading}
      subTitle={reason}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
