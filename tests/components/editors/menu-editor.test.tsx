import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MenuNode } from '../../../contract/menu';
import { DEFAULT_ROUTES, filterMenuForRole } from '../../../contract/routes';
import { server } from '../../../mocks/server';
import MenuEditor from '../../../src/pages/user/menu-editor';
import { renderPage, signIn, withHttpLayer } from '../builtin-pages/harness';
import { editingApi } from './editing-handlers';
import { menusApi } from './handlers';

withHttpLayer();

let api: ReturnType<typeof menusApi>;
beforeEach(async () => {
  await signIn({ role: 'superAdmin' });
  api = menusApi();
  server.use(...api.handlers, ...editingApi().handlers);
});

function find(tree: MenuNode[], key: string): MenuNode | undefined {
  for (const node of tree) {
    if (node.key === key) return node;
    const below = node.children && find(node.children, key);
    if (below) return below;
  }
  return undefined;
}

/** The preview's entries, top to bottom, as the role will read them. */
function previewTexts(): string[] {
  const preview = screen.getByTestId('menu-preview');
  return [...preview.querySelectorAll('.arco-menu-inline-header, .arco-menu-item')].map((e) =>
    (e.textContent ?? '').trim(),
  );
}

function row(key: string): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-node-key="${key}"]`);
  if (!el) throw new Error(`no row for ${key}`);
  return el;
}

async function openEditor() {
  renderPage('/user/menu-editor', <MenuEditor />);
  await screen.findByTestId('menu-preview');
}

describe('menu editor', () => {
  it("shows the lawyer's whole tree and previews exactly the menu a lawyer sees", async () => {
    await openEditor();
    // Hidden and parameterised routes are in the tree…
    expect(row('/profile/editlawyer')).toHaveTextContent('编辑律师信息');
    expect(within(row('/profile/editlawyer')).getByText('隐藏')).toBeInTheDocument();
    expect(row('/case/processing/:id')).toBeInTheDocument();
    // …but not in the menu the lawyer sees.
    expect(previewTexts()).toEqual([
      '仪表盘',
      '律师工作台',
      '律师中心',
      '案件池',
      '我的案件',
      '我的律师函',
      '个人中心',
      '用户信息',
    ]);
    expect(screen.getByText('默认菜单（产品路由表）')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /保存菜单/ })).toBeDisabled();
  });

  it('hides a node and saves the tree with hideInMenu; the preview follows at once', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await openEditor();
    await user.click(screen.getByRole('button', { name: '在菜单中隐藏 我的案件' }));
    expect(previewTexts()).not.toContain('我的案件');
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /保存菜单/ }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0].role).toBe('lawyer');
    expect(find(api.puts[0].tree, '/profile/case')?.hideInMenu).toBe(true);
    expect(await screen.findByText('律师的菜单已保存，下次加载菜单时生效')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('有未保存的修改')).toBeNull());
    expect(screen.getByText('已保存的菜单')).toBeInTheDocument();
  });

  it('reorders siblings and saves order fields that match what the tree shows', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await openEditor();
    await user.click(screen.getByRole('button', { name: '下移 案件池' }));
    expect(previewTexts()).toEqual([
      '仪表盘',
      '律师工作台',
      '律师中心',
      '我的案件',
      '案件池',
      '我的律师函',
      '个人中心',
      '用户信息',
    ]);

    await user.click(screen.getByRole('button', { name: /保存菜单/ }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    const profile = find(api.puts[0].tree, '/profile');
    expect(profile?.children?.map((n) => [n.key, n.order])).toEqual([
      ['/profile/case', 0],
      ['/profile/search-table-lawyer', 1],
      ['/profile/editlawyer', 2],
      ['/profile/letters', 3],
    ]);
  });

  it('reorders by drag and drop among siblings, and refuses a drop into another group', async () => {
    await openEditor();
    const title = (key: string) => row(key).closest('.arco-tree-node-title') as HTMLElement;
    const profileKeys = () =>
      [...document.querySelectorAll('[data-node-key^="/profile/"]')].map((e) =>
        e.getAttribute('data-node-key'),
      );
    /** happy-dom has no layout, so Arco reads every drag-over as "after the target". */
    const dragAfter = async (from: string, onto: string, allowed: boolean) => {
      fireEvent.dragStart(title(from));
      fireEvent.dragOver(title(onto));
      // Arco marks the drop gap (after a frame) only where allowDrop lets the node land.
      if (allowed) await waitFor(() => expect(title(onto).className).toContain('gap-bottom'));
      else {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        expect(title(onto).className).not.toContain('gap-bottom');
      }
      fireEvent.drop(title(onto));
      fireEvent.dragEnd(title(from));
    };

    await dragAfter('/profile/case', '/dashboard/lawyer-workplace', false);
    expect(profileKeys()).toEqual([
      '/profile/search-table-lawyer',
      '/profile/case',
      '/profile/editlawyer',
      '/profile/letters',
    ]);
    expect(screen.queryByText('有未保存的修改')).toBeNull();

    await dragAfter('/profile/search-table-lawyer', '/profile/editlawyer', true);
    await waitFor(() =>
      expect(profileKeys()).toEqual([
        '/profile/case',
        '/profile/editlawyer',
        '/profile/search-table-lawyer',
        '/profile/letters',
      ]),
    );
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
    expect(previewTexts()).toEqual([
      '仪表盘',
      '律师工作台',
      '律师中心',
      '我的案件',
      '案件池',
      '我的律师函',
      '个人中心',
      '用户信息',
    ]);
  });

  it('renames a node with an i18n key and changes its icon, showing the translation beside the key', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await openEditor();
    await user.click(within(row('/profile')).getByText('律师中心'));
    const inspector = screen.getByRole('form', { name: '节点设置' });
    expect(within(inspector).getByTestId('menu-editor-translated')).toHaveTextContent('律师中心');

    await user.click(within(inspector).getAllByRole('combobox')[0]);
    await user.click(await screen.findByRole('option', { name: /menu\.myCases/ }));
    expect(within(inspector).getByTestId('menu-editor-translated')).toHaveTextContent('我的案件');

    await user.click(within(inspector).getAllByRole('combobox')[1]);
    await user.click(await screen.findByRole('option', { name: 'trophy' }));

    expect(previewTexts()[2]).toBe('我的案件');
    await user.click(screen.getByRole('button', { name: /保存菜单/ }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(find(api.puts[0].tree, '/profile')).toMatchObject({ title: 'menu.myCases', icon: 'trophy' });
  });

  it('removes a node from the saved tree and can restore it before saving', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await openEditor();
    await user.click(screen.getByRole('button', { name: '移除 我的案件' }));
    expect(within(row('/profile/case')).getByText('已移除')).toBeInTheDocument();
    expect(previewTexts()).not.toContain('我的案件');

    await user.click(screen.getByRole('button', { name: '恢复 我的案件' }));
    expect(previewTexts()).toContain('我的案件');
    await user.click(screen.getByRole('button', { name: '移除 我的案件' }));
    await user.click(screen.getByRole('button', { name: /保存菜单/ }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(find(api.puts[0].tree, '/profile/case')).toBeUndefined();
  });

  it('offers nodes of the default table that a stored tree lacks, as removed and restorable', async () => {
    const tree = structuredClone(filterMenuForRole(DEFAULT_ROUTES, 'lawyer'));
    const profile = find(tree, '/profile') as MenuNode;
    profile.children = profile.children?.filter((n) => n.key !== '/profile/case');
    api.store('lawyer', tree);
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await openEditor();
    expect(within(row('/profile/case')).getByText('已移除')).toBeInTheDocument();
    expect(previewTexts()).not.toContain('我的案件');
    // Unchanged so far: the removed node is only on offer.
    expect(screen.queryByText('有未保存的修改')).toBeNull();

    await user.click(screen.getByRole('button', { name: '恢复 我的案件' }));
    await user.click(screen.getByRole('button', { name: /保存菜单/ }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(find(api.puts[0].tree, '/profile/case')).toBeDefined();
  });

  it("shows the server's refusal next to the node its path names", async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await openEditor();
    api.refuseNextSave('请求参数有误', [{ path: 'tree.2.children.1.icon', message: '图标不在允许列表中' }]);
    await user.click(screen.getByRole('button', { name: '在菜单中隐藏 案件池' }));
    await user.click(screen.getByRole('button', { name: /保存菜单/ }));

    expect(await within(row('/profile/case')).findByRole('alert')).toHaveTextContent(
      'icon: 图标不在允许列表中',
    );
    expect(screen.getByText(/服务器拒绝了这个菜单/)).toBeInTheDocument();
    // Still unsaved, nothing lost.
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
  });

  it('resets the role to the default table after confirming', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    api.store('lawyer', filterMenuForRole(DEFAULT_ROUTES, 'lawyer'));
    await openEditor();
    expect(screen.getByText('已保存的菜单')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /恢复默认/ }));
    expect(api.resets).toEqual([]);
    const question = await screen.findByText(/将律师的菜单恢复为产品默认路由表/);
    const popup = question.closest('.arco-popconfirm') as HTMLElement;
    await user.click(within(popup).getByRole('button', { name: '恢复默认' }));
    await waitFor(() => expect(api.resets).toEqual(['lawyer']));
    expect(await screen.findByText('默认菜单（产品路由表）')).toBeInTheDocument();
  });

  it('asks before switching role with unsaved changes, and stays when told to', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await openEditor();
    await user.click(screen.getByRole('button', { name: '移除 我的案件' }));
    await user.click(screen.getByRole('combobox', { name: '角色' }));
    await user.click(await screen.findByRole('option', { name: '案件运营' }));
    expect(await screen.findByText('放弃未保存的修改？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('放弃未保存的修改？')).toBeNull());
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
    expect(previewTexts()).toContain('律师中心');
  });
});
