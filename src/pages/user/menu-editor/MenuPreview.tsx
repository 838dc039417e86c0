import { Empty, Menu, Typography } from '@arco-design/web-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../../../contract/menu';
import type { Role } from '../../../../contract/roles';
import { filterMenuForRole } from '../../../../contract/routes';
import { titleOf } from '../../../i18n';
import { MenuIconView } from '../../../layout/menu-icons';
import { visibleMenu } from '../../../layout/menu-view';

/**
 * The menu as the role will see it: the server's permission filter, then what the sider
 * shows (visibleMenu), drawn the way SiderMenu draws it (icons on top-level entries,
 * translated titles), with a notice saying whose menu it is. Clicking goes nowhere: it is a
 * preview. The filter is contract/routes.ts `filterMenuForRole`, the one GET /api/user/menu runs
 * on the stored tree, so the preview needs no call of its own.
 */
export function MenuPreview({ tree, role }: { tree: MenuNode[]; role: Role }) {
  const { t } = useTranslation();
  const items = useMemo(() => visibleMenu(filterMenuForRole(tree, role)), [tree, role]);
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const groups = items.filter((n) => n.children?.length).map((n) => n.key);
  const notice = (
    <Typography.Paragraph type="secondary" data-testid="menu-preview-notice">
      {t('menuEditor.previewAs', { role: t(`enum.role.${role}`) })}
    </Typography.Paragraph>
  );
  if (items.length === 0)
    return (
      <>
        {notice}
        <Empty description={t('menuEditor.previewEmpty')} />
      </>
    );

  return (
    <>
      {notice}
      <Menu
        className="casedesk-menu menu-editor-preview"
        data-testid="menu-preview"
        selectable={false}
        openKeys={groups.filter((k) => !closed.has(k))}
        onClickSubMenu={(_key, open) => setClosed(new Set(groups.filter((k) => !open.includes(k))))}
      >
        {items.map((node) => {
          const label = (
            <>
              <MenuIconView name={node.icon} />
              <span>{titleOf(node.title)}</span>
            </>
          );
          if (!node.children?.length) return <Menu.Item key={node.key}>{label}</Menu.Item>;
          return (
            <Menu.SubMenu key={node.key} title={label}>
              {node.children.map((child) => (
                <Menu.Item key={child.key}>{titleOf(child.title)}</Menu.Item>
              ))}
            </Menu.SubMenu>
          );
        })}
      </Menu>
    </>
  );
}
