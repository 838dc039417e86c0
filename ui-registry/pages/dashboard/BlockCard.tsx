import { Card } from '@arco-design/web-react';
import type { ReactNode } from 'react';
import { useRegistryEnv } from '../../context';

/** The frame every dashboard block sits in: a borderless card with a translated title. */
export function BlockCard({
  title,
  extra,
  children,
}: {
  title?: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useRegistryEnv();
  return (
    <Card
      bordered={false}
      title={title ? t(title) : undefined}
      extra={extra}
      style={{ height: '100%', borderRadius: 4 }}
      bodyStyle={title ? { paddingTop: 8 } : undefined}
    >
      {children}
    </Card>
  );
}
