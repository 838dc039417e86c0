import { memo, type ReactNode, useMemo } from 'react';
import { type Location, Route, Routes, useLocation } from 'react-router';
import type { MenuNode } from '../../contract/menu';
import { findRoute, matchRoutePath } from '../../contract/routes';
import { PageHost } from '../../ui-registry/PageHost';
import { RecordNameContext } from '../../ui-registry/record-name';
import { tabsStore, useTabs } from './tabs/store';

interface Slot {
  key: string;
  nonce: number;
  location: Location;
  active: boolean;
}

/**
 * Renders the current page and keeps the other open tabs mounted but hidden, so their state
 * (filters, scroll, form input) survives tab switches. All pages are siblings in one list
 * keyed by path, so switching tabs never remounts one. Each kept page sees its own location,
 * not the current one. Routes flagged ignoreCache are not kept and start fresh.
 */
export function KeepAlivePages({ tree }: { tree: MenuNode[] }) {
  const location = useLocation();
  const { tabs } = useTabs();
  const slots: Slot[] = tabs
    .filter((tab) => !tab.ignoreCache || tab.key === location.pathname)
    .map((tab) => ({
      key: tab.key,
      nonce: tab.nonce,
      active: tab.key === location.pathname,
      location:
        tab.key === location.pathname
          ? location
          : { pathname: tab.key, search: tab.query, hash: '', state: null, key: tab.key },
    }));
  if (!slots.some((s) => s.active)) slots.push({ key: location.pathname, nonce: 0, active: true, location });

  return (
    <>
      {slots.map((slot) => (
        <div key={`${slot.key}#${slot.nonce}`} className="keep-alive-page" hidden={!slot.active}>
          <NamedBy tabKey={slot.key}>
            <PageAt location={slot.location} tree={tree} />
          </NamedBy>
        </div>
      ))}
    </>
  );
}

/** The page of one tab tells that tab its record's name (a case's number). */
function NamedBy({ tabKey, children }: { tabKey: string; children: ReactNode }) {
  const tell = useMemo(() => (name: string) => tabsStore.nameRecord(tabKey, name), [tabKey]);
  return <RecordNameContext.Provider value={tell}>{children}</RecordNameContext.Provider>;
}

interface PageAtProps {
  location: Location;
  tree: MenuNode[];
}

function PageAtView({ location, tree }: PageAtProps) {
  const route = findRoute(tree, location.pathname);
  if (!route?.page) return null;
  const params = matchRoutePath(route.path, location.pathname) ?? {};
  return (
    <Routes location={location}>
      <Route path="*" element={<PageHost pageId={route.page} params={params} />} />
    </Routes>
  );
}

/** Hidden pages get a fresh location object each render; only a real change re-renders them. */
const PageAt = memo(
  PageAtView,
  (a, b) =>
    a.tree === b.tree &&
    a.location.pathname === b.location.pathname &&
    a.location.search === b.location.search &&
    a.location.key === b.location.key,
);
