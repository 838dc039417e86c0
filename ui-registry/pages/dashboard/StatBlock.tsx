import { Card, Space } from '@arco-design/web-react';
import type { DashboardBlock } from '../../../contract/pages/descriptor';
import { useRegistryEnv } from '../../context';
import { AllowlistedIcon } from '../../icons';
import type { BlockRendererProps, DataRecord } from '../../registry';
import { renderValue } from '../../widgets/render-value';

type StatBlockDescriptor = Extract<DashboardBlock, { kind: 'stat' }>;

/** One figure with its icon: 案件总数 1,286. */
export function StatBlock({ block, data }: BlockRendererProps<StatBlockDescriptor>) {
  const { t } = useRegistryEnv();
  const record = (data !== null && typeof data === 'object' ? data : {}) as DataRecord;
  return (
    <Card bordered={false} style={{ borderRadius: 4 }} data-stat={block.field}>
      <Space size={16} align="center">
        {block.icon && (
          <span
            aria-hidden="true"
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              width: 48,
              height: 48,
              borderRadius: '50%',
              fontSize: 22,
              color: 'rgb(var(--primary-6))',
              background: 'rgb(var(--primary-1))',
            }}
          >
            <AllowlistedIcon name={block.icon} />
          </span>
        )}
        <div>
          <div style={{ color: 'var(--color-text-2)' }}>{t(block.title)}</div>
          <div style={{ fontSize: 24, fontWeight: 600, lineHeight: '32px', color: 'var(--color-text-1)' }}>
            {renderValue({ field: block.field, title: block.title, widget: block.widget }, record)}
          </div>
        </div>
      </Space>
    </Card>
  );
}
