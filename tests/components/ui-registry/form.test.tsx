import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { DescriptorView } from '../../../ui-registry/PageHost';
import { preloadRenderers, renderWithRegistry, testEnvironment } from './environment';
import { caseForm, caseRecord } from './fixtures';

beforeAll(preloadRenderers, 30_000);

/** GET /api/cases/7 answers the record; every PUT body is kept, answered by `answer`. */
function caseApi(
  answer: (body: unknown) => Response = (body) => ok({ ...caseRecord(), ...(body as object) }),
) {
  const gets: number[] = [];
  const puts: unknown[] = [];
  server.use(
    http.get('/api/cases/7', () => {
      gets.push(Date.now());
      return ok(caseRecord({ version: 3 + gets.length - 1 }));
    }),
    http.put('/api/cases/7', async ({ request }) => {
      const body = await request.json();
      puts.push(body);
      return answer(body);
    }),
  );
  return { gets, puts };
}

const field = (name: string) => screen.getByLabelText(name);

describe('the form page', () => {
  it('starts from the record the source answers, amounts in yuan', async () => {
    caseApi();
    renderWithRegistry(<DescriptorView descriptor={caseForm} params={{ id: '7' }} />);
    expect(await screen.findByDisplayValue('借款纠纷 7')).toBeInTheDocument();
    expect(field('金额')).toHaveValue('12345.67');
    expect(field('案件编号')).toHaveValue('MS00000007');
  });

  it('checks the rules before sending anything, named patterns included', async () => {
    const { puts } = caseApi();
    renderWithRegistry(<DescriptorView descriptor={caseForm} params={{ id: '7' }} />);
    await screen.findByDisplayValue('借款纠纷 7');
    await userEvent.clear(field('案件名称'));
    await userEvent.clear(field('案件编号'));
    await userEvent.type(field('案件编号'), 'ms123');
    await userEvent.type(field('手机号'), '1234');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请填写案件名称')).toBeInTheDocument();
    expect(screen.getByText('案件编号为 2 位大写字母加 8 位数字，如 MS00012345')).toBeInTheDocument();
    expect(screen.getByText('请输入正确的 11 位手机号')).toBeInTheDocument();
    await userEvent.type(field('案件名称'), '债');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('至少 2 个字符')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });

  it('sends yuan as fen with the version it read, then goes where the descriptor says', async () => {
    const { puts } = caseApi();
    const { env } = renderWithRegistry(<DescriptorView descriptor={caseForm} params={{ id: '7' }} />);
    await screen.findByDisplayValue('借款纠纷 7');
    await userEvent.clear(field('金额'));
    await userEvent.type(field('金额'), '200.5');
    await userEvent.type(field('手机号'), '13800000001');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      title: '借款纠纷 7',
      caseNo: 'MS00000007',
      amountFen: 20050,
      contactPhone: '13800000001',
      version: 3,
    });
    await waitFor(() => expect(env.navigate).toHaveBeenCalledWith('/list/case-detail/7'));
    expect(env.notify).toHaveBeenCalledWith('success', '保存成功');
  });

  it('shows the server’s field errors at their fields', async () => {
    caseApi(() => fail(400, 40000, '参数校验失败', [{ path: 'title', message: '案件名称已存在' }]));
    renderWithRegistry(<DescriptorView descriptor={caseForm} params={{ id: '7' }} />);
    await screen.findByDisplayValue('借款纠纷 7');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    const message = await screen.findByText('案件名称已存在');
    expect(message.closest('.arco-form-item')).toContainElement(field('案件名称'));
    expect(screen.queryByTestId('form-problem')).not.toBeInTheDocument();
  });

  it('says clearly that someone else changed the record, and reloads it on request', async () => {
    const { gets } = caseApi(() => fail(409, 40900, '案件已被他人修改，请刷新后重试'));
    const { env } = renderWithRegistry(<DescriptorView descriptor={caseForm} params={{ id: '7' }} />);
    await screen.findByDisplayValue('借款纠纷 7');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    const problem = await screen.findByTestId('form-problem');
    expect(problem).toHaveTextContent('数据已被他人修改');
    expect(problem).toHaveTextContent('案件已被他人修改，请刷新后重试');
    expect(env.navigate).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(gets).toHaveLength(2));
    expect(await screen.findByDisplayValue('借款纠纷 7')).toBeInTheDocument();
    expect(screen.queryByTestId('form-problem')).not.toBeInTheDocument();
  });

  it('goes back, or stays with the record read again, as the descriptor says', async () => {
    const { gets, puts } = caseApi();
    const back = { ...caseForm, submit: { ...caseForm.submit, afterSuccess: 'back' } };
    const first = renderWithRegistry(<DescriptorView descriptor={back} params={{ id: '7' }} />);
    await screen.findByDisplayValue('借款纠纷 7');
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(first.env.back).toHaveBeenCalled());
    first.unmount();

    const stay = { ...caseForm, submit: { ...caseForm.submit, afterSuccess: 'stay' } };
    renderWithRegistry(<DescriptorView descriptor={stay} params={{ id: '7' }} />);
    await screen.findByDisplayValue('借款纠纷 7');
    const before = gets.length;
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(gets.length).toBe(before + 1));
    await screen.findByDisplayValue('借款纠纷 7');
    // The record read again carries the new version: the next save sends it.
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(puts).toHaveLength(3));
    expect((puts[2] as { version: number }).version).toBe((puts[1] as { version: number }).version + 1);
  });

  it('posts a blank form without a source, in a horizontal layout', async () => {
    let posted: unknown = null;
    server.use(
      http.post('/api/cases', async ({ request }) => {
        posted = await request.json();
        return ok({ id: 99 });
      }),
    );
    const create = {
      ...caseForm,
      id: 'case-create',
      source: undefined,
      layout: 'horizontal',
      columns: 1,
      fields: [
        { name: 'title', label: 'case.title', input: { kind: 'input' }, required: true },
        { name: 'urgent', label: 'fixture.urgent', input: { kind: 'switch' }, defaultValue: false },
      ],
      submit: { method: 'POST', path: '/cases', afterSuccess: '/list/case-detail/:id' },
    };
    const env = testEnvironment();
    renderWithRegistry(<DescriptorView descriptor={create} />, { env });
    await userEvent.type(await screen.findByLabelText('案件名称'), '新案件');
    await userEvent.click(screen.getByRole('switch'));
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(posted).toEqual({ title: '新案件', urgent: true }));
    await waitFor(() => expect(env.navigate).toHaveBeenCalledWith('/list/case-detail/99'));
    expect(document.querySelector('.arco-form-horizontal')).not.toBeNull();
  });
});
