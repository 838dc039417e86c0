import { Empty } from '@arco-design/web-react';
import type { DashboardBlock } from '../../../contract/pages/descriptor';
import { useRegistryEnv } from '../../context';
import { getList } from '../../record';
import type { BlockRendererProps } from '../../registry';
import { renderValue } from '../../widgets/render-value';
import { displayText } from '../../widgets/text';
import { BlockCard } from './BlockCard';

type RankingBlockDescriptor = Extract<DashboardBlock, { kind: 'ranking' }>;

const MEDALS = ['rgb(var(--gold-6))', 'rgb(var(--gray-6))', 'rgb(var(--orange-6))'];

/** A ranked list as the server ordered it: place, name, figure. */
export function RankingBlock({ block, data }: BlockRendererProps<RankingBlockDescriptor>) {
  const { t } = useRegistryEnv();
  const rows = getList(data, block.field);
  const valueColumn = { field: block.value, title: block.title, widget: block.widget };
  return (
    <BlockCard title={block.title}>
      {rows.length === 0 ? (
        <Empty description={t('common.empty')} />
      ) : (
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((row, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is read-only and ordered by place.
              key={i}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 12,
                padding: '9px 0',
                color: 'var(--color-text-1)',
              }}
            >
              <span
                style={{
                  width: 20,
                  height: 20,
                  borderRadius: '50%',
                  fontSize: 12,
                  lineHeight: '20px',
                  textAlign: 'center',
                  flex: 'none',
                  color: i < 3 ? '#fff' : 'var(--color-text-2)',
                  background: i < 3 ? MEDALS[i] : 'var(--color-fill-2)',
                }}
              >
                {i + 1}
              </span>
              <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {displayText(row[block.label])}
              </span>
              <span style={{ fontVariantNumeric: 'tabular-nums' }}>{renderValue(valueColumn, row)}</span>
            </li>
          ))}
        </ol>
      )}
    </BlockCard>
  );
}
