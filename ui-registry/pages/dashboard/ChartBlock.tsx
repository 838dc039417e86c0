import { Empty } from '@arco-design/web-react';
import { useMemo } from 'react';
import type { DashboardBlock } from '../../../contract/pages/descriptor';
import { ENUMS, type EnumName } from '../../../contract/pages/enums';
import { Chart } from '../../charts/Chart';
import { useRegistryEnv } from '../../context';
import { getList } from '../../record';
import type { BlockRendererProps } from '../../registry';
import { enumLabel } from '../../widgets/enum';
import { toNumber } from '../../widgets/number';
import { BlockCard } from './BlockCard';

type ChartBlockDescriptor = Extract<DashboardBlock, { kind: 'chart' }>;

/** A chart over a list in the page's data; enum values on x and series shown as their labels. */
export function ChartBlock({ block, data }: BlockRendererProps<ChartBlockDescriptor>) {
  const { t } = useRegistryEnv();
  const rows = useMemo(
    () =>
      inEnumOrder(getList(data, block.field), block.enum, block.x).map((row) => {
        const out: Record<string, unknown> = { ...row, [block.y]: toNumber(row[block.y]) ?? 0 };
        // Values the enum does not know (months on x beside a status series) stay as they are.
        for (const field of block.enum ? [block.x, block.series] : []) {
          if (field) out[field] = enumLabel(t, block.enum, row[field]);
        }
        return out;
      }),
    [data, block, t],
  );

  return (
    <BlockCard title={block.title}>
      {rows.length === 0 ? (
        <Empty
          style={{ height: block.height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        />
      ) : (
        <Chart
          kind={block.chart}
          data={rows}
          x={block.x}
          y={block.y}
          series={block.series}
          height={block.height}
        />
      )}
    </BlockCard>
  );
}

/** Categories of an enum in the enum's own order (pending before closed), others after them. */
function inEnumOrder(rows: Record<string, unknown>[], name: EnumName | undefined, field: string) {
  if (!name) return rows;
  const order: readonly unknown[] = ENUMS[name];
  const rank = (row: Record<string, unknown>) => {
    const i = order.indexOf(row[field]);
    return i === -1 ? order.length : i;
  };
  return [...rows].sort((a, b) => rank(a) - rank(b));
}
