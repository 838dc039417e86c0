import { useSyncExternalStore } from 'react';

/** Below 992 px the sider menu becomes a drawer. */
export const COMPACT_QUERY = '(max-width: 991px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
