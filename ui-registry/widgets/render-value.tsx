import type { ReactNode } from 'react';
import type { ColumnDescriptor } from '../../contract/pages/descriptor';
import { useRegistry } from '../context';
import { getField } from '../record';
import type { DataRecord } from '../registry';

/** The one entry point for showing a value: a column (or stat, or description item) of a record. */
export function renderValue(column: ColumnDescriptor, record: DataRecord): ReactNode {
  return <ValueView column={column} record={record} />;
}

export function ValueView({ column, record }: { column: ColumnDescriptor; record: DataRecord }) {
  const registry = useRegistry();
  const value = getField(record, column.field);
  if (value === null || value === undefined || value === '') return <>-</>;
  const Widget = registry.resolve('widget', column.widget ?? 'text');
  const note = column.note ? getField(record, column.note) : null;
  if (typeof note !== 'string' || note === '')
    return <Widget column={column} value={value} record={record} />;
  return (
    <>
      <Widget column={column} value={value} record={record} />
      <div className="value-note">{note}</div>
    </>
  );
}
