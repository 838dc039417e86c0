import { Descriptions } from '@arco-design/web-react';
import { can } from '../../contract/access';
import type { ColumnDescriptor } from '../../contract/pages/descriptor';
import { useRegistryEnv } from '../context';
import type { DataRecord } from '../registry';
import { renderValue } from '../widgets/render-value';

/**
 * What an action's form decides about, shown above its fields: values of the record, each by
 * its widget (a repayment's outstanding amount in yuan).
 */
export function ActionSummary({
  columns,
  record,
}: {
  columns: readonly ColumnDescriptor[];
  record: DataRecord;
}) {
  const { t, role } = useRegistryEnv();
  const items = columns.filter((column) => can(column.access, role));
  return (
    <Descriptions
      border
      column={1}
      size="small"
      style={{ marginBottom: 16 }}
      data-testid="action-summary"
      data={items.map((item, i) => ({ key: i, label: t(item.title), value: renderValue(item, record) }))}
    />
  );
}
