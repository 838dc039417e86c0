import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { DescriptorView } from '../../../ui-registry/PageHost';
import { catalogPage, choose, user } from './case-pages';
import { preloadRenderers, renderWithRegistry, testEnvironment } from './environment';
import { caseRecord, caseRow } from './fixtures';

/**
 * Each role's part of a case's journey, on the product's own pages (the server's catalogue):
 * the review's decision and a firm's answers to a push (the case list's bulk actions and their
 * per-case result: case-bulk-actions.test.tsx).
 */

beforeAll(async () => {
  await preloadRenderers();
  await import('../../../ui-registry/actions/BulkResultDialog');
}, 30_000);

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
