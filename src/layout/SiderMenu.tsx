import { Menu } from '@arco-design/web-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MenuNode } from '../../contract/menu';
import { matchRoutePath } from '../../contract/routes';
import { titleOf } from '../i18n';
import { MenuIconView } from './menu-icons';
import { routeChain, visibleMenu } from './menu-view';

interface Props {
  tree: MenuNode[];
  mode?: 'vertical' | 'horizontal';
  collapsed?: boolean;
  onNavigate?: () => void;
}

/** The sider (or top) menu: visible nodes of the role's tree, icons from the allowlist. */
export function SiderMenu({ tree, mode = 'vertical', collapsed, onNavigate }: Props) {
  // Re-rendered when the language changes.
  useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo(() => visibleMenu(tree), [tree]);
  // A hidden route (case detail) highlights the group it belongs to.
  const chain = useMemo(
    () => routeChain(tree, (n) => !n.children && matchRoutePath(n.path, pathname) !== null),
    [tree, pathname],
  );
  const selected = chain.length ? [chain[chain.length - 1].key] : [];
  const [openKeys, setOpenKeys] = useState<string[]>(() => chain.slice(0, -1).map((n) => n.key));
  const currentGroup = chain.length > 1 ? chain[0].key : null;
  useEffect(() => {
    if (currentGroup) setOpenKeys((keys) => (keys.includes(currentGroup) ? keys : [...keys, currentGroup]));
  }, [currentGroup]);

  const go = (node: MenuNode) => {
    if (node.external) window.open(node.external, '_blank', 'noopener,noreferrer');
    else navigate(node.path);
    onNavigate?.();
  };

  const renderNode = (node: MenuNode) => {
    const label = (
      <>
        <MenuIconView name={node.icon} />
        <span>{titleOf(node.title)}</span>
      </>
    );
    if (node.children?.length) {
      return (
        <Menu.SubMenu key={node.key} title={label}>
          {node.children.map((child) => (
            <Menu.Item key={child.key} onClick={() => go(child)}>
              {titleOf(child.title)}
            </Menu.Item>
          ))}
        </Menu.SubMenu>
      );
    }
    return (
      <Menu.Item key={node.key} onClick={() => go(node)}>
        {label}
      </Menu.Item>
    );
  };

  return (
    <Menu
      mode={mode === 'horizontal' ? 'horizontal' : 'vertical'}
      collapse={collapsed}
      selectedKeys={selected}
      openKeys={openKeys}
      onClickSubMenu={(_key, keys) => setOpenKeys(keys)}
      className="casedesk-menu"
      data-testid="sider-menu"
    >
      {items.map(renderNode)}
    </Menu>
  );
}
