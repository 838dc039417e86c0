import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { MenuNode } from '../../../contract/menu';
import type { Role } from '../../../contract/roles';
import { findRoute, homePathFor } from '../../../contract/routes';
import { tabsStore } from './store';

/** Keeps the tab bar in step with the location; the role's home page is the pinned first tab. */
export function useTabSync(tree: MenuNode[], role: Role | null) {
  const location = useLocation();
  useEffect(() => {
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
    tabsStore.open({
      key: location.pathname,
      title: route.title,
      name: route.name,
      fullPath: location.pathname + location.search,
      query: location.search,
      ignoreCache: Boolean(route.ignoreCache),
    });
  }, [tree, role, location.pathname, location.search]);
}
