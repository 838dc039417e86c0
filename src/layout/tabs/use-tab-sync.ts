import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { MenuNode } from '../../../contract/menu';
import type { Role } from '../../../contract/roles';
import { findRoute, homePathFor, matchRoutePath } from '../../../contract/routes';
import { tabsStore } from './store';

/**
 * Keeps the tab bar in step with the location; the role's home page is the pinned first tab.
 * A switch of role starts the bar afresh: no tab of the previous role stays.
 */
export function useTabSync(tree: MenuNode[], role: Role | null, menuReady: boolean) {
  const location = useLocation();
  const tabsRole = useRef(role);
  useEffect(() => {
    if (tabsRole.current !== role) {
      tabsRole.current = role;
      tabsStore.clear();
    }
    // Until the role's own menu is in, the tree on hand may be the previous role's.
    if (!menuReady) return;
    const home = findRoute(tree, homePathFor(role));
    if (home) {
      const path = homePathFor(role);
      if (!tabsStore.get().tabs.some((t) => t.key === path)) {
        tabsStore.open({
          key: path,
          title: home.title,
          name: home.name,
          fullPath: path,
          query: '',
          ignoreCache: false,
          pinned: true,
        });
      }
    }
    const route = findRoute(tree, location.pathname);
    if (!route) return;
    const params = Object.values(matchRoutePath(route.path, location.pathname) ?? {});
    tabsStore.open({
      key: location.pathname,
      title: route.title,
      detail: params.length > 0 ? params.join('/') : undefined,
      name: route.name,
      fullPath: location.pathname + location.search,
      query: location.search,
      ignoreCache: Boolean(route.ignoreCache),
    });
  }, [tree, role, menuReady, location.pathname, location.search]);
}
