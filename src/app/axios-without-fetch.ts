/**
 * Stands in for axios's fetch adapter (`axios/lib/adapters/fetch.js`, imported by its adapter
 * table; see vite.config.ts). Axios tries its adapters in the order xhr, http, fetch and takes
 * the first the platform has: every browser this app runs in has XMLHttpRequest, so the fetch
 * adapter (with its stream and signal helpers) is never chosen. Answering "no fetch here" keeps
 * that order's outcome.
 */
export function getFetch(): false {
  return false;
}
