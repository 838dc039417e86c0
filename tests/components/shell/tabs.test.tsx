import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../locales/all';
import { tabsStore } from '../../../src/layout/tabs/store';
import { TabBar, tabTitle } from '../../../src/layout/tabs/TabBar';

const tab = (key: string, extra: Partial<Parameters<typeof tabsStore.open>[0]> = {}) => ({
  key,
  title: `title:${key}`,
  name: key,
  fullPath: key,
  query: '',
  ignoreCache: false,
  ...extra,
});

beforeEach(() => tabsStore.clear());

describe('the tab store', () => {
  it('keeps the pinned home tab first and focuses a reopened tab', () => {
    tabsStore.open(tab('/a'));
    tabsStore.open(tab('/dashboard/workplace', { pinned: true }));
    tabsStore.open(tab('/b'));
    tabsStore.open(tab('/a', { fullPath: '/a?page=2', query: '?page=2' }));
    const { tabs, active } = tabsStore.get();
    expect(tabs.map((t) => t.key)).toEqual(['/dashboard/workplace', '/a', '/b']);
    expect(active).toBe('/a');
    expect(tabs[1].fullPath).toBe('/a?page=2');
  });

  it('never closes the pinned tab and answers the neighbour to show', () => {
    tabsStore.open(tab('/home', { pinned: true }));
    tabsStore.open(tab('/a'));
    tabsStore.open(tab('/b'));
    expect(tabsStore.close('/home')).toBeNull();
    expect(tabsStore.get().tabs).toHaveLength(3);
    const next = tabsStore.close('/b');
    expect(next?.key).toBe('/a');
    expect(tabsStore.get().active).toBe('/a');
  });

  it('closes others, left and right but keeps the pinned tab', () => {
    for (const key of ['/home', '/a', '/b', '/c', '/d'])
      tabsStore.open(tab(key, { pinned: key === '/home' }));
    tabsStore.closeLeft('/b');
    expect(tabsStore.get().tabs.map((t) => t.key)).toEqual(['/home', '/b', '/c', '/d']);
    tabsStore.closeRight('/c');
    expect(tabsStore.get().tabs.map((t) => t.key)).toEqual(['/home', '/b', '/c']);
    tabsStore.closeOthers('/c');
    expect(tabsStore.get().tabs.map((t) => t.key)).toEqual(['/home', '/c']);
  });

  it('reloads a tab by giving it a new nonce, and clears everything at logout', () => {
    tabsStore.open(tab('/a'));
    tabsStore.reload('/a');
    expect(tabsStore.get().tabs[0].nonce).toBe(1);
    tabsStore.clear();
    expect(tabsStore.get()).toEqual({ tabs: [], active: null });
  });
});

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderBar(initial: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <TabBar />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
}

describe('the tab bar', () => {
  it('switches to a tab at its full path, query included', async () => {
    act(() => {
      tabsStore.open(tab('/home', { pinned: true }));
      tabsStore.open(tab('/list', { fullPath: '/list?status=pending', query: '?status=pending' }));
      tabsStore.open(tab('/other'));
    });
    renderBar('/other');
    await userEvent.click(screen.getByText('title:/list'));
    expect(screen.getByTestId('where')).toHaveTextContent('/list?status=pending');
  });

  it('closes the active tab and shows its neighbour; the pinned tab has no close button', async () => {
    act(() => {
      tabsStore.open(tab('/home', { pinned: true }));
      tabsStore.open(tab('/a'));
      tabsStore.open(tab('/b'));
    });
    renderBar('/b');
    const bar = screen.getByTestId('tab-bar');
    const closeButtons = bar.querySelectorAll('.arco-tabs-close-icon');
    expect(closeButtons).toHaveLength(2);
    await userEvent.click(closeButtons[1] as HTMLElement);
    expect(tabsStore.get().tabs.map((t) => t.key)).toEqual(['/home', '/a']);
    expect(screen.getByTestId('where')).toHaveTextContent('/a');
    expect(within(bar).queryByText('title:/b')).toBeNull();
  });
});

describe('a tab’s title', () => {
  /** The catalogues' words with their {{slots}} filled, as i18next does. */
  const t = (key: string, params: Record<string, unknown> = {}) =>
    ((CATALOGUES['zh-CN'] as Record<string, string>)[key] ?? key).replace(
      /{{(\w+)}}/g,
      (_: string, name: string) => String(params[name]),
    );

  it('reads a record’s own name (a case’s number) once its page told it, not #id', () => {
    tabsStore.open(tab('/list/case-detail/42', { title: 'menu.caseDetail', detail: '42' }));
    expect(tabTitle(tabsStore.get().tabs[0], t)).toBe('案件详情 #42');
    tabsStore.nameRecord('/list/case-detail/42', 'MS00000042');
    expect(tabTitle(tabsStore.get().tabs[0], t)).toBe('案件详情 MS00000042');
    // Going back to it later keeps the name.
    tabsStore.open(tab('/list/case-detail/42', { title: 'menu.caseDetail', detail: '42', query: '?a=1' }));
    expect(tabTitle(tabsStore.get().tabs[0], t)).toBe('案件详情 MS00000042');
  });

  it('keeps a page without parameters by its title alone, whatever its form read', () => {
    tabsStore.open(tab('/user/setting', { title: 'menu.userSetting' }));
    tabsStore.nameRecord('/user/setting', '林晓雯');
    expect(tabTitle(tabsStore.get().tabs[0], t)).toBe(t('menu.userSetting'));
  });
});
