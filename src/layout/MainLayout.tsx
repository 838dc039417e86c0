import { Button, Layout, Spin } from '@arco-design/web-react';
import { IconSettings } from '@arco-design/web-react/icon';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useRevalidator } from 'react-router';
import { LoadFailed } from '../../ui-registry';
import { ArcoLocale } from '../app/ArcoLocale';
import { useMenu } from '../session/menu';
import { useSession } from '../session/session';
import { settingsStore, useSettings } from '../settings/store';
import { Breadcrumb } from './Breadcrumb';
import { Footer } from './Footer';
import { KeepAlivePages } from './KeepAlivePages';
import { Navbar } from './navbar/Navbar';
import { PageNotFound } from './PageNotFound';
import { RegistryScope } from './RegistryScope';
import { SiderMenu } from './SiderMenu';
import { TabBar } from './tabs/TabBar';
import { useTabSync } from './tabs/use-tab-sync';
import { COMPACT_QUERY, useMediaQuery } from './use-media';
import './layout.css';

// Drawers load when first opened; `null` below means "never opened yet".
const SettingsDrawer = lazy(() => import('./settings/SettingsDrawer'));
const MenuDrawer = lazy(() => import('./MenuDrawer'));

const NAVBAR_HEIGHT = 60;
const COLLAPSED_WIDTH = 48;

/**
 * The signed-in frame, inside the registry's environment: the pages use it, and so do the
 * navbar's and the menu's load-failed blocks.
 */
export default function MainLayout() {
  return (
    <RegistryScope>
      <Frame />
    </RegistryScope>
  );
}

/** Navbar, sider menu (a drawer below 992 px), tabs, breadcrumb, pages kept alive, footer. */
function Frame() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { role } = useSession();
  const menu = useMenu();
  const loader = useLoaderData() as { notFound?: boolean } | undefined;
  const compact = useMediaQuery(COMPACT_QUERY);
  const [menuDrawer, setMenuDrawer] = useState<boolean | null>(null);
  const [settingsOpen, setSettingsOpen] = useState<boolean | null>(null);
  const tree = menu.tree;
  useTabSync(tree, role, menu.status === 'ready');
  // A new menu (login, role switch, an administrator's change) may no longer hold the page on
  // screen: the guard decides the current location again and moves the user if so.
  const { revalidate } = useRevalidator();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tree is exactly what must re-run the guard
  useEffect(() => {
    if (menu.status === 'ready') void revalidate();
  }, [tree, menu.status, revalidate]);

  const openSettings = () => setSettingsOpen(true);

  const showSider = settings.menu && !settings.topMenu && !compact;
  const siderWidth = settings.menuCollapsed ? COLLAPSED_WIDTH : settings.menuWidth;
  const paddingTop = settings.navbar ? NAVBAR_HEIGHT : 0;
  const paddingLeft = showSider ? siderWidth : 0;
  const menuView = useMemo(
    () => (
      <SiderMenu
        tree={tree}
        collapsed={settings.menuCollapsed && !compact}
        onNavigate={() => setMenuDrawer((open) => (open === null ? null : false))}
      />
    ),
    [tree, settings.menuCollapsed, compact],
  );

  return (
    <ArcoLocale>
      <Layout className="layout">
        {settings.navbar && (
          <div className="layout-navbar">
            <Navbar
              tree={tree}
              compact={compact}
              onOpenMenuDrawer={() => setMenuDrawer(true)}
              onOpenSettings={openSettings}
            />
          </div>
        )}
        {showSider && (
          <Layout.Sider
            className={`layout-sider${settings.navbar ? '' : ' no-navbar'}`}
            width={settings.menuWidth}
            collapsedWidth={COLLAPSED_WIDTH}
            collapsed={settings.menuCollapsed}
            collapsible
            onCollapse={(collapsed) => settingsStore.set('menuCollapsed', collapsed)}
          >
            {menuView}
          </Layout.Sider>
        )}
        {compact && settings.menu && menuDrawer !== null && (
          <Suspense fallback={null}>
            <MenuDrawer visible={menuDrawer} title={t('app.shortTitle')} onClose={() => setMenuDrawer(false)}>
              {menuView}
            </MenuDrawer>
          </Suspense>
        )}
        <div className="layout-body" style={{ paddingTop, paddingLeft }}>
          <div className="layout-content">
            {settings.tabBar && <TabBar />}
            <main className="layout-main">
              <Breadcrumb tree={tree} />
              {menu.status === 'loading' && tree.length === 0 ? (
                <Spin block loading tip={t('menu.loading')} style={{ minHeight: 240 }} />
              ) : menu.status === 'failed' ? (
                <LoadFailed
                  title={t('menu.loadFailed')}
                  reason={menu.error ?? undefined}
                  onRetry={menu.retry}
                />
              ) : loader?.notFound ? (
                <PageNotFound />
              ) : (
                <KeepAlivePages tree={tree} />
              )}
            </main>
            {settings.footer && <Footer />}
          </div>
        </div>
        {!settings.navbar && (
          <Button
            className="settings-float-button"
            type="primary"
            icon={<IconSettings />}
            aria-label={t('navbar.settings')}
            onClick={openSettings}
          />
        )}
        {settingsOpen !== null && (
          <Suspense fallback={null}>
            <SettingsDrawer visible={settingsOpen} onClose={() => setSettingsOpen(false)} />
          </Suspense>
        )}
      </Layout>
    </ArcoLocale>
  );
}
