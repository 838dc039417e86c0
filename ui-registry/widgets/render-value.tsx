import type { ReactNode } from 'react';
import type { ColumnDescriptor } from '../../contract/pages/descriptor';
import { useRegistry, useRegistryEnv } from '../context';
import { getField } from '../record';
import type { DataRecord } from '../registry';
import { enumLabel } from './enum';

/** The one entry point for showing a value: a column (or stat, or description item) of a record. */
export function renderValue(column: ColumnDescriptor, record: DataRecord): ReactNode {
  return <ValueView column={column} record={record} />;
}

export function ValueView({ column, record }: { column: ColumnDescriptor; record: DataRecord }) {
  const registry = useRegistry();
  const { t } = useRegistryEnv();
  const value = getField(record, column.field);
  if (value === null || value === undefined || value === '') return <>-</>;
  const Widget = registry.resolve('widget', column.widget ?? 'text');
  // A note under the value (why a case was returned, how it ended), when the record has one.
  const note = typeof column.note === 'string' ? { field: column.note } : column.note;
  const noted = note ? getField(record, note.field) : null;
  if (!note || typeof noted !== 'string' || noted === '')
    return <Widget column={column} value={value} record={record} />;
  return (
    <>
      <Widget column={column} value={value} record={record} />
      <div className="value-note">{note.enum ? enumLabel(t, note.enum, noted) : noted}</div>
    </>
  );
}
