import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ROUTES, filterMenuForRole } from '../../../contract/routes';
import { jsonDiff } from '../../../contract/versions';
import { server } from '../../../mocks/server';
import MenuEditor from '../../../src/pages/user/menu-editor';
import { DiffView } from '../../../src/pages/user/versions/DiffView';
import { renderPage, signIn, withHttpLayer } from '../builtin-pages/harness';
import { editingApi } from './editing-handlers';
import { menusApi } from './handlers';

withHttpLayer();

describe('the difference between two versions', () => {
  it('shows each changed path with the value before and after, side by side', () => {
    const before = { title: 'menu.userAccount', columns: [{ field: 'name', title: 'menu.a' }] };
    const after = {
      title: { 'zh-CN': '用户', 'en-US': 'Users' },
      columns: [
        { field: 'name', title: 'menu.b' },
        { field: 'id', title: 'menu.c' },
      ],
    };
    render(<DiffView list={jsonDiff(before, after)} beforeLabel="版本 3" afterLabel="我的修改" />);
    const table = screen.getByTestId('version-diff');
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim()),
    );
    expect(rows).toEqual([
      ['/title', 'menu.userAccount', '{"zh-CN":"用户","en-US":"Users"}'],
      ['/columns/0/title', 'menu.a', 'menu.b'],
      ['/columns/1', '—', '{"field":"id","title":"menu.c"}'],
    ]);
    expect(within(table).getByText('版本 3')).toBeInTheDocument();
    expect(within(table).getByText('我的修改')).toBeInTheDocument();
  });

  it('says so when nothing differs', () => {
    render(<DiffView list={[]} beforeLabel="a" afterLabel="b" />);
    expect(screen.getByText('两个版本没有差别')).toBeInTheDocument();
  });
});

describe('a menu publish overtaken by another administrator', () => {
  let api: ReturnType<typeof menusApi>;
  beforeEach(async () => {
    await signIn({ role: 'superAdmin' });
    api = menusApi();
    server.use(...api.handlers, ...editingApi().handlers);
  });

  it('names who saved first, shows the difference, and reapplies the edit on top of their version', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderPage('/user/menu-editor', <MenuEditor />);
    await screen.findByTestId('menu-preview');
    const theirs = structuredClone(filterMenuForRole(DEFAULT_ROUTES, 'lawyer'));
    api.overtakeNextSave(theirs, '李管理员');

    await user.click(screen.getByRole('button', { name: '在菜单中隐藏 我的案件' }));
    await user.click(screen.getByRole('button', { name: /保存菜单/ }));
    const panel = await screen.findByTestId('version-conflict');
    expect(api.ifMatches).toEqual([]);
    expect(within(panel).getByText(/李管理员 已于 .* 保存了较新的版本 1/)).toBeInTheDocument();
    const diff = await within(panel).findByTestId('version-diff');
    expect(within(diff).getByText(/hideInMenu/)).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: /在版本 1 之上重新应用/ }));
    await user.click(screen.getByRole('button', { name: /保存菜单/ }));
    await waitFor(() => expect(api.ifMatches).toEqual(['"1"']));
    expect(api.puts.at(-1)?.tree.some((n) => JSON.stringify(n).includes('"hideInMenu":true'))).toBe(true);
  });
});
