import { Empty, Link } from '@arco-design/web-react';
import type { CSSProperties } from 'react';
import { can } from '../../../contract/access';
import type { DashboardBlock } from '../../../contract/pages/descriptor';
import { useRegistryEnv } from '../../context';
import { fillTemplate, getList, isAppPath } from '../../record';
import type { BlockRendererProps } from '../../registry';
import { renderValue } from '../../widgets/render-value';
import { BlockCard } from './BlockCard';

type ListBlockDescriptor = Extract<DashboardBlock, { kind: 'list' }>;

const cell: CSSProperties = {
  padding: '8px 12px',
  textAlign: 'left',
  borderBottom: '1px solid var(--color-neutral-3)',
  color: 'var(--color-text-1)',
  fontWeight: 'normal',
};
const head: CSSProperties = { ...cell, background: 'var(--color-neutral-2)' };

/**
 * A short list (upcoming court sessions) with an optional "more" link to the full page. A
 * plain table, not Arco's Table: a few read-only rows do not need sorting, paging or
 * selection, and the dashboard does not pay for them.
 */
export function ListBlock({ block, data, params }: BlockRendererProps<ListBlockDescriptor>) {
  const { t, role, navigate } = useRegistryEnv();
  const rows = getList(data, block.field);
  const columns = block.columns.filter((column) => can(column.access, role));
  const more = block.more ? fillTemplate(block.more, (name) => params[name]) : null;
  return (
    <BlockCard
      title={block.title}
      extra={
        more && isAppPath(more) ? (
          <Link
            href={more}
            onClick={(event) => {
              event.preventDefault();
              navigate(more);
            }}
          >
            {t('common.more')}
          </Link>
        ) : undefined
      }
    >
      {rows.length === 0 ? (
        <Empty description={t('common.empty')} />
      ) : (
        <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: 14 }}>
          <thead>
            <tr>
              {columns.map((column, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two columns may show the same field.
                <th key={i} style={{ ...head, width: column.width }}>
                  {t(column.title)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows in the server's order.
              <tr key={r}>
                {columns.map((column, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: see the header.
                  <td key={c} style={cell}>
                    {renderValue(column, row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </BlockCard>
  );
}
