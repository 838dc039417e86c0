import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { type PageDescriptor, SCHEMA_VERSION } from '../../../contract/pages/descriptor';
import { fail, ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { PAGE_CATALOG } from '../../../server/pages/catalog';
import { bulkTransitions } from '../../../server/pages/catalog/case-common';
import { DescriptorView } from '../../../ui-registry/PageHost';
import { preloadRenderers, renderWithRegistry, testEnvironment } from './environment';
import { caseRecord, caseRow } from './fixtures';

/**
 * Each role's part of a case's journey, on the product's own pages (the server's catalogue):
 * the review's decision, the case list's bulk actions and their per-case result, and a firm's
 * answers to a push.
 */

beforeAll(async () => {
  await preloadRenderers();
  await import('../../../ui-registry/actions/BulkResultDialog');
}, 30_000);

// Arco's modal and select dropdown fade in (pointer-events: none) while the test clicks.
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const catalogPage = (id: string) => PAGE_CATALOG.get(id) as PageDescriptor;

/** Opens the select of a form item (found by its label) and picks an option by its text. */
async function choose(scope: HTMLElement, label: string, option: string) {
  const item = within(scope).getByText(label).closest('.arco-form-item') as HTMLElement;
  const view = await waitFor(() => {
    const found = item.querySelector('.arco-select-view');
    if (!found) throw new Error(`no select under ${label} yet`);
    return found;
  });
  await user.click(view);
  await user.click(
    await screen.findByText(option, { selector: '.arco-select-option, .arco-select-option *' }),
  );
}

/** GET /api/cases/7 answers `record` (counted); POST transitions are kept and answered by `answer`. */
function caseApi(record: Record<string, unknown>, answer: () => Response = () => ok(record)) {
  const reads: number[] = [];
  const sent: Array<Record<string, unknown>> = [];
  server.use(
    http.get('/api/cases/7', () => {
      reads.push(reads.length);
      return ok(record);
    }),
    http.post('/api/cases/7/transitions', async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return answer();
    }),
  );
  return { reads, sent };
}

describe('the review page (case operations)', () => {
  const awaiting = () =>
    caseRecord({
      status: 'pending',
      position: 'awaitingReview',
      lawyerId: null,
      lawFirmId: null,
      allowedEvents: ['APPROVE', 'RETURN'],
      pushes: [],
      attachments: [],
    });

  it('approves after the user confirms', async () => {
    const { sent } = caseApi(awaiting());
    const env = testEnvironment({ role: 'caseOperation' });
    renderWithRegistry(<DescriptorView descriptor={catalogPage('bussiness-audit')} params={{ id: '7' }} />, {
      env,
    });
    await user.click(await screen.findByRole('button', { name: '审核通过' }));
    expect(env.confirm).toHaveBeenCalledWith('确认该案件审核通过？通过后案件进入案件池。');
    await waitFor(() => expect(sent).toEqual([{ event: 'APPROVE', version: 3 }]));
    expect(env.notify).toHaveBeenCalledWith('success', '「审核通过」已完成');
  });

  it('sends nothing when the user does not confirm the approval', async () => {
    const { sent } = caseApi(awaiting());
    const env = testEnvironment({ role: 'caseOperation', confirm: async () => false });
    renderWithRegistry(<DescriptorView descriptor={catalogPage('bussiness-audit')} params={{ id: '7' }} />, {
      env,
    });
    await user.click(await screen.findByRole('button', { name: '审核通过' }));
    await waitFor(() => expect(env.notify).not.toHaveBeenCalled());
    expect(sent).toEqual([]);
  });

  it('returns a case only with a reason', async () => {
    const { sent } = caseApi(awaiting());
    const env = testEnvironment({ role: 'caseOperation' });
    renderWithRegistry(<DescriptorView descriptor={catalogPage('bussiness-audit')} params={{ id: '7' }} />, {
      env,
    });
    await user.click(await screen.findByRole('button', { name: '退回修改' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请填写退回原因')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByLabelText('退回原因'), '缺少借款合同');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(sent).toEqual([{ event: 'RETURN', version: 3, reason: '缺少借款合同' }]));
    expect(env.notify).toHaveBeenCalledWith('success', '「退回修改」已完成');
  });

  it('says the case changed and reads it again when the server answers 409', async () => {
    const { sent, reads } = caseApi(awaiting(), () => fail(409, 40900, '案件已被他人修改，请刷新后重试'));
    const env = testEnvironment({ role: 'caseOperation' });
    renderWithRegistry(<DescriptorView descriptor={catalogPage('bussiness-audit')} params={{ id: '7' }} />, {
      env,
    });
    await user.click(await screen.findByRole('button', { name: '审核通过' }));
    await waitFor(() =>
      expect(env.notify).toHaveBeenCalledWith('error', '案件已被他人修改，请刷新后重试（已重新加载案件）'),
    );
    expect(sent).toHaveLength(1);
    await waitFor(() => expect(reads).toHaveLength(2));
  });

  it('shows the return reason and each decision in the record', async () => {
    caseApi({
      ...awaiting(),
      returnReason: '缺少借款合同',
      auditTrail: [
        {
          id: 1,
          at: '2026-03-02T01:00:00Z',
          action: 'case.return',
          summary: 'RETURN',
          event: 'RETURN',
          reason: '缺少借款合同',
          actorName: '李运营',
        },
      ],
    });
    renderWithRegistry(<DescriptorView descriptor={catalogPage('bussiness-audit')} params={{ id: '7' }} />, {
      env: testEnvironment({ role: 'caseOperation' }),
    });
    expect(await screen.findAllByText('缺少借款合同')).toHaveLength(2);
    expect(screen.getByText('待审核')).toBeInTheDocument();
    // The history names the decision in the reader's language.
    expect(screen.getAllByText('退回修改').length).toBeGreaterThan(0);
  });
});

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
          results: [
            { id: 1, caseNo: 'MS00000001', ok: true, reason: null, code: null, params: null },
            {
              id: 2,
              caseNo: 'MS00000002',
              ok: false,
              // The row's key decides the words; the server's own translation is only a fallback.
              reason: 'The case is closed',
              code: 'case.transition.inState.closed',
              params: { state: 'closed' },
            },
          ],
          succeeded: 1,
          failed: 1,
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
          results: [
            { id: 1, caseNo: 'MS00000001', ok: true, reason: null, code: null, params: null },
            { id: 2, caseNo: 'MS00000002', ok: true, reason: null, code: null, params: null },
          ],
          succeeded: 2,
          failed: 0,
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
          results: [
            {
              id: 1,
              caseNo: 'MS00000001',
              ok: false,
              reason: '案件已推送给该律所',
              code: 'case.transition.sameFirm',
              params: {},
            },
          ],
          succeeded: 0,
          failed: 1,
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
});

describe('the firm’s case list (contact person)', () => {
  const pushed = caseRow(1, {
    status: 'pending',
    position: 'pushed',
    lawFirmId: 5,
    allowedEvents: ['ACCEPT', 'DECLINE', 'ASSIGN'],
  });
  const accepted = caseRow(2, {
    status: 'pending',
    position: 'accepted',
    lawFirmId: 5,
    allowedEvents: ['ASSIGN'],
  });
  const handled = caseRow(3, { status: 'processing', lawFirmId: 5, lawyerId: 9, allowedEvents: [] });

  function firmApi() {
    const sent: Array<{ id: string; body: unknown }> = [];
    server.use(
      http.get('/api/cases', () => ok({ list: [pushed, accepted, handled], total: 3 })),
      http.get('/api/lawyers/options', () =>
        ok({
          list: [
            {
              id: 9,
              name: '张律师',
              label: '张律师 · 深圳恒信律师事务所',
              lawFirmId: 5,
              lawFirmName: '深圳恒信律师事务所',
            },
          ],
          total: 1,
        }),
      ),
      http.post('/api/cases/:id/transitions', async ({ request, params }) => {
        sent.push({ id: String(params.id), body: await request.json() });
        return ok(caseRow(Number(params.id)));
      }),
    );
    return sent;
  }

  const renderFirmList = () => {
    const env = testEnvironment({ role: 'lawfirmContactPerson', user: { id: 4, lawFirmId: 5 } });
    renderWithRegistry(
      <MemoryRouter>
        <DescriptorView descriptor={catalogPage('casefirm')} />
      </MemoryRouter>,
      { env },
    );
    return env;
  };
  const rowOf = (caseNo: string) => screen.getByText(caseNo).closest('tr') as HTMLElement;
  /** A row action, inline or folded under 更多. */
  async function rowAction(caseNo: string, name: string) {
    const inline = within(rowOf(caseNo)).queryByRole('button', { name });
    if (inline) return inline;
    await user.click(within(rowOf(caseNo)).getByRole('button', { name: /更多/ }));
    return screen.findByRole('button', { name });
  }

  it('offers each row only the answers the machine allows', async () => {
    firmApi();
    renderFirmList();
    await screen.findByText('MS00000003');
    expect(within(rowOf('MS00000003')).getByRole('button', { name: '查看' })).toBeInTheDocument();
    expect(within(rowOf('MS00000003')).queryByRole('button', { name: /更多|接收|分配/ })).toBeNull();
    expect(within(rowOf('MS00000002')).getByRole('button', { name: '分配' })).toBeInTheDocument();
    expect(within(rowOf('MS00000002')).queryByRole('button', { name: '接收' })).toBeNull();
    expect(within(rowOf('MS00000001')).getByRole('button', { name: '接收' })).toBeInTheDocument();
  });

  it('accepts a push after the user confirms', async () => {
    const sent = firmApi();
    const env = renderFirmList();
    await screen.findByText('MS00000001');
    await user.click(await rowAction('MS00000001', '接收'));
    expect(env.confirm).toHaveBeenCalledWith('确认接收该推送案件？接收后可分配给本所律师。');
    await waitFor(() => expect(sent).toEqual([{ id: '1', body: { event: 'ACCEPT', version: 3 } }]));
  });

  it('declines a push only with a reason', async () => {
    const sent = firmApi();
    renderFirmList();
    await screen.findByText('MS00000001');
    await user.click(await rowAction('MS00000001', '拒绝'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请填写拒绝原因')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByLabelText('拒绝原因'), '利益冲突');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(sent).toEqual([{ id: '1', body: { event: 'DECLINE', version: 3, reason: '利益冲突' } }]),
    );
  });

  it('assigns an accepted case to one of the firm’s lawyers', async () => {
    const sent = firmApi();
    renderFirmList();
    await screen.findByText('MS00000002');
    await user.click(await rowAction('MS00000002', '分配'));
    const dialog = await screen.findByRole('dialog');
    await choose(dialog, '承办律师', '张律师 · 深圳恒信律师事务所');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(sent).toEqual([{ id: '2', body: { event: 'ASSIGN', version: 3, lawyerId: 9 } }]),
    );
  });

  it('opens a case on the firm’s own case page', async () => {
    firmApi();
    const env = renderFirmList();
    await screen.findByText('MS00000003');
    await user.click(within(rowOf('MS00000003')).getByRole('button', { name: '查看' }));
    expect(env.navigate).toHaveBeenCalledWith('/form/firm-case/3');
  });
});
