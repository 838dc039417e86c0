import { Breadcrumb as ArcoBreadcrumb } from '@arco-design/web-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { MenuNode } from '../../contract/menu';
import { matchRoutePath } from '../../contract/routes';
import { titleOf } from '../i18n';
import { routeChain } from './menu-view';

/** Group > page, from the role's menu tree. */
export function Breadcrumb({ tree }: { tree: MenuNode[] }) {
  // Re-rendered when the language changes.
  useTranslation();
  const { pathname } = useLocation();
  const chain = useMemo(
    () => routeChain(tree, (n) => !n.children && matchRoutePath(n.path, pathname) !== null),
    [tree, pathname],
  );
  if (chain.length === 0) return null;
  return (
    <ArcoBreadcrumb className="layout-breadcrumb">
      {chain.map((node) => (
        <ArcoBreadcrumb.Item key={node.key}>{titleOf(node.title)}</ArcoBreadcrumb.Item>
      ))}
    </ArcoBreadcrumb>
  );
}
