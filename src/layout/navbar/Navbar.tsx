import { Button, Tooltip } from '@arco-design/web-react';
import {
  IconFullscreen,
  IconFullscreenExit,
  IconMenu,
  IconMoonFill,
  IconSettings,
  IconSunFill,
} from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../../contract/menu';
import { settingsStore, useSettings } from '../../settings/store';
import { SiderMenu } from '../SiderMenu';
import { LanguageMenu } from './LanguageMenu';
import { MessageBox } from './MessageBox';
import { UserMenu } from './UserMenu';

interface Props {
  tree: MenuNode[];
  compact: boolean;
  onOpenMenuDrawer: () => void;
  onOpenSettings: () => void;
}

export function Logo() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="rgb(var(--arcoblue-6))" />
      <path d="M9 10h9a5 5 0 0 1 0 10h-5v4H9zm4 4v2h5a1 1 0 0 0 0-2z" fill="#fff" />
    </svg>
  );
}

function useFullscreen(): [boolean, () => void] {
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const on = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.();
  };
  return [full, toggle];
}

/** Logo and title, then locale, theme, full screen, settings, messages and the user menu. */
export function Navbar({ tree, compact, onOpenMenuDrawer, onOpenSettings }: Props) {
  const { t } = useTranslation();
  const settings = useSettings();
  const [full, toggleFull] = useFullscreen();
  const dark = settings.theme === 'dark';

  return (
    <div className="navbar">
      <div className="navbar-left">
        {compact && (
          <Button type="text" icon={<IconMenu />} aria-label={t('navbar.menu')} onClick={onOpenMenuDrawer} />
        )}
        <Logo />
        <span className="navbar-title">{t(compact ? 'app.shortTitle' : 'app.title')}</span>
      </div>
      {settings.topMenu && !compact && (
        <div className="navbar-center">
          <SiderMenu tree={tree} mode="horizontal" />
        </div>
      )}
      <ul className="navbar-right">
        <li>
          <LanguageMenu />
        </li>
        <li>
          <Tooltip content={t(dark ? 'navbar.theme.toLight' : 'navbar.theme.toDark')}>
            <Button
              shape="circle"
              aria-label={t(dark ? 'navbar.theme.toLight' : 'navbar.theme.toDark')}
              icon={dark ? <IconSunFill /> : <IconMoonFill />}
              onClick={() => settingsStore.set('theme', dark ? 'light' : 'dark')}
            />
          </Tooltip>
        </li>
        {!compact && (
          <li>
            <Tooltip content={t(full ? 'navbar.exitFullscreen' : 'navbar.fullscreen')}>
              <Button
                shape="circle"
                aria-label={t(full ? 'navbar.exitFullscreen' : 'navbar.fullscreen')}
                icon={full ? <IconFullscreenExit /> : <IconFullscreen />}
                onClick={toggleFull}
              />
            </Tooltip>
          </li>
        )}
        <li>
          <Button icon={<IconSettings />} onClick={onOpenSettings} data-testid="open-settings">
            {!compact && t('navbar.settings')}
          </Button>
        </li>
        <li>
          <MessageBox />
        </li>
        <li>
          <UserMenu />
        </li>
      </ul>
    </div>
  );
}
