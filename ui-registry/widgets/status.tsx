import { Tag } from '@arco-design/web-react';
import { useRegistryEnv } from '../context';
import type { WidgetProps } from '../registry';
import { enumLabel } from './enum';
import { statusColor } from './status-colors';
import { displayText } from './text';

/** A status as a coloured tag: label from the column's enum, colour from STATUS_COLORS. */
export function StatusWidget({ column, value }: WidgetProps) {
  const { t } = useRegistryEnv();
  const text = displayText(value);
  return (
    <Tag color={statusColor(column.enum, text)} data-status={text}>
      {enumLabel(t, column.enum, value)}
    </Tag>
  );
}
