import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { DescriptorView } from '../../../ui-registry/PageHost';
import { preloadRenderers, renderWithRegistry, testEnvironment } from './environment';
import { caseRow, caseTable } from './fixtures';
import { listCases, renderRoute } from './table-setup';

beforeAll(preloadRenderers, 30_000);

describe('row, bulk and toolbar actions', () => {
  it('offers each row only the status events the server allows for it', async () => {
    listCases();
    renderWithRegistry(<DescriptorView descriptor={caseTable} />);
    await screen.findByText('MS00000001');
    const [first, second] = [1, 2].map(
      (id) => screen.getByText(`MS0000000${id}`).closest('tr') as HTMLElement,
    );
    // Row actions of record pages arrive lazily: wait for one, then look at the rest.
    expect(await within(first).findByRole('button', { name: '接案' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: '中止' })).not.toBeInTheDocument();
    expect(within(second).getByRole('button', { name: '中止' })).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: '接案' })).not.toBeInTheDocument();
  });

  it('folds a row with more than three actions under 更多, and a dialog opened from it outlives the menu', async () => {
    // Arco's popups animate in: jsdom never finishes the transition that lifts `pointer-events: none`.
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const sent: unknown[] = [];
    listCases([caseRow(1, { status: 'processing', allowedEvents: ['SUSPEND', 'CLOSE', 'RELEASE'] })]);
    server.use(
      http.post('/api/cases/1/transitions', async ({ request }) => {
        sent.push(await request.json());
        return ok(caseRow(1, { status: 'suspended' }));
      }),
    );
    const crowded = {
      ...caseTable,
      rowActions: [
        ...caseTable.rowActions,
        { key: 'close', kind: 'transition', label: 'fixture.close', event: 'CLOSE' },
        {
          key: 'release',
          kind: 'transition',
          label: 'case.event.release',
          event: 'RELEASE',
          confirm: 'case.confirm.release',
        },
      ],
    };
    renderWithRegistry(<DescriptorView descriptor={crowded} />);
    await screen.findByText('MS00000001');
    const row = screen.getByText('MS00000001').closest('tr') as HTMLElement;
    // view, suspend, close, release are allowed: two stay in the row, the rest fold.
    expect(within(row).getByRole('button', { name: '查看' })).toBeInTheDocument();
    expect(await within(row).findByRole('button', { name: '中止' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '结案' })).not.toBeInTheDocument();
    // The row's button is re-made as the dropdown's trigger on the first click: look it up each time.
    const more = () => within(row).getByRole('button', { name: /更多/ });
    expect(more()).toHaveAttribute('aria-expanded', 'false');

    await user.click(more());
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('button', { name: '结案' })).toBeInTheDocument();
    await user.click(await within(menu).findByRole('button', { name: '退回案件池' }));
    await waitFor(() => expect(more()).toHaveAttribute('aria-expanded', 'false'));
    await waitFor(() => expect(sent).toEqual([{ event: 'RELEASE', version: 3 }]));

    await user.click(more());
    await user.click(within(await screen.findByRole('menu')).getByRole('button', { name: '结案' }));
    const dialog = await screen.findByRole('dialog');
    expect(more()).toHaveAttribute('aria-expanded', 'false');
    expect(within(dialog).getByText('结案结果')).toBeInTheDocument();
  });

  it('takes a case with the version it saw, reloads the list, and shows a refusal’s reason', async () => {
    const asked = listCases();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/cases/1/transitions', async ({ request }) => {
        sent.push(await request.json());
        return sent.length === 1
          ? ok(caseRow(1, { status: 'processing' }))
          : fail(409, 40900, '该案件已被其他律师接手');
      }),
    );
    const { env } = renderWithRegistry(<DescriptorView descriptor={caseTable} />, {
      env: testEnvironment({ role: 'lawyer' }),
    });
    await screen.findByText('MS00000001');
    const row = () => screen.getByText('MS00000001').closest('tr') as HTMLElement;
    await userEvent.click(within(row()).getByRole('button', { name: '接案' }));
    await waitFor(() => expect(sent).toEqual([{ event: 'TAKE', version: 3 }]));
    expect(env.notify).toHaveBeenCalledWith('success', '「接案」已完成');
    await waitFor(() => expect(asked).toHaveLength(2));

    await userEvent.click(await waitFor(() => within(row()).getByRole('button', { name: '接案' })));
    // A 409: the case moved on meanwhile, so the list is read again and the user told so.
    await waitFor(() =>
      expect(env.notify).toHaveBeenCalledWith('error', '该案件已被其他律师接手（已重新加载案件）'),
    );
    await waitFor(() => expect(asked).toHaveLength(3));
  });

  it('runs a bulk action on the ticked rows, then reloads the list', async () => {
    const asked = listCases();
    let body: unknown = null;
    server.use(
      http.post('/api/cases/archive', async ({ request }) => {
        body = await request.json();
        return ok({ archived: 2 });
      }),
    );
    const { env } = renderWithRegistry(<DescriptorView descriptor={caseTable} />);
    await screen.findByText('MS00000001');
    expect(screen.queryByRole('button', { name: '归档' })).not.toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox');
    await userEvent.click(boxes[1]);
    await userEvent.click(boxes[2]);
    expect(screen.getByTestId('selection-count')).toHaveTextContent('已选择 2 项');
    await userEvent.click(screen.getByRole('button', { name: '归档' }));
    await waitFor(() => expect(body).toEqual({ ids: [1, 2] }));
    expect(env.notify).toHaveBeenCalledWith('success', '已归档');
    await waitFor(() => expect(asked).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('selection-count')).not.toBeInTheDocument());
  });

  it('exports the current filter as CSV through the environment, with the session', async () => {
    listCases();
    let exported: URLSearchParams | null = null;
    let authorization: string | null = null;
    server.use(
      http.get('/api/cases/export', ({ request }) => {
        exported = new URL(request.url).searchParams;
        authorization = request.headers.get('authorization');
        return new HttpResponse('\uFEFF案件编号\nMS00000001\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const { env } = renderRoute('?status=pending&caseNo=MS0&page=2');
    await screen.findByText('MS00000001');
    await userEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(exported).not.toBeNull());
    const query = exported as unknown as URLSearchParams;
    expect(query.getAll('status')).toEqual(['pending']);
    expect(query.get('caseNo')).toBe('MS0');
    expect(query.get('sortField')).toBe('createdAt');
    // The whole filter, not the page the user happens to look at.
    expect(query.has('page')).toBe(false);
    expect(query.has('ids')).toBe(false);
    expect(authorization).toBe('Bearer test-token');
    expect(env.download).toHaveBeenCalledWith('/cases/export', {
      params: expect.objectContaining({ caseNo: 'MS0' }),
    });
  });

  it('exports only the ticked rows as a bulk action', async () => {
    listCases();
    let exported: URLSearchParams | null = null;
    server.use(
      http.get('/api/cases/export', ({ request }) => {
        exported = new URL(request.url).searchParams;
        return new HttpResponse('\uFEFFx', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const { env } = renderWithRegistry(<DescriptorView descriptor={caseTable} />);
    await screen.findByText('MS00000001');
    await userEvent.click(screen.getAllByRole('checkbox')[2]);
    await userEvent.click(screen.getByRole('button', { name: '导出所选' }));
    await waitFor(() => expect(exported).not.toBeNull());
    expect((exported as unknown as URLSearchParams).get('ids')).toBe('2');
    expect(env.download).toHaveBeenCalledWith('/cases/export', {
      params: expect.objectContaining({ ids: '2', sortField: 'createdAt' }),
    });
  });

  it('says downloads are not available when the environment cannot download', async () => {
    listCases();
    renderWithRegistry(<DescriptorView descriptor={caseTable} />, {
      env: testEnvironment({ download: undefined }),
    });
    await screen.findByText('MS00000001');
    expect(screen.getByRole('button', { name: '导出' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '导出' })).toHaveAttribute('title', '当前环境不支持下载文件');
  });
});
