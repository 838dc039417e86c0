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
import { MENU_ICONS, type MenuIcon } from '../contract/menu';

/** The static icon allowlist of contract/menu.ts (menus and stat cards), mapped to Arco icons. */
export const ALLOWLISTED_ICONS: Record<MenuIcon, ComponentType> = {
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

/** An icon by allowlisted name; anything else renders nothing. */
export function AllowlistedIcon({ name }: { name: string | undefined }) {
  const Icon =
    name && (MENU_ICONS as readonly string[]).includes(name) ? ALLOWLISTED_ICONS[name as MenuIcon] : null;
  return Icon ? <Icon /> : null;
}
