import { Dropdown, Menu } from '@arco-design/web-react';
import { IconClose, IconRefresh } from '@arco-design/web-react/icon';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Tab, tabsStore, useTabs } from './store';
// Arco's own card-gutter tab styles over the strip below: the look of Arco Tabs without its
// scrolling, ink and panel machinery, which a row of page links does not use.
import '@arco-design/web-react/es/Tabs/style/index.css';
import { titleText } from '../../../contract/title-text';
import { currentLocale } from '../../i18n';

/**
 * A tab's words: the page's title, and for a route with parameters the record's own name (a
 * case's number) once its page told it, else the parameters (案件审核 #42).
 */
export function tabTitle(tab: Tab, t: (key: string, params?: Record<string, unknown>) => string): string {
  const title = titleText(tab.title, currentLocale(), (key) => t(key));
  if (!tab.detail) return title;
  if (tab.recordName) return t('tabs.titleNamed', { title, name: tab.recordName });
  return t('tabs.titleOf', { title, detail: tab.detail });
}

/**
 * Open pages as tabs: switch, close, close others / left / right, reload (also on a right
 * click or the context-menu key). Keyboard: the tabs are one stop in the tab order; arrows,
 * Home and End move between them, Enter or Space opens one, Delete closes it.
 */
export function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tabs, active } = useTabs();
  const strip = useRef<HTMLDivElement>(null);

  // A tab opened off-screen scrolls into view.
  useEffect(() => {
    const node = active ? strip.current?.querySelector(`[data-tab-key="${CSS.escape(active)}"]`) : null;
    node?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  const open = (tab: Tab) => navigate(tab.fullPath);

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

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const focusAt = (i: number) =>
      strip.current?.querySelectorAll<HTMLElement>('[role="tab"]')[(i + tabs.length) % tabs.length]?.focus();
    const tab = tabs[index];
    if (event.key === 'ArrowRight') focusAt(index + 1);
    else if (event.key === 'ArrowLeft') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(tabs.length - 1);
    else if (event.key === 'Enter' || event.key === ' ') open(tab);
    else if (event.key === 'Delete' && !tab.pinned) close(tab.key);
    else return;
    event.preventDefault();
  };

  if (tabs.length === 0) return null;
  return (
    <div className="tab-bar" data-testid="tab-bar">
      <div className="arco-tabs arco-tabs-horizontal arco-tabs-card-gutter arco-tabs-top arco-tabs-size-small">
        <div className="arco-tabs-header-nav arco-tabs-header-nav-horizontal arco-tabs-header-nav-top arco-tabs-header-size-small arco-tabs-header-nav-card-gutter">
          <div className="arco-tabs-header-scroll">
            <div className="arco-tabs-header-wrapper tab-bar-strip" ref={strip}>
              <div className="arco-tabs-header" role="tablist">
                {tabs.map((tab, index) => {
                  const isActive = tab.key === active;
                  return (
                    <Dropdown key={tab.key} trigger="contextMenu" droplist={contextMenu(tab.key)}>
                      <div
                        role="tab"
                        aria-selected={isActive}
                        tabIndex={isActive || (!active && index === 0) ? 0 : -1}
                        data-tab-key={tab.key}
                        className={`arco-tabs-header-title${isActive ? ' arco-tabs-header-title-active' : ''}${tab.pinned ? '' : ' arco-tabs-header-title-editable'}`}
                        onClick={() => open(tab)}
                        onKeyDown={(event) => onKeyDown(event, index)}
                      >
                        <span className="arco-tabs-header-title-text">{tabTitle(tab, t)}</span>
                        {!tab.pinned && (
                          // Not a tab stop of its own: Delete on the tab does the same.
                          <button
                            type="button"
                            aria-label={t('tabs.close')}
                            tabIndex={-1}
                            className="arco-tabs-close-icon tab-bar-close"
                            onClick={(event) => {
                              event.stopPropagation();
                              close(tab.key);
                            }}
                          >
                            <span className="arco-icon-hover arco-tabs-icon-hover">
                              <IconClose />
                            </span>
                          </button>
                        )}
                      </div>
                    </Dropdown>
                  );
                })}
              </div>
            </div>
            {/* Inside the scroll row, as Arco's own Tabs put their `extra`: at its right end. */}
            {active && (
              <div className="arco-tabs-header-extra">
                <button
                  type="button"
                  className="tab-bar-reload"
                  aria-label={t('tabs.reload')}
                  onClick={() => tabsStore.reload(active)}
                >
                  <IconRefresh />
                </button>
              </div>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
