import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PageDescriptor, SCHEMA_VERSION } from '../../../contract/pages/descriptor';
import { ok } from '../../../mocks/envelope';
import { noRunningBulkJob } from '../../../mocks/handlers/bulk-jobs';
import { server } from '../../../mocks/server';
import { bulkTransitions } from '../../../server/pages/catalog/case-common';
import { DescriptorView } from '../../../ui-registry/PageHost';
import { choose, user } from './case-pages';
import { preloadRenderers, renderWithRegistry, testEnvironment } from './environment';
import { caseRow } from './fixtures';

/** The case list's bulk actions (the server's catalogue) and their per-case result. */

beforeAll(async () => {
  await preloadRenderers();
  await import('../../../ui-registry/actions/BulkResultDialog');
  await import('../../../ui-registry/actions/BulkJobDialog');
}, 30_000);
beforeEach(() => server.use(noRunningBulkJob));

describe('bulk actions of the case list', () => {
  const table: PageDescriptor = {
    schemaVersion: SCHEMA_VERSION,
    id: 'search-table',
    type: 'table',
    title: 'menu.searchTable',
    source: { path: '/cases' },
    rowKey: 'id',
    filters: [],
    columns: [{ field: 'caseNo', title: 'case.caseNo', widget: 'text' }],
    rowActions: [],
    toolbar: [],
    bulkActions: bulkTransitions('ASSIGN', 'PUSH', 'CLOSE'),
    pageSize: 20,
  };

  it('closes the ticked cases and lists which were closed and which were refused, and why', async () => {
    const asked: number[] = [];
    let body: unknown = null;
    server.use(
      http.get('/api/cases', () => {
        asked.push(asked.length);
        return ok({ list: [caseRow(1), caseRow(2), caseRow(3)], total: 3 });
      }),
      http.post('/api/cases/bulk-transitions', async ({ request }) => {
        body = await request.json();
        return ok({
          list: [
            { caseId: 1, caseNo: 'MS00000001', ok: true },
            {
              caseId: 2,
              caseNo: 'MS00000002',
              ok: false,
              // The row's key decides the words; the server's own translation is only a fallback.
              reason: 'The case is closed',
              code: 'case.transition.inState.closed',
              params: { state: 'closed' },
            },
          ],
          succeeded: 1,
          refused: 1,
        });
      }),
    );
    const env = testEnvironment({ role: 'caseOperation' });
    renderWithRegistry(<DescriptorView descriptor={table} />, { env });
    await screen.findByText('MS00000001');
    // Nothing ticked: the bulk actions wait for rows.
    expect(screen.queryByRole('button', { name: '结案' })).not.toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox');
    await user.click(boxes[1]);
    await user.click(boxes[2]);
    await user.click(screen.getByRole('button', { name: '结案' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('结案（已选 2 件）')).toBeInTheDocument();
    await choose(dialog, '结案结果', '调解成功');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(body).toEqual({ event: 'CLOSE', ids: [1, 2], result: 'mediated' }));

    const result = await screen.findByText('成功 1 件，未完成 1 件');
    const panel = result.closest('.arco-modal') as HTMLElement;
    const rowOf = (caseNo: string) => within(panel).getByText(caseNo).closest('tr') as HTMLElement;
    expect(within(rowOf('MS00000001')).getByText('成功')).toBeInTheDocument();
    expect(within(rowOf('MS00000002')).getByText('被拒绝')).toBeInTheDocument();
    expect(within(rowOf('MS00000002')).getByText('案件已结案')).toBeInTheDocument();
    expect(asked).toHaveLength(1);
    await user.click(within(panel).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(asked).toHaveLength(2));
  });

  it('pushes the ticked cases to a firm chosen from the passed firms', async () => {
    let body: unknown = null;
    server.use(
      http.get('/api/cases', () => ok({ list: [caseRow(1), caseRow(2)], total: 2 })),
      http.get('/api/lawfirms/options', () =>
        ok({ list: [{ id: 5, name: '深圳恒信律师事务所', regionCode: '440300' }], total: 1 }),
      ),
      http.post('/api/cases/bulk-transitions', async ({ request }) => {
        body = await request.json();
        return ok({
          list: [
            { caseId: 1, caseNo: 'MS00000001', ok: true },
            { caseId: 2, caseNo: 'MS00000002', ok: true },
          ],
          succeeded: 2,
          refused: 0,
        });
      }),
    );
    renderWithRegistry(<DescriptorView descriptor={table} />, {
      env: testEnvironment({ role: 'caseOperation' }),
    });
    await screen.findByText('MS00000001');
    await user.click(screen.getAllByRole('checkbox')[0]);
    await user.click(screen.getByRole('button', { name: '推送律所' }));
    const dialog = await screen.findByRole('dialog');
    await choose(dialog, '律所', '深圳恒信律师事务所');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(body).toEqual({ event: 'PUSH', ids: [1, 2], lawFirmId: 5 }));
    expect(await screen.findByText('成功 2 件，未完成 0 件')).toBeInTheDocument();
  });

  it('says each refusal in the reader’s language, from the row’s message key', async () => {
    server.use(
      http.get('/api/cases', () => ok({ list: [caseRow(1)], total: 1 })),
      http.post('/api/cases/bulk-transitions', () =>
        ok({
          list: [
            {
              caseId: 1,
              caseNo: 'MS00000001',
              ok: false,
              reason: '案件已推送给该律所',
              code: 'case.transition.sameFirm',
              params: {},
            },
          ],
          succeeded: 0,
          refused: 1,
        }),
      ),
    );
    renderWithRegistry(<DescriptorView descriptor={table} />, {
      env: testEnvironment({ role: 'caseOperation', locale: 'en-US' }),
    });
    await screen.findByText('MS00000001');
    await user.click(screen.getAllByRole('checkbox')[1]);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog');
    await choose(dialog, 'Result', 'Mediated');
    // Arco's own buttons follow its ConfigProvider, which the app sets and this test does not.
    await user.click(within(dialog).getByRole('button', { name: /^(OK|确定)$/ }));
    expect(await screen.findByText('0 done, 1 not done')).toBeInTheDocument();
    expect(screen.getByText('The case is already pushed to this firm')).toBeInTheDocument();
    expect(screen.queryByText('案件已推送给该律所')).not.toBeInTheDocument();
  });

  it('are not offered to a role without the event’s ability', async () => {
    server.use(http.get('/api/cases', () => ok({ list: [caseRow(1)], total: 1 })));
    renderWithRegistry(<DescriptorView descriptor={table} />, {
      env: testEnvironment({ role: 'bussinessOperation' }),
    });
    await screen.findByText('MS00000001');
    await user.click(screen.getAllByRole('checkbox')[1]);
    expect(await screen.findByTestId('selection-count')).toHaveTextContent('已选择 1 项');
    expect(screen.queryByRole('button', { name: '分配' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '推送律所' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '结案' })).not.toBeInTheDocument();
  });
  it('selects every case of the filter and runs the action as a job, with its progress and results', async () => {
    let body: unknown = null;
    let polls = 0;
    server.use(
      http.get('/api/cases', () => ok({ list: [caseRow(1), caseRow(2)], total: 57 })),
      http.post('/api/cases/bulk-jobs', async ({ request }) => {
        body = await request.json();
        return ok({ id: 7 });
      }),
      http.get('/api/cases/bulk-jobs/7', () => {
        polls++;
        const done = polls > 1;
        return ok({
          id: 7,
          action: 'close',
          status: done ? 'done' : 'running',
          total: 57,
          done: done ? 57 : 20,
          succeeded: done ? 50 : 18,
          refused: done ? 7 : 2,
          failure: null,
          createdAt: '2026-12-02T02:00:00.000Z',
          finishedAt: done ? '2026-12-02T02:00:09.000Z' : null,
        });
      }),
    );
    const env = testEnvironment({ role: 'caseOperation' });
    renderWithRegistry(<DescriptorView descriptor={table} />, { env });
    await screen.findByText('MS00000001');
    // Only a whole page ticked offers the whole filter.
    await user.click(screen.getAllByRole('checkbox')[1]);
    expect(screen.queryByTestId('select-all')).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('checkbox')[2]);
    await user.click(await screen.findByText('选择全部 57 条'));
    expect(await screen.findByTestId('select-all')).toHaveTextContent('已选择全部 57 条');
    await user.click(screen.getByRole('button', { name: '结案' }));
    expect(env.confirm).toHaveBeenCalledWith(expect.stringContaining('全部 57 件案件执行「结案」'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('结案（已选 57 件）')).toBeInTheDocument();
    await choose(dialog, '结案结果', '调解成功');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(body).toEqual({ action: 'close', filter: expect.any(Object), result: 'mediated' }),
    );
    expect(await screen.findByText('任务完成：成功 50 件，未执行 7 件（共 57 件）')).toBeInTheDocument();
    await user.click(screen.getByTestId('bulk-job-download'));
    await waitFor(() => expect(env.download).toHaveBeenCalledWith('/cases/bulk-jobs/7/results'));
  });
});
