import type { ColumnDescriptor, TablePage } from '../../contract/pages/descriptor';
import { casePages } from '../../server/pages/catalog/cases';
import { ROW_COUNT } from './rows';

/** The columns both tables show, in this order: the hand-written table (HandWrittenTable.tsx) has the same. */
export const BENCH_FIELDS = [
  'caseNo',
  'title',
  'type',
  'status',
  'debtorName',
  'amountFen',
  'courtSessionAt',
  'createdAt',
] as const;

const shipped = casePages.find((page): page is TablePage => page.id === 'search-table');
if (!shipped) throw new Error('bench/render: the catalog has no table page "search-table"');

function columnOf(field: string): ColumnDescriptor {
  const column = shipped?.columns.find((c) => c.field === field);
  if (!column) throw new Error(`bench/render: "search-table" has no column "${field}"`);
  return column;
}

/**
 * The case list as the server ships it (server/pages/catalog/cases.ts): its filters, toolbar,
 * bulk export (row selection) and row actions, with the bench's columns and 100 rows a page.
 */
export const shippedCaseTable: TablePage = {
  ...shipped,
  columns: BENCH_FIELDS.map(columnOf),
  pageSize: ROW_COUNT,
};

/** The same table with only what the hand-written one has too: title, columns, sort, paging. */
export const plainCaseTable: TablePage = {
  ...shippedCaseTable,
  filters: [],
  toolbar: [],
  bulkActions: [],
  rowActions: [],
};
