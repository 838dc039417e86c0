import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PageDescriptor } from '../../../contract/pages/descriptor';
import { server } from '../../../mocks/server';
import PageEditor from '../../../src/pages/user/page-editor';
import { RegistryProvider } from '../../../ui-registry';
import { renderPage, signIn, withHttpLayer } from '../builtin-pages/harness';
import { testEnvironment } from '../ui-registry/environment';
import { editingApi } from './editing-handlers';
import { pagesApi } from './handlers';

withHttpLayer();

const taskCenter: PageDescriptor = {
  schemaVersion: 1,
  id: 'task-center',
  type: 'result',
  title: 'menu.taskCenter',
  status: 'info',
  actions: [
    { key: 'go', label: 'menu.workplace', kind: 'navigate', to: '/dashboard/workplace' },
    { key: 'mine', label: 'menu.myCases', kind: 'navigate', to: '/profile/case', access: 'cases.take' },
  ],
};
const menuEditorPage: PageDescriptor = {
  schemaVersion: 1,
  id: 'menu-editor',
  type: 'builtin',
  title: 'menu.menuEditor',
  component: 'MenuEditor',
};

let api: ReturnType<typeof pagesApi>;
let env: ReturnType<typeof testEnvironment>;
beforeEach(async () => {
  await signIn({ role: 'superAdmin' });
  api = pagesApi([taskCenter, menuEditorPage]);
  server.use(...api.handlers, ...editingApi().handlers);
  env = testEnvironment();
});

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

async function openEditor(page = 'task-center') {
  renderPage(
    `/user/page-editor?page=${page}`,
    <RegistryProvider env={env}>
      <PageEditor />
    </RegistryProvider>,
  );
  const json = await screen.findByRole('textbox', { name: '页面描述（JSON）' });
  return json as HTMLTextAreaElement;
}

/** Replaces the whole JSON text (typing it key by key would re-render the preview each time). */
function setJson(json: HTMLTextAreaElement, text: string) {
  fireEvent.change(json, { target: { value: text } });
}

const jsonBox = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: '页面描述（JSON）' });
const check = () => screen.getByTestId('page-editor-check');
const preview = () => screen.findByTestId('page-preview');

describe('page descriptor editor', () => {
  it('lists the pages, shows the chosen one as JSON, says it is valid and previews it', async () => {
    const json = await openEditor();
    expect(JSON.parse(json.value)).toEqual(taskCenter);
    expect(check()).toHaveTextContent('校验通过');
    const list = screen.getByRole('button', { name: /菜单编辑/ });
    expect(within(list).getByText('产品内置')).toBeInTheDocument();
    expect(await within(await preview()).findByText('任务中心')).toBeInTheDocument();
  });

  it('validates live: broken JSON, then a wrong field named by its path; saving stays off', async () => {
    const json = await openEditor();
    setJson(json, '{ "schemaVersion": 1, ');
    expect(check()).toHaveTextContent('JSON 格式错误');
    expect(screen.getByRole('button', { name: /保存为新版本/ })).toBeDisabled();

    setJson(json, JSON.stringify({ ...taskCenter, status: 'bogus' }));
    expect(check()).toHaveAttribute('data-error-path', 'status');
    expect(check()).toHaveTextContent('status');
    expect(screen.getByRole('button', { name: /保存为新版本/ })).toBeDisabled();
    // The preview says the same, instead of drawing a blank page.
    await waitFor(async () =>
      expect((await preview()).querySelector('[data-descriptor-path="status"]')).not.toBeNull(),
    );

    setJson(json, JSON.stringify({ ...taskCenter, id: 'other-page' }));
    expect(check()).toHaveAttribute('data-error-path', 'id');
    expect(check()).toHaveTextContent('描述中的页面编号必须与地址中的一致');
  });

  it('refuses a key the schema does not know, at its own path, before anything is sent', async () => {
    const json = await openEditor();
    const [go, mine] = taskCenter.type === 'result' ? taskCenter.actions : [];
    setJson(json, JSON.stringify({ ...taskCenter, actions: [go, { ...mine, onClick: 'alert(1)' }] }));
    expect(check()).toHaveAttribute('data-error-path', 'actions.1.onClick');
    expect(check()).toHaveTextContent('不允许的字段');
    expect(screen.getByRole('button', { name: /保存为新版本/ })).toBeDisabled();
    await waitFor(async () =>
      expect((await preview()).querySelector('[data-descriptor-path="actions.1.onClick"]')).not.toBeNull(),
    );
  });

  it('saves the edited descriptor as a new version and lists it in the history', async () => {
    const json = await openEditor();
    expect(screen.getByText('尚无保存的版本')).toBeInTheDocument();
    setJson(json, JSON.stringify({ ...taskCenter, status: 'success' }, null, 2));
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();

    await user().click(screen.getByRole('button', { name: /保存为新版本/ }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]).toEqual({ id: 'task-center', body: { ...taskCenter, status: 'success' } });
    expect(await screen.findByText('已保存为版本 1')).toBeInTheDocument();
    expect(await screen.findByText('v1')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('有未保存的修改')).toBeNull());
    expect(
      within(screen.getByRole('button', { name: /任务中心/ })).getByText('已保存 v1'),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal with the path of the wrong field", async () => {
    const json = await openEditor();
    api.refuseNextSave('请求参数有误', [{ path: 'actions.0.to', message: '路由模板不在应用的路由表中' }]);
    setJson(json, JSON.stringify({ ...taskCenter, status: 'warning' }));
    await user().click(screen.getByRole('button', { name: /保存为新版本/ }));
    expect(await screen.findByText('服务器拒绝保存：请求参数有误')).toBeInTheDocument();
    expect(document.querySelector('[data-error-path="actions.0.to"]')).toHaveTextContent(
      'actions.0.to: 路由模板不在应用的路由表中',
    );
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
  });

  it('opens an old version in the editor and reverts to one after confirming', async () => {
    api.save('task-center', { ...taskCenter, status: 'success' });
    api.save('task-center', { ...taskCenter, status: 'error' });
    const json = await openEditor();
    expect(JSON.parse(json.value).status).toBe('error');
    expect(screen.getByText('v2')).toBeInTheDocument();

    const v1 = screen.getByText('v1').closest('tr') as HTMLElement;
    await user().click(within(v1).getByRole('button', { name: '载入编辑' }));
    expect(JSON.parse(json.value).status).toBe('success');
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: /放弃修改/ }));

    await user().click(within(v1).getByRole('button', { name: '恢复此版本' }));
    const popup = (await screen.findByText('将版本 1 另存为最新版本？')).closest(
      '.arco-popconfirm',
    ) as HTMLElement;
    expect(api.reverts).toEqual([]);
    await user().click(within(popup).getByRole('button', { name: '恢复此版本' }));
    await waitFor(() => expect(api.reverts).toEqual([{ id: 'task-center', version: 1 }]));
    expect(await screen.findByText('已将版本 1 恢复为版本 3')).toBeInTheDocument();
    await waitFor(() => expect(JSON.parse(json.value).status).toBe('success'));
    expect(screen.getByText('v3')).toBeInTheDocument();
  });

  it('previews as the chosen role and never navigates or writes from the preview', async () => {
    await openEditor();
    const shown = await preview();
    const workplace = await within(shown).findByRole('button', { name: '工作台' });
    expect(within(shown).queryByRole('button', { name: '我的案件' })).toBeNull();
    await user().click(workplace);
    expect(env.navigate).not.toHaveBeenCalled();
    expect(env.notify).toHaveBeenCalledWith('info', '预览中不执行此操作');

    await user().click(screen.getByRole('combobox', { name: '预览角色' }));
    await user().click(await screen.findByRole('option', { name: '律师' }));
    expect(await within(await preview()).findByRole('button', { name: '我的案件' })).toBeInTheDocument();
  });

  it('does not mount a hand-written page in the preview', async () => {
    await openEditor('menu-editor');
    expect(await screen.findByText(/内置页面（组件 MenuEditor）/)).toBeInTheDocument();
  });

  it('asks before opening another page over unsaved edits', async () => {
    const json = await openEditor();
    setJson(json, JSON.stringify({ ...taskCenter, status: 'warning' }));
    await user().click(screen.getByRole('button', { name: /菜单编辑/ }));
    expect(await screen.findByText('放弃未保存的修改？')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: '放弃并继续' }));
    await waitFor(() => expect(JSON.parse(jsonBox().value).id).toBe('menu-editor'));
  });
});
