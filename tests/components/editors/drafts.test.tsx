import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MenuNode } from '../../../contract/menu';
import type { PageDescriptor } from '../../../contract/pages/descriptor';
import { DEFAULT_ROUTES, filterMenuForRole } from '../../../contract/routes';
import { server } from '../../../mocks/server';
import { presenceSignals } from '../../../src/layout/navbar/message-stream';
import MenuEditor from '../../../src/pages/user/menu-editor';
import PageEditor from '../../../src/pages/user/page-editor';
import { RegistryProvider } from '../../../ui-registry';
import { renderPage, signIn, withHttpLayer } from '../builtin-pages/harness';
import { testEnvironment } from '../ui-registry/environment';
import { editingApi } from './editing-handlers';
import { menusApi, pagesApi } from './handlers';

withHttpLayer();

/** The editors' shared draft (autosaved, restored on opening, discarded on purpose) and who else is editing. */

const taskCenter: PageDescriptor = {
  schemaVersion: 1,
  id: 'task-center',
  type: 'result',
  title: 'menu.taskCenter',
  status: 'info',
  actions: [],
};

let pages: ReturnType<typeof pagesApi>;
let menus: ReturnType<typeof menusApi>;
let editing: ReturnType<typeof editingApi>;
beforeEach(async () => {
  await signIn({ role: 'superAdmin' });
  pages = pagesApi([taskCenter]);
  menus = menusApi();
  editing = editingApi();
  server.use(...pages.handlers, ...menus.handlers, ...editing.handlers);
});

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

async function openPageEditor() {
  renderPage(
    '/user/page-editor?page=task-center',
    <RegistryProvider env={testEnvironment()}>
      <PageEditor />
    </RegistryProvider>,
  );
  return (await screen.findByRole('textbox', { name: '页面描述（JSON）' })) as HTMLTextAreaElement;
}

describe('the page editor keeps the work in progress as the shared draft', () => {
  it('saves the edit as a draft once typing stops, and says whose and when', async () => {
    const json = await openPageEditor();
    const edited: PageDescriptor = { ...taskCenter, status: 'warning' };
    fireEvent.change(json, { target: { value: JSON.stringify(edited) } });
    expect(await screen.findByText(/草稿已保存 · 超级管理员/)).toBeInTheDocument();
    expect(editing.draftPuts).toEqual([{ url: '/pages/task-center', content: edited, baseVersion: 0 }]);
    // Nothing was published.
    expect(pages.puts).toHaveLength(0);
  });

  it('keeps even a text that is no JSON yet, as it was typed', async () => {
    const json = await openPageEditor();
    fireEvent.change(json, { target: { value: '{"schemaVersion": 1,' } });
    await waitFor(() => expect(editing.draftPuts).toHaveLength(1));
    expect(editing.draftPuts[0].content).toBe('{"schemaVersion": 1,');
  });

  it('opens on a draft someone left, says whose it is, and publishes it with the save', async () => {
    const drafted: PageDescriptor = { ...taskCenter, status: 'success' };
    editing.leaveDraft('/pages/task-center', drafted, 0, '张三');
    const json = await openPageEditor();
    await waitFor(() => expect(JSON.parse(json.value)).toEqual(drafted));
    const notice = screen.getByTestId('restored-draft');
    expect(notice).toHaveTextContent('已打开 张三 于');
    expect(notice).toHaveTextContent('保存的草稿，尚未发布');
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();

    await user().click(screen.getByRole('button', { name: /保存为新版本/ }));
    await waitFor(() => expect(pages.puts).toHaveLength(1));
    expect(pages.puts[0].body).toEqual(drafted);
    await waitFor(() => expect(screen.queryByTestId('restored-draft')).not.toBeInTheDocument());
    // Publishing forgot the draft on the server; the editor does not save it again.
    expect(editing.draftPuts).toHaveLength(0);
  });

  it('discards a found draft after confirming: back to the published version, draft deleted', async () => {
    editing.leaveDraft('/pages/task-center', { ...taskCenter, status: 'error' }, 0);
    const json = await openPageEditor();
    await screen.findByTestId('restored-draft');
    await user().click(
      within(screen.getByTestId('restored-draft')).getByRole('button', { name: '丢弃草稿' }),
    );
    const question = await screen.findByText('丢弃这份共享草稿？其他管理员也将看不到它。');
    const popup = question.closest('.arco-popconfirm') as HTMLElement;
    await user().click(within(popup).getByRole('button', { name: '丢弃草稿' }));
    await waitFor(() => expect(editing.draftDeletes).toEqual(['/pages/task-center']));
    expect(JSON.parse(json.value)).toEqual(taskCenter);
    expect(screen.queryByTestId('restored-draft')).not.toBeInTheDocument();
    expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument();
  });

  it('says when saving the draft failed', async () => {
    const json = await openPageEditor();
    const { http, HttpResponse } = await import('msw');
    server.use(http.put('/api/pages/:id/draft', () => HttpResponse.error()));
    fireEvent.change(json, { target: { value: JSON.stringify({ ...taskCenter, status: 'warning' }) } });
    expect(await screen.findByText('草稿保存失败，修改仍保留在本页')).toBeInTheDocument();
  });
});

describe('the menu editor keeps the work in progress as the shared draft', () => {
  it('restores a draft of the role menu, with a draft started from an older version published over that one', async () => {
    const older = filterMenuForRole(DEFAULT_ROUTES, 'lawyer');
    menus.publishAs('lawyer', older, '李四');
    menus.publishAs('lawyer', older, '李四');
    const drafted: MenuNode[] = older.map((n) => (n.path === '/profile' ? { ...n, hideInMenu: true } : n));
    editing.leaveDraft('/menus/lawyer', drafted, 1, '张三');
    renderPage('/user/menu-editor', <MenuEditor />);
    const notice = await screen.findByTestId('restored-draft');
    expect(notice).toHaveTextContent('草稿基于版本 v1，此后已发布了版本 v2');
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: /保存菜单/ }));
    await waitFor(() => expect(menus.puts).toHaveLength(1));
    expect(menus.ifMatches.at(-1)).toBe('"1"');
  });

  it('autosaves a change of the tree as the role menu draft', async () => {
    renderPage('/user/menu-editor', <MenuEditor />);
    await screen.findByTestId('menu-preview');
    await user().click(screen.getByRole('button', { name: '在菜单中隐藏 我的案件' }));
    await waitFor(() => expect(editing.draftPuts).toHaveLength(1));
    expect(editing.draftPuts[0].url).toBe('/menus/lawyer');
    expect(JSON.stringify(editing.draftPuts[0].content)).toContain('"hideInMenu":true');
    expect(await screen.findByText(/草稿已保存 · 超级管理员/)).toBeInTheDocument();
  });
});

describe('who else is editing', () => {
  it('shows the others with the page open, and reads the list again on the stream’s presence event', async () => {
    editing.presence.others = [{ id: 7, name: '张三', avatar: null }];
    await openPageEditor();
    expect(await screen.findByText('张三 也在编辑')).toBeInTheDocument();
    expect(editing.presence.beats).toContain('/pages/task-center');

    editing.presence.others = [
      { id: 7, name: '张三', avatar: null },
      { id: 8, name: '李四', avatar: null },
    ];
    presenceSignals.dispatchEvent(new Event('presence'));
    expect(await screen.findByText('张三、李四 也在编辑')).toBeInTheDocument();

    editing.presence.others = [];
    presenceSignals.dispatchEvent(new Event('presence'));
    await waitFor(() => expect(screen.queryByTestId('editing-presence')).not.toBeInTheDocument());
  });

  it("leaves the role's menu when switching to another role", async () => {
    renderPage('/user/menu-editor', <MenuEditor />);
    await screen.findByTestId('menu-preview');
    await waitFor(() => expect(editing.presence.beats).toContain('/menus/lawyer'));
    await user().click(screen.getByRole('combobox', { name: '角色' }));
    await user().click(await screen.findByRole('option', { name: '案件运营' }));
    await waitFor(() => expect(editing.presence.beats).toContain('/menus/caseOperation'));
    expect(editing.presence.left).toContain('/menus/lawyer');
  });
});
