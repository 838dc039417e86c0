import { Card, Empty, Skeleton, Table, type TableColumnProps, Tag } from '@arco-design/web-react';
import { type MouseEvent, useEffect, useMemo, useState } from 'react';
import type { CaseRow } from '../../contract/case-api';
import { enumLabelKey } from '../../contract/pages/enums';
import { countdownText, timeLeft } from '../../ui-registry/widgets/countdown';
import { formatDateTime, toDate } from '../../ui-registry/widgets/date';
import { formatFen } from '../../ui-registry/widgets/money';
import { statusColor } from '../../ui-registry/widgets/status-colors';
import { benchEnvironment, LIST_TOTAL, t } from './environment';
import { ROW_COUNT } from './rows';

type SortOrder = 'ascend' | 'descend';

/**
 * The case list written by hand with Arco's Table: the columns of the descriptor's (widths,
 * fixed case number, sortable amount, session and created time), the same cell output (the
 * registry's pure formatters, so both print the same text), the same pager. One minute clock
 * for the whole table instead of one per countdown cell.
 */
export function HandWrittenTable({ rows, loading = false }: { rows: readonly CaseRow[]; loading?: boolean }) {
  const [sort, setSort] = useState<{ field: string; order: SortOrder } | null>({
    field: 'createdAt',
    order: 'descend',
  });
  const [page, setPage] = useState({ current: 1, pageSize: ROW_COUNT });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const columns = useMemo<TableColumnProps<CaseRow>[]>(() => {
    const sortOrder = (field: string) => (sort?.field === field ? sort.order : undefined);
    const open = (event: MouseEvent<HTMLAnchorElement>, to: string) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      benchEnvironment.navigate(to);
    };
    return [
      {
        key: 'caseNo',
        title: t('case.caseNo'),
        width: 140,
        fixed: 'left',
        render: (_, row) => (
          <a
            href={`/list/case-detail/${row.id}`}
            onClick={(event) => open(event, `/list/case-detail/${row.id}`)}
            style={{ color: 'rgb(var(--primary-6))', textDecoration: 'none' }}
          >
            {row.caseNo}
          </a>
        ),
      },
      { key: 'title', title: t('case.title'), width: 260, render: (_, row) => row.title },
      {
        key: 'type',
        title: t('case.type'),
        width: 90,
        render: (_, row) => t(enumLabelKey('caseType', row.type), { defaultValue: row.type }),
      },
      {
        key: 'status',
        title: t('case.status'),
        width: 100,
        render: (_, row) => (
          <Tag color={statusColor('caseStatus', row.status)} data-status={row.status}>
            {t(enumLabelKey('caseStatus', row.status), { defaultValue: row.status })}
          </Tag>
        ),
      },
      { key: 'debtorName', title: t('case.debtorName'), width: 120, render: (_, row) => row.debtorName },
      {
        key: 'amountFen',
        title: t('case.amount'),
        width: 140,
        sorter: true,
        sortOrder: sortOrder('amountFen'),
        render: (_, row) => (
          <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatFen(row.amountFen)}</span>
        ),
      },
      {
        key: 'courtSessionAt',
        title: t('case.courtSessionAt'),
        width: 140,
        sorter: true,
        sortOrder: sortOrder('courtSessionAt'),
        render: (_, row) => {
          const target = toDate(row.courtSessionAt);
          if (!target) return '-';
          const left = timeLeft(target, now);
          const color = !left ? 'var(--color-text-3)' : left.days === 0 ? 'rgb(var(--warning-6))' : undefined;
          return (
            <span style={{ color }} title={formatDateTime(target.getTime())}>
              {countdownText(target, now, t)}
            </span>
          );
        },
      },
      {
        key: 'createdAt',
        title: t('case.createdAt'),
        width: 170,
        sorter: true,
        sortOrder: sortOrder('createdAt'),
        render: (_, row) => formatDateTime(row.createdAt),
      },
    ];
  }, [sort, now]);

  return (
    <Card bordered={false} title={t('menu.searchTable')}>
      {loading ? (
        <Skeleton animation text={{ rows: 8 }} />
      ) : (
        <Table<CaseRow>
          rowKey="id"
          data={rows as CaseRow[]}
          columns={columns}
          border={false}
          scroll={{ x: true }}
          noDataElement={<Empty description={t('common.empty')} />}
          pagination={{
            ...page,
            total: LIST_TOTAL,
            showTotal: (total: number) => t('common.total', { total }),
            sizeCanChange: true,
            sizeOptions: [10, 20, 50, 100],
          }}
          onChange={(pagination, sorter, _filters, extra) => {
            if (extra.action === 'paginate') {
              setPage({ current: pagination.current ?? 1, pageSize: pagination.pageSize ?? page.pageSize });
            } else if (extra.action === 'sort' && !Array.isArray(sorter)) {
              const field = String(sorter.field);
              setSort(sorter.direction ? { field, order: sorter.direction as SortOrder } : null);
            }
          }}
        />
      )}
    </Card>
  );
}

/**
 * The same table loading its rows the way the descriptor's table does: a skeleton first, then
 * an effect asks the environment and the answer is set as state. Not the comparison the
 * target is about; it shows what the second render pass alone costs.
 */
export function HandWrittenFetchingTable() {
  const [rows, setRows] = useState<CaseRow[] | null>(null);
  useEffect(() => {
    let live = true;
    benchEnvironment
      .request<{ list: CaseRow[] }>('GET', '/cases', { params: { page: '1', pageSize: '100' } })
      .then((answer) => live && setRows(answer.list));
    return () => {
      live = false;
    };
  }, []);
  return <HandWrittenTable rows={rows ?? []} loading={rows === null} />;
}
