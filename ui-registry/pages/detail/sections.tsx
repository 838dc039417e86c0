import { Descriptions, Empty, Table, Timeline } from '@arco-design/web-react';
import type { ComponentType } from 'react';
import { can } from '../../../contract/access';
import { ActionBar, INLINE_ROW_ACTIONS } from '../../actions/ActionBar';
import { useRegistryEnv } from '../../context';
import { getField, getList } from '../../record';
import type { DataRecord, RouteParams } from '../../registry';
import { formatDateTime } from '../../widgets/date';
import { renderValue } from '../../widgets/render-value';
import { displayText } from '../../widgets/text';
import { rowActionsWidth } from '../table/column-widths';
import { PartiesSection } from './parties/PartiesSection';
import type { Of, Section, SectionProps } from './section-props';

/** Label and value pairs, each value shown by its widget. */
export function DescriptionsSection({
  section,
  record,
}: {
  section: Of<'descriptions'>;
  record: DataRecord;
}) {
  const { t, role } = useRegistryEnv();
  const items = section.items.filter((item) => can(item.access, role));
  return (
    <Descriptions
      column={{ xs: 1, sm: Math.min(2, section.columns), md: section.columns }}
      colon={t('common.colon')}
      labelStyle={{ whiteSpace: 'nowrap' }}
      data={items.map((item, i) => ({ key: i, label: t(item.title), value: renderValue(item, record) }))}
    />
  );
}

/**
 * A list held by the record (follow-ups, repayments, attachments), ten rows a page; with
 * `rowActions`, each row has its links (a file's download and removal), and the record is read
 * again after one.
 */
export function RelatedTableSection({
  section,
  record,
  params = {},
  onDone,
}: {
  section: Of<'table'>;
  record: DataRecord;
  params?: RouteParams;
  onDone?: () => void;
}) {
  const { t, role } = useRegistryEnv();
  const rows = getList(record, section.field);
  const keys = new Map(rows.map((row, i) => [row as DataRecord, String(i)]));
  const columns = section.columns
    .filter((column) => can(column.access, role))
    .map((column, i) => ({
      key: `${column.field}#${i}`,
      title: t(column.title),
      width: column.width,
      render: (_: unknown, row: DataRecord) => renderValue(column, row),
    }));
  const rowActions = (section.rowActions ?? []).filter((action) => can(action.access, role));
  if (rowActions.length > 0) {
    columns.push({
      key: '#actions',
      title: t('common.actions'),
      width: rowActionsWidth(
        rowActions.map((action) => ({
          label: t(action.label),
          conditional: Boolean(action.when) || action.kind === 'transition',
        })),
        t('common.more'),
        INLINE_ROW_ACTIONS,
      ),
      render: (_: unknown, row: DataRecord) => (
        <ActionBar actions={rowActions} record={row} params={params} onDone={onDone} look="link" />
      ),
    });
  }
  return (
    <Table<DataRecord>
      rowKey={(row) => keys.get(row) ?? ''}
      data={rows}
      columns={columns}
      border={false}
      scroll={{ x: true }}
      pagination={rows.length > 10 ? { pageSize: 10 } : false}
      noDataElement={<Empty description={t('common.empty')} />}
    />
  );
}

/** Events in time order as the record lists them (the audit trail, follow-ups). */
export function TimelineSection({ section, record }: { section: Of<'timeline'>; record: DataRecord }) {
  const { t } = useRegistryEnv();
  const items = getList(record, section.field);
  if (items.length === 0) return <Empty description={t('common.empty')} />;
  return (
    <Timeline>
      {items.map((item, i) => {
        const label = section.label ? displayText(getField(item, section.label)) : null;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: events in the server's order, read-only.
          <Timeline.Item key={i} label={formatDateTime(getField(item, section.time))}>
            <div>{displayText(getField(item, section.content))}</div>
            {label && label !== '-' && (
              <div style={{ color: 'var(--color-text-3)', fontSize: 12 }}>{label}</div>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

/**
 * One renderer for each section kind of `detailSectionSchema`: a kind added to the schema
 * without one fails the typecheck here, instead of being drawn by another kind's renderer.
 */
export const DETAIL_SECTIONS = {
  descriptions: DescriptionsSection,
  table: RelatedTableSection,
  timeline: TimelineSection,
  parties: PartiesSection,
} satisfies { readonly [K in Section['kind']]: ComponentType<SectionProps<K>> };

/** A section of a detail page, drawn by the renderer of its kind. */
export function DetailSection(props: SectionProps) {
  // Each renderer takes its own kind; the map above pairs them, which TypeScript cannot follow here.
  const Render = DETAIL_SECTIONS[props.section.kind] as ComponentType<SectionProps>;
  return <Render {...props} />;
}
