import { Dropdown, Menu, Tabs } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { tabsStore, useTabs } from './store';

/** Open pages as tabs: switch, close, close others / left / right, reload. */
export function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tabs, active } = useTabs();

  const close = (key: string) => {
    const next = tabsStore.close(key);
    if (next) navigate(next.fullPath);
  };

  const contextMenu = (key: string) => (
    <Menu
      onClickMenuItem={(action) => {
        if (action === 'reload') tabsStore.reload(key);
        else if (action === 'close') close(key);
        else if (action === 'others') {
          tabsStore.closeOthers(key);
          const tab = tabs.find((x) => x.key === key);
          if (tab && key !== active) navigate(tab.fullPath);
        } else if (action === 'left') tabsStore.closeLeft(key);
        else if (action === 'right') tabsStore.closeRight(key);
        const still = tabsStore.get().tabs.find((x) => x.key === tabsStore.get().active);
        if (!still) {
          const first = tabsStore.get().tabs[0];
          if (first) navigate(first.fullPath);
        }
      }}
    >
      <Menu.Item key="reload">{t('tabs.reload')}</Menu.Item>
      <Menu.Item key="close" disabled={tabs.find((x) => x.key === key)?.pinned}>
        {t('tabs.close')}
      </Menu.Item>
      <Menu.Item key="others">{t('tabs.closeOthers')}</Menu.Item>
      <Menu.Item key="left">{t('tabs.closeLeft')}</Menu.Item>
      <Menu.Item key="right">{t('tabs.closeRight')}</Menu.Item>
    </Menu>
  );

  if (tabs.length === 0) return null;
  return (
    <div className="tab-bar" data-testid="tab-bar">
      <Tabs
        type="card-gutter"
        size="small"
        editable
        showAddButton={false}
        activeTab={active ?? undefined}
        onChange={(key) => {
          const tab = tabs.find((x) => x.key === key);
          if (tab) navigate(tab.fullPath);
        }}
        onDeleteTab={close}
        extra={
          active ? (
            <button
              type="button"
              className="tab-bar-reload"
              aria-label={t('tabs.reload')}
              onClick={() => tabsStore.reload(active)}
            >
              <IconRefresh />
            </button>
          ) : null
        }
      >
        {tabs.map((tab) => (
          <Tabs.TabPane
            key={tab.key}
            closable={!tab.pinned}
            title={
              <Dropdown trigger="contextMenu" droplist={contextMenu(tab.key)}>
                <span data-tab-key={tab.key}>{t(tab.title)}</span>
              </Dropdown>
            }
          />
        ))}
      </Tabs>
    </div>
  );
}
