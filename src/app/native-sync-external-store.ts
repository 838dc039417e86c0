/**
 * Stands in for `use-sync-external-store/shim` (see vite.config.ts): React 19 has the hook the
 * shim back-ports, and the shim hands out React's own when it is there.
 */
export { useSyncExternalStore } from 'react';
