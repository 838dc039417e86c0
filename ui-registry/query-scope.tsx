import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Where a page keeps the state a user may share or come back to (a table's filters, page and
 * sort): the route's URL query for the page of a route, a private query for anything else
 * (a drawer's child page, the page editor's preview), and a prefixed share of the parent's
 * for each tab of a tabs page, so two tables never read each other's `page`.
 */
export interface QueryScope {
  query: URLSearchParams;
  /** Replaces the query (a new history entry when it is the URL). */
  setQuery(next: URLSearchParams): void;
}

const QueryScopeContext = createContext<QueryScope | null>(null);

/** The query of the nearest scope; a private one when there is none. */
export function useQueryScope(): QueryScope {
  const scope = useContext(QueryScopeContext);
  const [query, setQuery] = useState(() => new URLSearchParams());
  const local = useMemo(() => ({ query, setQuery }), [query]);
  return scope ?? local;
}

/** The route's URL query (react-router's search params): shareable, kept across reloads. */
export function UrlQueryScope({ children }: { children: ReactNode }) {
  const [query, setSearchParams] = useSearchParams();
  const scope = useMemo<QueryScope>(
    () => ({ query, setQuery: (next) => setSearchParams(next) }),
    [query, setSearchParams],
  );
  return <QueryScopeContext.Provider value={scope}>{children}</QueryScopeContext.Provider>;
}

/** A private query: what is inside never touches the URL or the scope around it. */
export function LocalQueryScope({ children }: { children: ReactNode }) {
  const [query, setQuery] = useState(() => new URLSearchParams());
  const scope = useMemo(() => ({ query, setQuery }), [query]);
  return <QueryScopeContext.Provider value={scope}>{children}</QueryScopeContext.Provider>;
}

/** The keys of the parent scope that start with `prefix.`, seen without it. */
export function PrefixedQueryScope({ prefix, children }: { prefix: string; children: ReactNode }) {
  const parent = useQueryScope();
  const scope = useMemo<QueryScope>(() => {
    const start = `${prefix}.`;
    const query = new URLSearchParams();
    for (const [key, value] of parent.query)
      if (key.startsWith(start)) query.append(key.slice(start.length), value);
    return {
      query,
      setQuery(next) {
        const merged = new URLSearchParams();
        for (const [key, value] of parent.query) if (!key.startsWith(start)) merged.append(key, value);
        for (const [key, value] of next) merged.append(`${start}${key}`, value);
        parent.setQuery(merged);
      },
    };
  }, [parent, prefix]);
  return <QueryScopeContext.Provider value={scope}>{children}</QueryScopeContext.Provider>;
}
