import { Avatar, Dropdown, Menu, Message } from '@arco-design/web-react';
import { IconIdcard, IconPoweroff, IconSettings, IconSwap } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Role } from '../../../contract/roles';
import { logout, switchRole, useSession } from '../../session/session';

/**
 * The user dropdown: user info (/user/info), the user's own settings (/user/setting, every role
 * may open it), switch role (only with several roles), logout. The display drawer (theme, menu
 * source, copy settings) is the navbar's 设置 button, not this menu.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo, role } = useSession();
  const otherRoles = (userInfo?.roles ?? []).filter((r) => r !== role);

  const onClick = async (key: string) => {
    if (key === 'info') navigate('/user/info');
    else if (key === 'settings') navigate('/user/setting');
    else if (key === 'logout') {
      await logout();
      Message.success(t('navbar.logout.done'));
      navigate('/login');
    } else if (key.startsWith('role:')) {
      const next = key.slice(5) as Role;
      await switchRole(next);
      Message.success(t('navbar.switchRole.done', { role: t(`enum.role.${next}`) }));
      navigate('/');
    }
  };

  const droplist = (
    <Menu onClickMenuItem={(key) => void onClick(key)}>
      <Menu.Item key="info">
        <IconIdcard className="dropdown-icon" />
        {t('menu.userInfo')}
      </Menu.Item>
      <Menu.Item key="settings">
        <IconSettings className="dropdown-icon" />
        {t('navbar.userSettings')}
      </Menu.Item>
      {otherRoles.length > 0 && (
        <Menu.SubMenu
          key="switch"
          title={
            <span>
              <IconSwap className="dropdown-icon" />
              {t('navbar.switchRole')}
            </span>
          }
        >
          {otherRoles.map((r) => (
            <Menu.Item key={`role:${r}`}>{t(`enum.role.${r}`)}</Menu.Item>
          ))}
        </Menu.SubMenu>
      )}
      <Menu.Item key="logout">
        <IconPoweroff className="dropdown-icon" />
        {t('navbar.logout')}
      </Menu.Item>
    </Menu>
  );

  return (
    <Dropdown droplist={droplist} position="br" trigger="click">
      <button type="button" className="navbar-user" data-testid="user-menu">
        <Avatar size={28} style={{ backgroundColor: 'rgb(var(--arcoblue-6))' }}>
          {userInfo?.avatar ? <img alt="" src={userInfo.avatar} /> : (userInfo?.name ?? '?').slice(0, 1)}
        </Avatar>
        <span className="navbar-user-name">{userInfo?.name}</span>
        {role && <span className="navbar-user-role">{t(`enum.role.${role}`)}</span>}
      </button>
    </Dropdown>
  );
}
