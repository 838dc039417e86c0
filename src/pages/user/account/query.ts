import { userListQuerySchema } from '../../../../contract/users';

/** The filters and page of the account table, as they appear in the URL (?role=lawyer&page=2). */
export interface AccountQuery {
  role?: string;
  phone?: string;
  name?: string;
  enabled?: 'true' | 'false';
  page: number;
  pageSize: number;
}

export const FILTER_KEYS = ['role', 'phone', 'name', 'enabled'] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** Reads the URL leniently: a value the API would refuse is dropped, never sent. */
export function readAccountQuery(search: URLSearchParams): AccountQuery {
  const shape = userListQuerySchema.shape;
  const valid = (key: keyof typeof shape) => {
    const raw = search.get(key);
    return raw !== null && raw !== '' && shape[key].safeParse(raw).success ? raw : undefined;
  };
  const enabled = valid('enabled');
  return {
    role: valid('role'),
    phone: valid('phone')?.trim(),
    name: valid('name')?.trim(),
    enabled:
      enabled === 'true' || enabled === '1'
        ? 'true'
        : enabled === 'false' || enabled === '0'
          ? 'false'
          : undefined,
    page: Number(valid('page') ?? 1),
    pageSize: Number(valid('pageSize') ?? DEFAULT_PAGE_SIZE),
  };
}

/** The URL for a query: defaults and empty filters are left out, so a clean table has a clean URL. */
export function writeAccountQuery(query: AccountQuery): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = query[key];
    if (value) out.set(key, value);
  }
  if (query.page > 1) out.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) out.set('pageSize', String(query.pageSize));
  return out;
}

/** The API's query parameters for the same query. */
export function apiParams(query: AccountQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { page: query.page, pageSize: query.pageSize };
  for (const key of FILTER_KEYS) {
    const value = query[key];
    if (value) params[key] = value;
  }
  return params;
}
