import { TABLE_QUERY, type TablePage } from '../../../contract/pages/descriptor';
import { MAX_PAGE_SIZE } from '../../../contract/paging';
import { paramNames, toParams, toQueryEntries, valuesFromQuery } from '../../fields/values';
import { getField } from '../../record';

/**
 * A table page's state, kept in its query (the URL for a route's page) so a filtered list can
 * be shared and survives a reload. The same params go to the API: what the URL says is
 * exactly what is asked.
 */
export type SortOrder = 'ascend' | 'descend';
export interface TableState {
  page: number;
  pageSize: number;
  sort: { field: string; order: SortOrder } | null;
  /** The filter form's values, nested by field path. */
  filters: Record<string, unknown>;
}

export const PAGE_SIZES = [10, 20, 50, 100];

function positiveInt(text: string | null): number | null {
  if (text === null || !/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 ? n : null;
}

/** Fields a user may sort by: sortable columns, and the descriptor's default sort. */
export function sortableFields(page: TablePage): Set<string> {
  const fields = new Set(page.columns.filter((column) => column.sortable).map((column) => column.field));
  if (page.defaultSort) fields.add(page.defaultSort.field);
  return fields;
}

/** The query keys a table owns; the rest of the query is left as it is. */
export function ownKeys(page: TablePage): Set<string> {
  return new Set([...Object.values(TABLE_QUERY), ...page.filters.flatMap(paramNames)]);
}

export function readTableState(page: TablePage, query: URLSearchParams): TableState {
  const field = query.get(TABLE_QUERY.sortField);
  const order = query.get(TABLE_QUERY.sortOrder);
  const sort =
    field !== null && sortableFields(page).has(field) && (order === 'ascend' || order === 'descend')
      ? { field, order: order as SortOrder }
      : (page.defaultSort ?? null);
  return {
    page: positiveInt(query.get(TABLE_QUERY.page)) ?? 1,
    pageSize: Math.min(MAX_PAGE_SIZE, positiveInt(query.get(TABLE_QUERY.pageSize)) ?? page.pageSize),
    sort,
    filters: valuesFromQuery(page.filters, query),
  };
}

/** What the list's GET is asked with: the filters, the page, and the sort. */
export function tableRequestParams(page: TablePage, state: TableState): Record<string, string | string[]> {
  return {
    ...toParams(page.filters, state.filters),
    [TABLE_QUERY.page]: String(state.page),
    [TABLE_QUERY.pageSize]: String(state.pageSize),
    ...(state.sort
      ? { [TABLE_QUERY.sortField]: state.sort.field, [TABLE_QUERY.sortOrder]: state.sort.order }
      : {}),
  };
}

/** The filter and sort without the page: what an export of "the current filter" is asked with. */
export function filterParams(
  params: Readonly<Record<string, string | string[]>>,
): Record<string, string | string[]> {
  const { [TABLE_QUERY.page]: _page, [TABLE_QUERY.pageSize]: _size, ...rest } = params;
  return rest;
}

/** The query for a state: the table's keys replaced, only what differs from the defaults written. */
export function writeTableState(
  page: TablePage,
  current: URLSearchParams,
  state: TableState,
): URLSearchParams {
  const own = ownKeys(page);
  const next = new URLSearchParams();
  for (const [key, value] of current) if (!own.has(key)) next.append(key, value);
  for (const field of page.filters) {
    for (const [key, value] of toQueryEntries(field, getField(state.filters, field.name)))
      next.append(key, value);
  }
  if (state.page !== 1) next.set(TABLE_QUERY.page, String(state.page));
  if (state.pageSize !== page.pageSize) next.set(TABLE_QUERY.pageSize, String(state.pageSize));
  const fallback = page.defaultSort;
  if (
    state.sort &&
    !(fallback && fallback.field === state.sort.field && fallback.order === state.sort.order)
  ) {
    next.set(TABLE_QUERY.sortField, state.sort.field);
    next.set(TABLE_QUERY.sortOrder, state.sort.order);
  }
  return next;
}

/**
 * The sort after a click on a column header. Arco cycles ascend, descend, none; "none" on the
 * column of the default sort would snap straight back to it, so that column flips instead.
 */
export function nextSort(
  page: TablePage,
  current: TableState['sort'],
  field: string,
  direction: SortOrder | undefined,
): TableState['sort'] {
  if (direction) return { field, order: direction };
  if (page.defaultSort?.field === field) {
    const shown = current?.field === field ? current.order : page.defaultSort.order;
    return { field, order: shown === 'ascend' ? 'descend' : 'ascend' };
  }
  return null;
}
