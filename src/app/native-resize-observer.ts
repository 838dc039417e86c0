/**
 * Stands in for `resize-observer-polyfill` (see vite.config.ts): every browser the build
 * targets has ResizeObserver, which the polyfill itself hands out when it is there.
 */
export default globalThis.ResizeObserver;
