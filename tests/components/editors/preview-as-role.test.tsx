import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageDescriptor } from '../../../contract/pages/descriptor';
import { DEFAULT_ROUTES, filterMenuForRole } from '../../../contract/routes';
import { ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import MenuEditor from '../../../src/pages/user/menu-editor';
import PageEditor from '../../../src/pages/user/page-editor';
import { RegistryProvider } from '../../../ui-registry';
import { renderPage, signIn, withHttpLayer } from '../builtin-pages/harness';
import { testEnvironment } from '../ui-registry/environment';
import { menusApi, pagesApi } from './handlers';

withHttpLayer();

/** A case list with a column and a row action only case managers may use. */
const caseList: PageDescriptor = {
  schemaVersion: 1,
  id: 'search-table',
  type: 'table',
  title: 'menu.searchTable',
  source: { path: '/cases' },
  rowKey: 'id',
  filters: [],
  toolbar: [],
  bulkActions: [],
  pageSize: 20,
  columns: [
    { field: 'caseNo', title: 'caseNew.caseNo', widget: 'text' },
    { field: 'debtor', title: 'plan.debtor', widget: 'text', access: 'cases.manage' },
  ],
  rowActions: [
    { key: 'view', kind: 'navigate', label: 'common.view', to: '/list/case-detail/:id' },
    {
      key: 'edit',
      kind: 'navigate',
      label: 'common.edit',
      to: '/list/case-edit/:id',
      access: 'cases.manage',
    },
  ],
};

/** Four stat cards a quarter of the page each, as the workplace draws them. */
const figures: PageDescriptor = {
  schemaVersion: 1,
  id: 'workplace',
  type: 'dashboard',
  title: 'menu.workplace',
  source: { path: '/dashboard/workplace' },
  blocks: (['cases', 'lawyers', 'inProgress', 'closed'] as const).map((field) => ({
    kind: 'stat' as const,
    title: 'case.stats.cases',
    field: `totals.${field}`,
    widget: 'number' as const,
    icon: 'file' as const,
    span: 6,
  })),
};

let api: ReturnType<typeof pagesApi>;
beforeEach(async () => {
  await signIn({ role: 'superAdmin' });
  api = pagesApi([caseList, figures]);
  server.use(
    ...api.handlers,
    http.get('/api/cases', () => ok({ list: [{ id: 7, caseNo: 'AJ-0007', debtor: '张三' }], total: 1 })),
    http.get('/api/dashboard/workplace', () =>
      ok({ totals: { cases: 1286, lawyers: 57, inProgress: 311, closed: 900 } }),
    ),
  );
});
afterEach(() => vi.restoreAllMocks());

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** The editor inside the app's page column (`.layout-main`), whose width the preview takes. */
async function openEditor(page: string) {
  renderPage(
    `/user/page-editor?page=${page}`,
    <main className="layout-main">
      <RegistryProvider env={testEnvironment()}>
        <PageEditor />
      </RegistryProvider>
    </main>,
  );
  return screen.findByTestId('page-preview');
}

async function previewAs(roleName: string) {
  await user().click(screen.getByRole('combobox', { name: '预览角色' }));
  await user().click(await screen.findByRole('option', { name: roleName }));
  await waitFor(() => expect(screen.getByTestId('page-preview-notice')).toHaveTextContent(roleName));
}

describe('page editor: preview as a role', () => {
  it("leaves out the column and the action the role may not use, and says the rows are the administrator's", async () => {
    const preview = await openEditor('search-table');
    expect(await within(preview).findByText('AJ-0007')).toBeInTheDocument();
    expect(within(preview).getByText('张三')).toBeInTheDocument();
    expect(within(preview).getByRole('columnheader', { name: '债务人' })).toBeInTheDocument();
    expect(within(preview).getByRole('button', { name: '编辑' })).toBeInTheDocument();
    expect(screen.getByTestId('page-preview-notice')).toHaveTextContent(
      '以「超级管理员」身份预览；表格数据为您自己的数据',
    );

    await previewAs('律师');
    const asLawyer = screen.getByTestId('page-preview');
    expect(asLawyer).toHaveAttribute('data-preview-role', 'lawyer');
    expect(screen.getByTestId('page-preview-notice')).toHaveTextContent(
      '以「律师」身份预览；表格数据为您自己的数据',
    );
    // The same row, read with the administrator's session, without what a lawyer may not see.
    expect(await within(asLawyer).findByText('AJ-0007')).toBeInTheDocument();
    expect(within(asLawyer).queryByText('张三')).toBeNull();
    expect(within(asLawyer).queryByRole('columnheader', { name: '债务人' })).toBeNull();
    expect(within(asLawyer).getByRole('columnheader', { name: '案件编号' })).toBeInTheDocument();
    expect(within(asLawyer).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(within(asLawyer).getByRole('button', { name: '查看' })).toBeInTheDocument();
    // The server was asked about the lawyer and the draft as edited.
    await waitFor(() => expect(api.previews.map((p) => p.role)).toContain('lawyer'));
    expect(api.previews.at(-1)?.descriptor).toEqual(caseList);
  });

  it('shows that the role cannot open the page when the server says so, and why', async () => {
    api.closeTo('lawyer', 'ability', 'cases.manage');
    api.closeTo('caseOperation', 'menu', 'cases.manage');
    await openEditor('search-table');
    await previewAs('律师');
    const closed = await screen.findByTestId('page-preview-closed');
    expect(closed).toHaveAttribute('data-closed-by', 'ability');
    expect(closed).toHaveTextContent('「律师」打不开此页面');
    expect(closed).toHaveTextContent(/此页面需要「.+」权限，律师没有该权限/);
    expect(within(screen.getByTestId('page-preview')).queryByText('AJ-0007')).toBeNull();

    await previewAs('案件运营');
    const byMenu = await screen.findByTestId('page-preview-closed');
    await waitFor(() => expect(byMenu).toHaveAttribute('data-closed-by', 'menu'));
    expect(byMenu).toHaveTextContent('案件运营的菜单中没有此页面');
  });
});

describe('page editor: the preview at the width of the page', () => {
  it('draws stat cards at the width the page will have, four to a row, scaled into the preview box', async () => {
    // Nothing is laid out under happy-dom: the app's page column is 1240 px, the preview box 400.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      if (this.classList.contains('layout-main')) return 1240;
      if (this.dataset.testid === 'page-preview-frame') return 400;
      return 0;
    });
    const preview = await openEditor('workplace');
    const cards = await within(preview).findAllByText('案件总数');
    expect(cards).toHaveLength(4);

    const page = preview.querySelector<HTMLElement>('.page-editor-frame-page');
    expect(page).not.toBeNull();
    await waitFor(() => expect(page?.style.width).toBe('1240px'));
    expect(page?.dataset.scale).toBe((400 / 1240).toFixed(3));
    expect(page?.style.transform).toBe(`scale(${400 / 1240})`);
    expect(within(preview).getByText(/页面宽 1240 像素 · 显示 32%/)).toBeInTheDocument();

    // One row of the dashboard grid holds the four cards, each a quarter of the page (lg 6 of 24).
    const rows = preview.querySelectorAll('[data-page-type="dashboard"]');
    expect(rows).toHaveLength(1);
    const columns = [...rows[0].children];
    expect(columns).toHaveLength(4);
    for (const column of columns) {
      expect(column.className).toMatch(/\barco-col-lg-6\b/);
      expect(column.querySelector('[data-stat]')).not.toBeNull();
    }

    // 1:1 keeps the page's width and scrolls instead of scaling.
    await user().click(within(preview).getByText('实际大小'));
    await waitFor(() => expect(page?.style.transform).toBe(''));
    expect(page?.style.width).toBe('1240px');
  });
});

describe('menu editor: preview as the role', () => {
  it('leaves out an entry whose ability the role does not hold, though the stored tree names it', async () => {
    const menus = menusApi();
    server.use(...menus.handlers);
    // 账号管理 (accounts.manage) put into the lawyer's stored tree, as an old save might hold it.
    const account = DEFAULT_ROUTES.flatMap((group) => group.children ?? []).find(
      (n) => n.page === 'user-account',
    );
    const tree = filterMenuForRole(DEFAULT_ROUTES, 'lawyer').map((group, i) =>
      i === 0 && account ? { ...group, children: [...(group.children ?? []), account] } : group,
    );
    menus.store('lawyer', tree);
    renderPage('/user/menu-editor', <MenuEditor />);
    const preview = await screen.findByTestId('menu-preview');
    expect(screen.getByTestId('menu-preview-notice')).toHaveTextContent('以「律师」身份预览菜单');
    expect(document.querySelector('[data-node-key="/user/account"]')).toHaveTextContent('账号管理');
    expect(within(preview).queryByText('账号管理')).toBeNull();
    expect(within(preview).getByText('律师工作台')).toBeInTheDocument();

    await user().click(screen.getByRole('combobox', { name: '角色' }));
    await user().click(await screen.findByRole('option', { name: '超级管理员' }));
    await waitFor(() =>
      expect(screen.getByTestId('menu-preview-notice')).toHaveTextContent('以「超级管理员」身份预览菜单'),
    );
    expect(await within(screen.getByTestId('menu-preview')).findByText('账号管理')).toBeInTheDocument();
  });
});
