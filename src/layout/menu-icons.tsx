import {
  IconApps,
  IconArchive,
  IconBook,
  IconCalendar,
  IconCommon,
  IconDashboard,
  IconEdit,
  IconFile,
  IconFolder,
  IconIdcard,
  IconList,
  IconMindMapping,
  IconMobile,
  IconNotification,
  IconSafe,
  IconSend,
  IconSettings,
  IconStamp,
  IconStorage,
  IconTool,
  IconTrophy,
  IconUser,
  IconUserGroup,
} from '@arco-design/web-react/icon';
import type { ComponentType } from 'react';
import type { MenuIcon } from '../../contract/menu';

/** The static icon allowlist of contract/menu.ts, mapped to Arco icons. */
const ICONS: Record<MenuIcon, ComponentType> = {
  dashboard: IconDashboard,
  form: IconEdit,
  list: IconList,
  case: IconFolder,
  profile: IconIdcard,
  result: IconStorage,
  lawoffice: IconUserGroup,
  statistics: IconMindMapping,
  user: IconUser,
  wallet: IconCommon,
  file: IconFile,
  settings: IconSettings,
  apps: IconApps,
  safe: IconSafe,
  stamp: IconStamp,
  send: IconSend,
  notification: IconNotification,
  calendar: IconCalendar,
  idcard: IconIdcard,
  bank: IconBook,
  archive: IconArchive,
  tool: IconTool,
  mobile: IconMobile,
  trophy: IconTrophy,
};

/** An unknown name renders an empty placeholder of the same size, never a crash. */
export function MenuIconView({ name }: { name?: string }) {
  const Icon = name ? ICONS[name as MenuIcon] : undefined;
  if (!Icon) return <span className="menu-icon-placeholder" aria-hidden="true" />;
  return <Icon />;
}
