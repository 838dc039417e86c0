import { useCallback, useEffect, useRef, useState } from 'react';
import { useEnvRef } from './context';
import { fillTemplate } from './record';
import type { RouteParams } from './registry';

export type SourceData =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  /** `refreshing`: the data shown is the previous answer while the same path is asked again. */
  | { status: 'ready'; data: unknown; refreshing: boolean };

export type SourceQuery = Readonly<Record<string, string | string[]>>;

/**
 * One GET of a descriptor's `source.path`, its `:params` filled from the route, with `query`
 * as query params (a table's filters and page). `reload` fetches again (retry after a
 * failure, refresh after an action); asking the same path again keeps the previous answer on
 * screen until the new one arrives. No path: ready with no data (a blank form).
 */
export function useSourceData(
  path: string | null,
  params: RouteParams,
  query?: SourceQuery,
  /** Read again whenever the environment says data changed (`onDataChanged`): lists and records, not forms. */
  live = false,
): SourceData & { reload: () => void } {
  const env = useEnvRef();
  const role = env.current.role;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<SourceData>(() =>
    path === null ? { status: 'ready', data: undefined, refreshing: false } : { status: 'loading' },
  );
  const filled = path === null ? null : fillTemplate(path, (name) => params[name]);
  // By value: a new object with the same filters does not refetch.
  const queryKey = query ? JSON.stringify(query) : '';
  const shownPath = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads; another role sees other data.
  useEffect(() => {
    if (path === null) {
      setState({ status: 'ready', data: undefined, refreshing: false });
      return;
    }
    if (filled === null) {
      setState({ status: 'failed', message: env.current.t('registry.missingParam', { path }) });
      return;
    }
    const controller = new AbortController();
    setState((previous) =>
      previous.status === 'ready' && shownPath.current === filled
        ? { ...previous, refreshing: true }
        : { status: 'loading' },
    );
    const params = queryKey ? (JSON.parse(queryKey) as Record<string, unknown>) : undefined;
    env.current.request('GET', filled, { params, signal: controller.signal, silent: true }).then(
      (data) => {
        if (controller.signal.aborted) return;
        shownPath.current = filled;
        setState({ status: 'ready', data, refreshing: false });
      },
      (error: unknown) =>
        !controller.signal.aborted &&
        setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => controller.abort();
  }, [env, filled, path, queryKey, role, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    if (!live || path === null) return;
    return env.current.onDataChanged?.(reload);
  }, [env, live, path, reload]);
  return { ...state, reload };
}
