/**
 * Navigation for code outside React (machines' actions, the HTTP layer). The router registers
 * itself at startup; before that, a full page load is the fallback.
 */
type Navigate = (to: string | number, opts?: { replace?: boolean }) => void;

let navigator: Navigate = (to) =>
  typeof to === 'number' ? window.history.go(to) : window.location.assign(to);

export function setNavigator(next: Navigate): void {
  navigator = next;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  navigator(to, opts);
}

export function navigateBack(): void {
  navigator(-1);
}

type RouteListener = (path: string) => void;
const routeListeners = new Set<RouteListener>();

/** Listeners told of every route change (the tab bar, the progress bar); cleared at logout. */
export function onRouteChange(listener: RouteListener): () => void {
  routeListeners.add(listener);
  return () => routeListeners.delete(listener);
}

export function emitRouteChange(path: string): void {
  for (const listener of routeListeners) listener(path);
}

export function clearRouteListeners(): void {
  routeListeners.clear();
}
