import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { DescriptorView, PageHost } from '../../../ui-registry/PageHost';
import { preloadRenderers, renderWithRegistry, testEnvironment } from './environment';
import { caseRow, caseTable } from './fixtures';
import { Location, listCases, renderRoute, search } from './table-setup';

beforeAll(preloadRenderers, 30_000);

describe('the table page', () => {
  it('shows a skeleton, then the first page in the default sort', async () => {
    const asked = listCases();
    renderWithRegistry(<DescriptorView descriptor={caseTable} />);
    expect(await screen.findByTestId('table-loading')).toBeInTheDocument();
    expect(await screen.findByText('MS00000001')).toBeInTheDocument();
    expect(screen.getAllByText('¥12,345.67')).toHaveLength(2);
    expect(Object.fromEntries(asked[0])).toEqual({
      page: '1',
      pageSize: '10',
      sortField: 'createdAt',
      sortOrder: 'descend',
    });
    expect(screen.getByText('共 35 条')).toBeInTheDocument();
  });

  it('gives every column a width and lays the table out to their sum, so the fixed actions cover no data column', async () => {
    listCases();
    renderWithRegistry(<DescriptorView descriptor={caseTable} />);
    await screen.findByText('MS00000001');
    // The selection column is Arco's own (48 px); every other column has a width of its own.
    const widths = [
      ...document.querySelectorAll('.arco-table-content-inner colgroup col:not(.arco-table-selection-col)'),
    ].map((col) => Number.parseInt((col as HTMLElement).style.width, 10));
    expect(widths.length).toBeGreaterThan(3);
    expect(widths.every((w) => w > 0)).toBe(true);
    const table = document.querySelector('.arco-table-content-inner table') as HTMLElement;
    expect(Number.parseInt(table.style.width, 10)).toBe(widths.reduce((sum, w) => sum + w, 48));
  });

  it('reads its filters from the URL and asks the API with the same params', async () => {
    const asked = listCases();
    renderRoute(
      '?status=pending&status=closed&createdFrom=2026-01-01&createdTo=2026-01-31&amountMin=100000&page=2',
    );
    await screen.findByText('MS00000001');
    const query = asked[0];
    expect(query.getAll('status')).toEqual(['pending', 'closed']);
    expect(query.get('createdFrom')).toBe('2026-01-01');
    expect(query.get('createdTo')).toBe('2026-01-31');
    expect(query.get('amountMin')).toBe('100000');
    expect(query.has('amountMax')).toBe(false);
    expect(query.get('page')).toBe('2');
    // The filter form shows them: the amount in yuan.
    expect(screen.getByPlaceholderText('最低')).toHaveValue('1000.00');
    expect(screen.getByPlaceholderText('最高')).toHaveValue('');
  });

  it('puts a search in the URL, back on the first page, and asks again', async () => {
    const asked = listCases();
    renderRoute('?page=3');
    await screen.findByText('MS00000001');
    const filters = screen.getByRole('form', { name: '筛选条件' });
    await userEvent.type(within(filters).getByRole('textbox', { name: '案件编号' }), 'MS00000002');
    await userEvent.click(within(filters).getByRole('button', { name: /查询/ }));
    await waitFor(() => expect(search().get('caseNo')).toBe('MS00000002'));
    expect(search().has('page')).toBe(false);
    await waitFor(() => expect(asked.at(-1)?.get('caseNo')).toBe('MS00000002'));
    expect(asked.at(-1)?.get('page')).toBe('1');

    await userEvent.click(within(filters).getByRole('button', { name: /重置/ }));
    await waitFor(() => expect(search().has('caseNo')).toBe(false));
  });

  it('folds the filters beyond the first row, unless one of them is in force', async () => {
    listCases();
    const first = renderRoute();
    await screen.findByText('MS00000001');
    const amount = () => screen.getByPlaceholderText('最低').closest('.arco-col') as HTMLElement;
    expect(amount()).not.toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /展开/ }));
    expect(amount()).toBeVisible();
    first.unmount();

    renderRoute('?amountMax=500000');
    await screen.findByText('MS00000001');
    expect(amount()).toBeVisible();
    expect(screen.getByRole('button', { name: /收起/ })).toBeInTheDocument();
  });

  it('pages on the server and keeps the page in the URL', async () => {
    const asked = listCases();
    renderRoute();
    await screen.findByText('MS00000001');
    await userEvent.click(screen.getByText('2', { selector: '.arco-pagination-item' }));
    await waitFor(() => expect(search().get('page')).toBe('2'));
    await waitFor(() => expect(asked.at(-1)?.get('page')).toBe('2'));
  });

  it('sorts on the server by a sortable column', async () => {
    const asked = listCases();
    renderRoute();
    await screen.findByText('MS00000001');
    await userEvent.click(screen.getByText('金额', { selector: '.arco-table-th-item-title' }));
    await waitFor(() => expect(search().get('sortField')).toBe('amountFen'));
    expect(search().get('sortOrder')).toBe('ascend');
    await waitFor(() => expect(asked.at(-1)?.get('sortField')).toBe('amountFen'));
    expect(asked.at(-1)?.get('sortOrder')).toBe('ascend');
  });

  it('says so when there is nothing to show', async () => {
    listCases([]);
    renderWithRegistry(<DescriptorView descriptor={caseTable} />);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('shows the error with a retry, and the retry loads the list', async () => {
    let calls = 0;
    server.use(
      http.get('/api/cases', () => {
        calls += 1;
        return calls === 1 ? fail(500, 50000, '数据库开小差了') : ok({ list: [caseRow(1)], total: 1 });
      }),
    );
    renderWithRegistry(<DescriptorView descriptor={caseTable} />);
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    expect(screen.getByText('数据库开小差了')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('MS00000001')).toBeInTheDocument();
  });
});

describe('column settings', () => {
  // Arco's popover is still fading in (pointer-events: none) when the test clicks in it.
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const header = (name: string) => screen.queryByText(name, { selector: '.arco-table-th-item-title' });

  it('hides a column, remembers it for this user, and not for another', async () => {
    listCases();
    const env = testEnvironment({ user: { id: 42 } });
    const first = renderWithRegistry(<DescriptorView descriptor={caseTable} />, { env });
    await screen.findByText('MS00000001');
    expect(header('案件名称')).toBeInTheDocument();
    // A column hidden by default stays hidden until the user shows it.
    expect(header('受理法院')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '列设置' }));
    const settings = await screen.findByTestId('column-settings');
    await user.click(within(settings).getByRole('checkbox', { name: '案件名称' }));
    await waitFor(() => expect(header('案件名称')).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem('casedesk.columns.search-table.42') ?? 'null')).toMatchObject({
      hidden: expect.arrayContaining(['title']),
    });
    first.unmount();

    renderWithRegistry(<DescriptorView descriptor={caseTable} />, { env });
    await screen.findByText('MS00000001');
    expect(header('案件名称')).not.toBeInTheDocument();
    act(() => document.body.replaceChildren());

    renderWithRegistry(<DescriptorView descriptor={caseTable} />, {
      env: testEnvironment({ user: { id: 7 } }),
    });
    await screen.findByText('MS00000001');
    expect(header('案件名称')).toBeInTheDocument();
  });

  it('moves a column and restores the defaults', async () => {
    listCases();
    renderWithRegistry(<DescriptorView descriptor={caseTable} />, {
      env: testEnvironment({ role: 'caseOperation' }),
    });
    await screen.findByText('MS00000001');
    const titles = () =>
      [...document.querySelectorAll('.arco-table-th-item-title')].map((th) => th.textContent).slice(0, 3);
    expect(titles()).toEqual(['案件编号', '案件名称', '状态']);
    await user.click(screen.getByRole('button', { name: '列设置' }));
    await user.click(await screen.findByRole('button', { name: '上移「状态」' }));
    await waitFor(() => expect(titles()).toEqual(['案件编号', '状态', '案件名称']));
    // Without a user, the setting belongs to the role.
    expect(localStorage.getItem('casedesk.columns.search-table.caseOperation')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: '恢复默认' }));
    await waitFor(() => expect(titles()).toEqual(['案件编号', '案件名称', '状态']));
    expect(localStorage.getItem('casedesk.columns.search-table.caseOperation')).toBeNull();
  });
});

describe('where a table keeps its state', () => {
  it('gives each tab of a tabs page its own share of the URL', async () => {
    const asked = listCases();
    const tabs = {
      schemaVersion: 1,
      id: 'case-tabs',
      type: 'tabs',
      title: 'fixture.caseList',
      tabs: [
        { key: 'mine', title: 'common.view', page: { ...caseTable, id: 'mine' } },
        { key: 'pool', title: 'common.edit', page: { ...caseTable, id: 'pool' } },
      ],
    };
    server.use(http.get('/api/pages/case-tabs', () => ok(tabs)));
    renderWithRegistry(
      <MemoryRouter initialEntries={['/list/case-tabs?pool.page=3']}>
        <PageHost pageId="case-tabs" />
        <Location />
      </MemoryRouter>,
    );
    await screen.findByText('MS00000001');
    expect(asked[0].get('page')).toBe('1');
    await userEvent.click(screen.getByText('2', { selector: '.arco-pagination-item' }));
    await waitFor(() => expect(search().get('mine.page')).toBe('2'));
    expect(search().get('pool.page')).toBe('3');
    await userEvent.click(screen.getByRole('tab', { name: '编辑' }));
    await waitFor(() => expect(asked.at(-1)?.get('page')).toBe('3'));
  });

  it('keeps a table in a drawer out of the URL of the page below', async () => {
    listCases();
    const result = {
      schemaVersion: 1,
      id: 'done',
      type: 'result',
      title: 'fixture.caseList',
      status: 'success',
      actions: [{ key: 'peek', kind: 'drawer', label: 'common.view', page: caseTable }],
    };
    server.use(http.get('/api/pages/done', () => ok(result)));
    renderWithRegistry(
      <MemoryRouter initialEntries={['/done?keep=1']}>
        <PageHost pageId="done" />
        <Location />
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: '查看' }));
    await screen.findByText('MS00000001');
    await userEvent.click(screen.getByText('2', { selector: '.arco-pagination-item' }));
    await waitFor(() =>
      expect(document.querySelector('.arco-pagination-item-active')).toHaveTextContent('2'),
    );
    expect(search().toString()).toBe('keep=1');
  });
});
