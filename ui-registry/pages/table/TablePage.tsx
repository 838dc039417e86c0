import { Button, Card, Empty, Skeleton, Space, Table, type TableColumnProps } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { can } from '../../../contract/access';
import type { ColumnDescriptor, TablePage as TableDescriptor } from '../../../contract/pages/descriptor';
import { titleText } from '../../../contract/title';
import { ActionBar, INLINE_ROW_ACTIONS } from '../../actions/ActionBar';
import { BulkJobResume } from '../../actions/BulkJobResume';
import { useRegistryEnv } from '../../context';
import { LoadFailed } from '../../load-failed';
import { useQueryScope } from '../../query-scope';
import { getField, getList } from '../../record';
import type { DataRecord, PageRendererProps, Selection } from '../../registry';
import { useSourceData } from '../../source-data';
import { toNumber } from '../../widgets/number';
import { renderValue } from '../../widgets/render-value';
import { ColumnSettings } from './ColumnSettings';
import { arrange, keyedColumns, settingKey, useColumnSetting } from './column-settings';
import { columnWidth, rowActionsWidth, tableScrollWidth } from './column-widths';
import { FilterBar } from './FilterBar';
import { SelectAllNotice } from './SelectAllNotice';
import {
  filterParams,
  nextSort,
  PAGE_SIZES,
  readTableState,
  type SortOrder,
  type TableState,
  tableRequestParams,
  writeTableState,
} from './table-state';

const NOTHING_TICKED: Selection = { keys: [], rows: [] };

/**
 * A cell's value. A text (a case's title, a follow-up's note) shows at most two lines, so one
 * long title does not make its row three or four lines tall; the whole text shows on hover.
 */
function cell(column: ColumnDescriptor, record: DataRecord): ReactNode {
  const value = getField(record, column.field);
  if ((column.widget ?? 'text') !== 'text' || column.note || typeof value !== 'string' || value === '')
    return renderValue(column, record);
  return (
    <div className="table-cell-clamp" title={value}>
      {renderValue(column, record)}
    </div>
  );
}

/** Each row's key: its `rowKey` field, or its position when that is missing or taken twice. */
function rowKeys(rows: readonly DataRecord[], field: string): Map<DataRecord, string | number> {
  const keys = new Map<DataRecord, string | number>();
  const taken = new Set<string | number>();
  rows.forEach((row, i) => {
    const own = getField(row, field);
    const key = (typeof own === 'string' || typeof own === 'number') && !taken.has(own) ? own : `#${i}`;
    taken.add(key);
    keys.set(row, key);
  });
  return keys;
}

/**
 * A server-paged list: filters, page and sort live in the query (the URL of a route's page)
 * and go to the source's GET as they are; columns as the user arranged them; ticked rows for
 * bulk actions; toolbar and row actions; empty, error and loading states.
 */
export function TablePage({ page, params }: PageRendererProps<TableDescriptor>) {
  const { t, locale, role, user } = useRegistryEnv();
  const { query, setQuery } = useQueryScope();
  const state = useMemo(() => readTableState(page, query), [page, query]);
  const request = useMemo(() => tableRequestParams(page, state), [page, state]);
  const source = useSourceData(page.source.path, params, request, true);
  const [selection, setSelection] = useState<Selection>(NOTHING_TICKED);
  // 选择全部 N 条: every row of the filter, for bulk actions that run as jobs.
  const [allSelected, setAllSelected] = useState(false);

  // Another page, filter or sort: nothing stays ticked that the user no longer sees.
  const requestKey = JSON.stringify(request);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `requestKey` is the request by value.
  useEffect(() => {
    setSelection(NOTHING_TICKED);
    setAllSelected(false);
  }, [requestKey]);

  const columns = useMemo(
    () => keyedColumns(page.columns.filter((column) => can(column.access, role))),
    [page.columns, role],
  );
  const [setting, saveSetting] = useColumnSetting(
    settingKey(page.id, String(user?.id ?? role ?? 'anonymous')),
  );
  const arranged = arrange(columns, setting);

  const data = source.status === 'ready' ? source.data : undefined;
  const rows = useMemo(() => getList(data, 'list'), [data]);
  const keys = useMemo(() => rowKeys(rows, page.rowKey), [rows, page.rowKey]);
  const total = toNumber(getField(data, 'total')) ?? rows.length;

  const show = (next: TableState) => setQuery(writeTableState(page, query, next));
  const reload = () => {
    setSelection(NOTHING_TICKED);
    setAllSelected(false);
    source.reload();
  };
  const runsJobs = page.bulkActions.some(
    (a) => (a.kind === 'bulkTransition' || a.kind === 'bulkRoute') && can(a.access, role),
  );
  const pageTicked = rows.length > 0 && selection.keys.length === rows.length;
  const everything = runsJobs && pageTicked && allSelected && total > rows.length;
  const filter = filterParams(request);
  // What bulk actions get: the ticked rows and their own keys (never a stand-in position).
  const ticked: Selection = {
    keys: selection.rows.flatMap((row) => {
      const key = getField(row, page.rowKey);
      return typeof key === 'string' || typeof key === 'number' ? [key] : [];
    }),
    rows: selection.rows,
    ...(everything ? { all: { total } } : {}),
  };

  const tableColumns: TableColumnProps<DataRecord>[] = arranged
    .filter((column) => column.visible)
    .map(({ key, column }) => ({
      key,
      title: t(column.title),
      width: columnWidth(column),
      fixed: column.fixed,
      sorter: column.sortable === true,
      sortOrder: column.sortable && state.sort?.field === column.field ? state.sort.order : undefined,
      render: (_: unknown, record: DataRecord) => cell(column, record),
    }));
  if (page.rowActions.length > 0) {
    tableColumns.push({
      key: '__actions',
      title: t('common.actions'),
      fixed: 'right',
      // Room for the links a row shows, in the reader's words (ActionBar folds the rest under "更多").
      width: rowActionsWidth(
        page.rowActions
          .filter((action) => can(action.access, role))
          .map((action) => ({
            label: t(action.label),
            conditional: Boolean(action.when) || action.kind === 'transition',
          })),
        t('common.more'),
        INLINE_ROW_ACTIONS,
      ),
      render: (_: unknown, record: DataRecord) => (
        <ActionBar actions={page.rowActions} record={record} params={params} onDone={reload} look="link" />
      ),
    });
  }

  let body: ReactNode;
  if (source.status === 'loading') {
    body = <Skeleton animation text={{ rows: 8 }} data-testid="table-loading" />;
  } else if (source.status === 'failed') {
    body = <LoadFailed reason={source.message} onRetry={source.reload} />;
  } else {
    body = (
      <Table<DataRecord>
        rowKey={(row) => keys.get(row) ?? ''}
        data={rows}
        columns={tableColumns}
        loading={source.refreshing}
        border={false}
        scroll={{
          x: tableScrollWidth(
            tableColumns.map((c) => Number(c.width)),
            page.bulkActions.length > 0,
          ),
        }}
        noDataElement={<Empty description={t('common.empty')} />}
        rowSelection={
          page.bulkActions.length > 0
            ? {
                type: 'checkbox',
                selectedRowKeys: selection.keys as Array<string | number>,
                onChange: (ticked, tickedRows) => {
                  setSelection({ keys: ticked, rows: tickedRows });
                  setAllSelected(false);
                },
              }
            : undefined
        }
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total,
          showTotal: (count: number) => t('common.total', { total: count }),
          sizeCanChange: true,
          sizeOptions: PAGE_SIZES,
        }}
        onChange={(pagination, sorter, _filters, extra) => {
          if (extra.action === 'paginate') {
            const pageSize = pagination.pageSize ?? state.pageSize;
            show({ ...state, page: pageSize === state.pageSize ? (pagination.current ?? 1) : 1, pageSize });
          } else if (extra.action === 'sort' && !Array.isArray(sorter)) {
            const column = arranged.find((c) => c.key === sorter.field)?.column;
            if (!column) return;
            show({
              ...state,
              page: 1,
              sort: nextSort(page, state.sort, column.field, sorter.direction as SortOrder),
            });
          }
        }}
      />
    );
  }

  return (
    <Card bordered={false} title={titleText(page.title, locale, t)} data-page-type="table">
      {page.filters.length > 0 && (
        <FilterBar
          fields={page.filters}
          values={state.filters}
          params={params}
          onSearch={(filters) => {
            // 查询 asks the server again even when the filters are the ones shown.
            show({ ...state, filters, page: 1 });
            reload();
          }}
        />
      )}
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          gap: 8,
          margin: page.filters.length > 0 ? '0 0 12px' : '0 0 16px',
          flexWrap: 'wrap',
        }}
      >
        <Space wrap>
          {selection.keys.length > 0 && (
            <>
              {!everything && (
                <span data-testid="selection-count">
                  {t('registry.table.selected', { count: selection.keys.length })}
                </span>
              )}
              {runsJobs && pageTicked && total > rows.length && (
                <SelectAllNotice total={total} all={everything} onChange={setAllSelected} />
              )}
              <ActionBar
                actions={page.bulkActions}
                params={params}
                selection={ticked}
                query={filter}
                onDone={reload}
              />
            </>
          )}
        </Space>
        <Space wrap>
          <ActionBar actions={page.toolbar} params={params} query={filter} onDone={reload} />
          <Button icon={<IconRefresh />} aria-label={t('common.refresh')} onClick={reload} />
          <ColumnSettings columns={arranged} onChange={saveSetting} />
        </Space>
      </div>
      {body}
      {runsJobs && <BulkJobResume onDone={reload} />}
    </Card>
  );
}
