import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { DescriptorView } from '../../../ui-registry/PageHost';
import { choose } from './case-pages';
import { preloadRenderers, renderWithRegistry, testEnvironment } from './environment';
import { caseDetail, caseRecord } from './fixtures';

beforeAll(preloadRenderers, 30_000);

// Arco's modal and select dropdown fade in (pointer-events: none) while the test clicks.
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** GET /api/cases/7 answers `record` (counted); POST transitions are kept and answered by `answer`. */
function caseApi(
  record: Record<string, unknown> = caseRecord(),
  answer: (body: Record<string, unknown>) => Response = () => ok(record),
) {
  const reads: number[] = [];
  const sent: Array<Record<string, unknown>> = [];
  server.use(
    http.get('/api/cases/7', () => {
      reads.push(reads.length);
      return ok(record);
    }),
    http.post('/api/cases/7/transitions', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return answer(body);
    }),
  );
  return { reads, sent };
}

const button = (name: string) => screen.queryByRole('button', { name });

/** The page with its action bar: actions of record pages arrive lazily, the follow-up one always shows. */
async function shown() {
  await screen.findByText('案件详情');
  await screen.findByRole('button', { name: '添加跟进' });
}

describe('the detail page', () => {
  it('shows the record: header, descriptions, related table and timeline', async () => {
    caseApi();
    renderWithRegistry(<DescriptorView descriptor={caseDetail} params={{ id: '7' }} />);
    expect(await screen.findByText('案件详情')).toBeInTheDocument();
    expect(screen.getByTestId('detail-subtitle')).toHaveTextContent('MS00000007');
    const basic = screen.getByText('基本信息').closest('.arco-card') as HTMLElement;
    expect(within(basic).getByText('借款纠纷 7')).toBeInTheDocument();
    expect(within(basic).getByText('处理中')).toBeInTheDocument();
    expect(within(basic).getByText('¥12,345.67')).toBeInTheDocument();
    const repayments = screen.getByText('还款记录').closest('.arco-card') as HTMLElement;
    expect(within(repayments).getByText('¥500.00')).toBeInTheDocument();
    expect(within(repayments).getByText('¥250.50')).toBeInTheDocument();
    const audit = screen.getByText('操作记录').closest('.arco-card') as HTMLElement;
    expect(within(audit).getByText('TAKE: pending -> processing')).toBeInTheDocument();
    expect(within(audit).getByText('李运营')).toBeInTheDocument();
  });

  it('shows only the status events the record allows', async () => {
    caseApi();
    renderWithRegistry(<DescriptorView descriptor={caseDetail} params={{ id: '7' }} />);
    await shown();
    expect(button('中止')).toBeInTheDocument();
    expect(button('结案')).toBeInTheDocument();
    expect(button('分配')).not.toBeInTheDocument();
    expect(button('重新打开')).not.toBeInTheDocument();
  });

  it('asks the case status machine when the record does not say', async () => {
    const record = caseRecord({ allowedEvents: undefined });
    caseApi(record);
    const handling = testEnvironment({ role: 'lawyer', user: { id: 30, lawyerId: 3, lawFirmId: 2 } });
    const first = renderWithRegistry(<DescriptorView descriptor={caseDetail} params={{ id: '7' }} />, {
      env: handling,
    });
    await shown();
    expect(button('中止')).toBeInTheDocument();
    expect(button('结案')).toBeInTheDocument();
    first.unmount();

    const another = testEnvironment({ role: 'lawyer', user: { id: 31, lawyerId: 4, lawFirmId: 2 } });
    renderWithRegistry(<DescriptorView descriptor={caseDetail} params={{ id: '7' }} />, { env: another });
    await shown();
    expect(button('中止')).not.toBeInTheDocument();
    expect(button('结案')).not.toBeInTheDocument();
  });

  it('loads the case status machine first when the environment hands it out lazily', async () => {
    caseApi(caseRecord({ allowedEvents: undefined }));
    const { allowedEvents } = await import('../../../machines/caseStatusMachine');
    let loads = 0;
    const machine = Promise.resolve(allowedEvents);
    const env = testEnvironment({
      role: 'lawyer',
      user: { id: 30, lawyerId: 3, lawFirmId: 2 },
      caseEvents: undefined,
      loadCaseEvents: () => {
        loads += 1;
        return machine;
      },
    });
    renderWithRegistry(<DescriptorView descriptor={caseDetail} params={{ id: '7' }} />, { env });
    await shown();
    expect(await screen.findByRole('button', { name: '中止' })).toBeInTheDocument();
    expect(button('结案')).toBeInTheDocument();
    expect(loads).toBeGreaterThan(0);
  });

  it('asks a reason before suspending, sends it with the version, then reads the case again', async () => {
    const { reads, sent } = caseApi();
    const { env } = renderWithRegistry(<DescriptorView descriptor={caseDetail} params={{ id: '7' }} />);
    await shown();
    await user.click(button('中止') as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请填写中止原因')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('中止原因'), '债务人失联');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(sent).toEqual([{ event: 'SUSPEND', version: 3, reason: '债务人失联' }]));
    expect(env.notify).toHaveBeenCalledWith('success', '「中止」已完成');
    await waitFor(() => expect(reads).toHaveLength(2));
  });

  it('shows the server’s reason when it refuses a transition', async () => {
    const { sent } = caseApi(caseRecord(), () =>
      fail(409, 40900, '只有承办律师或案件运营人员可以执行该操作'),
    );
    renderWithRegistry(<DescriptorView descriptor={caseDetail} params={{ id: '7' }} />);
    await shown();
    await user.click(button('结案') as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    await choose(dialog, '结案结果', '调解成功');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByTestId('action-problem')).toHaveTextContent(
      '只有承办律师或案件运营人员可以执行该操作',
    );
    expect(sent).toEqual([{ event: 'CLOSE', version: 3, result: 'mediated' }]);
  });

  it('assigns to a lawyer chosen from the options the API offers', async () => {
    const record = caseRecord({
      status: 'pending',
      lawyerId: null,
      lawFirmId: null,
      allowedEvents: ['ASSIGN'],
    });
    const { sent } = caseApi(record);
    server.use(
      http.get('/api/lawyers/options', () =>
        ok({
          list: [
            { id: 5, name: '赵律师', label: '赵律师 · 明理律所', lawFirmId: 2, lawFirmName: '明理律所' },
          ],
          total: 1,
        }),
      ),
      http.get('/api/register/lawfirms', () =>
        ok({ list: [{ id: 2, name: '明理律所', regionCode: '440305' }] }),
      ),
    );
    renderWithRegistry(<DescriptorView descriptor={caseDetail} params={{ id: '7' }} />);
    await shown();
    await user.click(button('分配') as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    // Nothing to withdraw: no warning.
    expect(within(dialog).queryByTestId('assign-withdraws-push')).toBeNull();
    // No lawyer chosen: the form asks for one before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请填写承办律师')).toBeInTheDocument();
    expect(sent).toEqual([]);
    // Each lawyer with their firm.
    await choose(dialog, '承办律师', '赵律师 · 明理律所');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(sent).toEqual([{ event: 'ASSIGN', version: 3, lawyerId: 5 }]));
  });

  it('says that assigning a case pushed to a firm that has not answered withdraws the push, and asks to confirm', async () => {
    const record = caseRecord({
      status: 'pending',
      position: 'pushed',
      lawyerId: null,
      lawFirmId: 2,
      lawFirmName: '明理律师事务所',
      allowedEvents: ['ASSIGN'],
      assignWithdrawsPush: true,
    });
    const { sent } = caseApi(record);
    server.use(
      http.get('/api/lawyers/options', () =>
        ok({
          list: [
            { id: 6, name: '钱律师', label: '钱律师 · 公正律所', lawFirmId: 3, lawFirmName: '公正律所' },
          ],
          total: 1,
        }),
      ),
    );
    renderWithRegistry(<DescriptorView descriptor={caseDetail} params={{ id: '7' }} />);
    await shown();
    await user.click(button('分配') as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('assign-withdraws-push')).toHaveTextContent(
      '本案已推送至明理律师事务所，该所尚未答复。分配给其他律所的律师将撤回这次推送',
    );
    await choose(dialog, '承办律师', '钱律师 · 公正律所');
    await user.click(within(dialog).getByRole('button', { name: '确认分配' }));
    await waitFor(() => expect(sent).toEqual([{ event: 'ASSIGN', version: 3, lawyerId: 6 }]));
  });

  it('sends an API action’s small form and reloads the record', async () => {
    const { reads } = caseApi();
    let posted: unknown = null;
    server.use(
      http.post('/api/cases/7/follow-ups', async ({ request }) => {
        posted = await request.json();
        return ok({ id: 1 });
      }),
    );
    const { env } = renderWithRegistry(<DescriptorView descriptor={caseDetail} params={{ id: '7' }} />);
    await shown();
    await user.click(button('添加跟进') as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('备注'), '已电话联系');
    await choose(dialog, '状态', '承诺还款');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(posted).toEqual({ note: '已电话联系', paymentStatus: 'promised' }));
    expect(env.notify).toHaveBeenCalledWith('success', '「添加跟进」已完成');
    await waitFor(() => expect(reads).toHaveLength(2));
  });

  it('shows an error with a retry when the record cannot be read', async () => {
    let calls = 0;
    server.use(
      http.get('/api/cases/7', () => {
        calls += 1;
        return calls === 1 ? fail(404, 40400, '案件不存在') : ok(caseRecord());
      }),
    );
    renderWithRegistry(<DescriptorView descriptor={caseDetail} params={{ id: '7' }} />);
    expect(await screen.findByText('案件不存在')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('detail-subtitle')).toHaveTextContent('MS00000007');
  });
});
