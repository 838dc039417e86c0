import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { lawFirmsHandler } from '../../../mocks/handlers/registration';
import { accountHandlers, demoDevice, demoUserSummary } from '../../../mocks/handlers/user';
import { server } from '../../../mocks/server';
import AccountManagement from '../../../src/pages/user/account';
import { renderPage, signIn, withHttpLayer } from './harness';

withHttpLayer();

const USERS = [
  demoUserSummary({
    id: 1,
    phone: '13800000001',
    name: '周启航',
    role: 'superAdmin',
    accountId: 'CD0000000001',
  }),
  demoUserSummary({ id: 2, phone: '13800000002', name: '林晓雯', role: 'caseOperation' }),
  demoUserSummary({
    id: 5,
    phone: '13800000005',
    name: '李明哲',
    role: 'lawyer',
    lawFirmName: '北京德衡律师事务所',
  }),
  demoUserSummary({ id: 9, phone: '13900000009', name: '李思远', role: 'lawyer', enabled: false }),
];

function setUp() {
  const api = accountHandlers(USERS, {
    devices: {
      2: [demoDevice({ id: 21, deviceName: 'iPhone 15' }), demoDevice({ id: 22, deviceName: 'Xiaomi 14' })],
    },
  });
  server.use(...api.handlers, lawFirmsHandler());
  return api;
}

/** Arco's popups (select options, confirmations) fade in with pointer-events: none at first. */
function actor() {
  return userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
}

function row(name: string) {
  const cell = screen.getByText(name);
  const tr = cell.closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  return within(tr as HTMLElement);
}

/** Clicks a Popconfirm's OK button (it renders in a popup outside the row). */
async function confirmPopup(okText: string) {
  const popup = await waitFor(() => {
    const el = document.querySelector('.arco-popconfirm');
    if (!el) throw new Error('no popconfirm');
    return el as HTMLElement;
  });
  await actor().click(within(popup).getByRole('button', { name: okText }));
}

beforeEach(async () => {
  await signIn({ id: 1, role: 'superAdmin' });
});

describe('account management', () => {
  it('reads its filters and page from the URL and asks the API for exactly those', async () => {
    const api = setUp();
    renderPage('/user/account?role=lawyer&name=李', <AccountManagement />);
    expect(await screen.findByText('李明哲')).toBeInTheDocument();
    expect(screen.getByText('李思远')).toBeInTheDocument();
    expect(screen.queryByText('林晓雯')).toBeNull();
    const query = api.queries[0];
    expect(Object.fromEntries(query)).toEqual({ page: '1', pageSize: '20', role: 'lawyer', name: '李' });
    expect(screen.getByPlaceholderText('请输入姓名')).toHaveValue('李');
  });

  it('drops a filter value the API would refuse instead of sending it', async () => {
    const api = setUp();
    renderPage('/user/account?role=king&page=-3', <AccountManagement />);
    await screen.findByText('林晓雯');
    expect(Object.fromEntries(api.queries[0])).toEqual({ page: '1', pageSize: '20' });
  });

  it('puts the filters into the URL when searching and clears them on reset', async () => {
    const api = setUp();
    const router = renderPage('/user/account', <AccountManagement />);
    await screen.findByText('林晓雯');
    const user = actor();
    await user.type(screen.getByPlaceholderText('请输入手机号'), '1380000000');
    await user.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?phone=1380000000'));
    await waitFor(() => expect(api.queries.at(-1)?.get('phone')).toBe('1380000000'));
    await waitFor(() => expect(screen.queryByText('李思远')).toBeNull());

    await user.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('李思远')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('请输入手机号')).toHaveValue('');
  });

  it('creates a user and shows the generated password once, with a copy button', async () => {
    const api = setUp();
    renderPage('/user/account', <AccountManagement />);
    await screen.findByText('林晓雯');
    const user = actor();
    await user.click(screen.getByRole('button', { name: /新建用户/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: '创建' }));
    expect(await dialog.findByText('请输入手机号')).toBeInTheDocument();
    expect(api.created).toHaveLength(0);

    await user.type(dialog.getByPlaceholderText('11 位手机号，作为登录账号'), '13712345678');
    await user.type(dialog.getByPlaceholderText('请输入真实姓名'), '王晓明');
    await user.click(dialog.getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: '案件运营' }));
    await user.click(dialog.getByRole('button', { name: '创建' }));

    await waitFor(() =>
      expect(api.created).toEqual([{ phone: '13712345678', name: '王晓明', role: 'caseOperation' }]),
    );
    expect(await screen.findByText('用户已创建')).toBeInTheDocument();
    expect(screen.getByTestId('issued-password')).toHaveTextContent('Xy7#kP2q');
    expect(screen.getByText(/只显示这一次/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /复制/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '我已记下' }));
    await waitFor(() => expect(screen.queryByTestId('issued-password')).toBeNull());
    expect(await screen.findByText('王晓明')).toBeInTheDocument();
  });

  it('asks for a law firm and a licence number when creating a lawyer', async () => {
    const api = setUp();
    renderPage('/user/account', <AccountManagement />);
    await screen.findByText('林晓雯');
    const user = actor();
    await user.click(screen.getByRole('button', { name: /新建用户/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByPlaceholderText('11 位手机号，作为登录账号'), '13712345679');
    await user.type(dialog.getByPlaceholderText('请输入真实姓名'), '赵律师');
    await user.click(dialog.getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: '律师' }));
    await user.click(dialog.getByRole('button', { name: '创建' }));
    expect(await dialog.findByText('律所联系人和律师必须关联律所')).toBeInTheDocument();
    expect(dialog.getByText('创建律师账号需要填写执业证号')).toBeInTheDocument();
    expect(api.created).toHaveLength(0);
  });

  it('disables a user only after confirming', async () => {
    const api = setUp();
    renderPage('/user/account', <AccountManagement />);
    await screen.findByText('林晓雯');
    await actor().click(row('林晓雯').getByRole('button', { name: '停用' }));
    expect(await screen.findByText('确定停用「林晓雯」的账号吗？')).toBeInTheDocument();
    expect(api.toggled).toHaveLength(0);
    await confirmPopup('确认');
    await waitFor(() => expect(api.toggled).toEqual([2]));
    await waitFor(() => expect(row('林晓雯').getByRole('button', { name: '启用' })).toBeInTheDocument());
  });

  it('does not offer to disable the signed-in administrator', async () => {
    setUp();
    renderPage('/user/account', <AccountManagement />);
    await screen.findByText('周启航');
    expect(row('周启航').getByRole('button', { name: '停用' })).toBeDisabled();
  });

  it('resets a password after confirming and shows the new one once', async () => {
    const api = setUp();
    renderPage('/user/account', <AccountManagement />);
    await screen.findByText('李明哲');
    await actor().click(row('李明哲').getByRole('button', { name: '重置密码' }));
    await confirmPopup('确认');
    expect(await screen.findByText('密码已重置')).toBeInTheDocument();
    expect(screen.getByTestId('issued-password')).toHaveTextContent('Rn4$tW9z');
    expect(screen.getByText('该用户已退出所有设备，需要使用新密码重新登录。')).toBeInTheDocument();
    expect(api.reset).toEqual([5]);
  });

  it('shows a user’s devices in the detail drawer and unbinds one after confirming', async () => {
    const api = setUp();
    renderPage('/user/account', <AccountManagement />);
    await screen.findByText('林晓雯');
    await actor().click(row('林晓雯').getByRole('button', { name: '详情' }));
    expect(await screen.findByText('已绑定设备（2）')).toBeInTheDocument();
    const drawer = within(document.querySelector('.arco-drawer') as HTMLElement);
    const xiaomi = within(drawer.getByText('Xiaomi 14').closest('tr') as HTMLElement);
    await actor().click(xiaomi.getByRole('button', { name: '解绑' }));
    expect(await screen.findByText('确定解绑设备「Xiaomi 14」吗？')).toBeInTheDocument();
    await confirmPopup('解绑');
    await waitFor(() => expect(api.unbound).toEqual([22]));
    expect(await screen.findByText('已绑定设备（1）')).toBeInTheDocument();
    expect(drawer.queryByText('Xiaomi 14')).toBeNull();
  });
});
