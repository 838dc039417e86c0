import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PageDescriptor, SCHEMA_VERSION, type TablePage } from '../../../contract/pages/descriptor';
import { ok } from '../../../mocks/envelope';
import { noRunningBulkJob } from '../../../mocks/handlers/bulk-jobs';
import { server } from '../../../mocks/server';
import { PAGE_CATALOG } from '../../../server/pages/catalog';
import { bulkTransitions } from '../../../server/pages/catalog/case-common';
import { DescriptorView } from '../../../ui-registry/PageHost';
import { FIRST_ROW, filterLabelWidth } from '../../../ui-registry/pages/table/FilterBar';
import { preloadRenderers, renderWithRegistry, testEnvironment } from './environment';
import { caseRow } from './fixtures';

/**
 * A list shows as many rows as it can above the fold (issue 18: 案件列表 at 1366 x 768): its
 * filters are one row beside their buttons with the rest folded, a long title takes two lines,
 * and the bulk 分配 says which ticked cases it withdraws from a firm that has not answered.
 */

beforeAll(preloadRenderers, 30_000);
beforeEach(() => server.use(noRunningBulkJob));

const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const catalogTable = (id: string) => PAGE_CATALOG.get(id) as TablePage;

describe('a list page’s filters', () => {
  it('show the first row beside 展开 / 重置 / 查询 and fold the rest, on every list of the catalogue', async () => {
    server.use(http.get('/api/cases', () => ok({ list: [caseRow(1)], total: 1 })));
    const env = testEnvironment({ role: 'caseOperation' });
    renderWithRegistry(<DescriptorView descriptor={catalogTable('search-table')} />, { env });
    await screen.findByText('MS00000001');
    const form = screen.getByRole('form', { name: '筛选条件' });
    const row = form.querySelector('.table-filters-row') as HTMLElement;
    // The buttons share the row of the filters, not a row of their own.
    expect(within(row).getByRole('button', { name: /查询/ })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /展开/ })).toHaveAttribute('aria-expanded', 'false');
    const items = [...form.querySelectorAll('.arco-form-item')] as HTMLElement[];
    expect(items.length).toBeGreaterThan(FIRST_ROW);
    const shown = items.filter(
      (item) => item.closest('.arco-col')?.getAttribute('style')?.includes('none') !== true,
    );
    expect(shown.map((item) => item.querySelector('label')?.textContent?.trim())).toEqual([
      '关键词',
      '案件编号',
      '案件状态',
    ]);
    // Labels beside their inputs (horizontal), not above them.
    expect(form).not.toHaveClass('arco-form-layout-vertical');
    await user.click(within(row).getByRole('button', { name: /展开/ }));
    expect(within(row).getByRole('button', { name: /收起/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('fill the first row exactly on every case list (the keyword wide enough for its hint)', () => {
    for (const id of ['search-table', 'search-table-lawyer', 'my-cases']) {
      const spans = catalogTable(id)
        .filters.slice(0, FIRST_ROW)
        .map((f) => f.span ?? 8);
      expect(
        spans.reduce((a, b) => a + b, 0),
        id,
      ).toBe(24);
      expect(catalogTable(id).filters[0].name, id).toBe('keyword');
    }
  });

  it('give every label one width, from the longest, within bounds', () => {
    expect(filterLabelWidth(['关键词', '委托到期日'])).toBe(5 * 14 + 16);
    expect(filterLabelWidth(['状态'])).toBe(56);
    // A long English label wraps rather than taking its input's room.
    expect(filterLabelWidth(['Entrustment expires on'])).toBe(112);
  });
});

describe('a list row', () => {
  it('shows a long text in at most two lines, the whole of it on hover', async () => {
    const title = '中国银行股份有限公司葫芦岛分行诉钟桂融资租赁合同纠纷';
    server.use(http.get('/api/cases', () => ok({ list: [caseRow(1, { title })], total: 1 })));
    renderWithRegistry(<DescriptorView descriptor={catalogTable('search-table')} />, {
      env: testEnvironment({ role: 'caseOperation' }),
    });
    const cell = await screen.findByText(title);
    const clamp = cell.closest('.table-cell-clamp');
    expect(clamp).not.toBeNull();
    expect(clamp).toHaveAttribute('title', title);
    // Not every value: a case number (a link) is never cut.
    expect(screen.getByText('MS00000001').closest('.table-cell-clamp')).toBeNull();
  });
});

describe('bulk 分配', () => {
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
    bulkActions: bulkTransitions('ASSIGN'),
    pageSize: 20,
  };
  const pushed = (id: number, firm: string) =>
    caseRow(id, {
      position: 'pushed',
      lawFirmId: id,
      lawFirmName: firm,
      allowedEvents: ['ASSIGN'],
      assignWithdrawsPush: true,
    });

  function listAndAnswer() {
    let body: unknown = null;
    server.use(
      http.get('/api/cases', () =>
        ok({
          list: [
            caseRow(1, { allowedEvents: ['ASSIGN'] }),
            pushed(2, '明理律师事务所'),
            pushed(3, '公正律师事务所'),
          ],
          total: 3,
        }),
      ),
      http.get('/api/lawyers/options', () =>
        ok({ list: [{ id: 6, name: '钱律师', label: '钱律师 · 公正律所' }], total: 1 }),
      ),
      http.post('/api/cases/bulk-transitions', async ({ request }) => {
        body = await request.json();
        return ok({ list: [], succeeded: 0, refused: 0 });
      }),
    );
    return () => body;
  }

  it('names each ticked case whose push it withdraws, with its firm, and asks to confirm', async () => {
    const sent = listAndAnswer();
    renderWithRegistry(<DescriptorView descriptor={table} />, {
      env: testEnvironment({ role: 'caseOperation' }),
    });
    await screen.findByText('MS00000001');
    const boxes = screen.getAllByRole('checkbox');
    for (const box of boxes.slice(1)) await user.click(box);
    await user.click(screen.getByRole('button', { name: '分配' }));
    const dialog = await screen.findByRole('dialog');
    const warning = within(dialog).getByTestId('bulk-assign-withdraws-push');
    expect(warning).toHaveTextContent('所选案件中有 2 件已推送至律所、该所尚未答复');
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['MS00000002（明理律师事务所）', 'MS00000003（公正律师事务所）']);
    expect(within(warning).queryByText(/MS00000001/)).toBeNull();
    const item = within(dialog).getByText('承办律师').closest('.arco-form-item') as HTMLElement;
    await user.click(item.querySelector('.arco-select-view') as HTMLElement);
    await user.click(
      await screen.findByText('钱律师 · 公正律所', {
        selector: '.arco-select-option, .arco-select-option *',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: '确认分配' }));
    await waitFor(() => expect(sent()).toEqual({ event: 'ASSIGN', ids: [1, 2, 3], lawyerId: 6 }));
  });

  it('says nothing of pushes when no ticked case waits for a firm', async () => {
    listAndAnswer();
    renderWithRegistry(<DescriptorView descriptor={table} />, {
      env: testEnvironment({ role: 'caseOperation' }),
    });
    await screen.findByText('MS00000001');
    await user.click(screen.getAllByRole('checkbox')[1]);
    await user.click(screen.getByRole('button', { name: '分配' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByTestId('bulk-assign-withdraws-push')).toBeNull();
    expect(within(dialog).getByRole('button', { name: '确定' })).toBeInTheDocument();
  });
});
