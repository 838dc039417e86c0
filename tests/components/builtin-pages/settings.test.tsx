import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../contract/auth';
import { creditCodeCheckChar } from '../../../contract/credit-code';
import { sendSmsHandler } from '../../../mocks/handlers/registration';
import {
  bindPhoneHandler,
  certificationHandlers,
  changePasswordHandler,
  demoCertification,
  saveInfoHandler,
} from '../../../mocks/handlers/user';
import { server } from '../../../mocks/server';
import UserSettings from '../../../src/pages/user/settings';
import { renderPage, signIn, withHttpLayer } from './harness';

withHttpLayer();

const PROFILE: Partial<UserInfo> = {
  id: 4,
  phone: '13800000004',
  name: '王思敏',
  nickname: '思敏',
  role: 'lawfirmContactPerson',
  roles: ['lawfirmContactPerson'],
  email: 'simin@example.com',
  countryRegion: 'china',
  area: '110101',
  address: '东长安街 1 号',
  introduction: '专注金融纠纷调解',
  website: '',
  accountId: 'CD0000000004',
  registeredAt: '2026-01-05T08:00:00.000Z',
  certification: 'enterprise',
};

/** Arco's popups (select options, confirmations) fade in with pointer-events: none at first. */
function actor() {
  return userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
}

function openSettings(tab?: string) {
  return renderPage(tab ? `/user/setting?tab=${tab}` : '/user/setting', <UserSettings />);
}

function formMessages() {
  return [...document.querySelectorAll('.arco-form-message')].map((e) => e.textContent);
}

let info: UserInfo;
beforeEach(async () => {
  info = await signIn(PROFILE);
});

describe('user settings: header and basic information', () => {
  it('shows who is signed in: name, account id, registration date, role and certification', async () => {
    openSettings();
    const header = within(document.querySelector('.user-settings-header') as HTMLElement);
    expect(header.getByText('思敏')).toBeInTheDocument();
    expect(header.getByText('王思敏')).toBeInTheDocument();
    expect(header.getByText('CD0000000004')).toBeInTheDocument();
    expect(header.getByText('律所联系人')).toBeInTheDocument();
    expect(header.getByText('已企业认证')).toBeInTheDocument();
    expect(header.getByText('138****0004')).toBeInTheDocument();
    expect(header.getByText(/2026/)).toBeInTheDocument();
  });

  it('fills the form from the profile, with the area shown as province, city and district', async () => {
    openSettings();
    await waitFor(() =>
      expect(screen.getByPlaceholderText('请输入邮箱地址，例如 name@example.com')).toHaveValue(
        'simin@example.com',
      ),
    );
    expect(screen.getByPlaceholderText('请输入昵称')).toHaveValue('思敏');
    expect(await screen.findByText(/北京市 \/ 北京市 \/ 东城区|北京市\/北京市\/东城区/)).toBeInTheDocument();
    expect(screen.getByText('8/200')).toBeInTheDocument();
  });

  it('requires email and nickname and checks the website before saving anything', async () => {
    const save = saveInfoHandler(info);
    server.use(save.handler);
    openSettings();
    const email = screen.getByPlaceholderText('请输入邮箱地址，例如 name@example.com');
    await waitFor(() => expect(email).toHaveValue('simin@example.com'));
    const user = actor();
    await user.clear(email);
    await user.clear(screen.getByPlaceholderText('请输入昵称'));
    await user.type(screen.getByPlaceholderText('https://'), 'ftp://example.com');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(formMessages()).toEqual(
        expect.arrayContaining(['请输入邮箱', '请输入昵称', '请输入以 http:// 或 https:// 开头的网址']),
      ),
    );
    expect(save.requests).toHaveLength(0);
  });

  it('saves the profile with the county code of the chosen area', async () => {
    const save = saveInfoHandler(info);
    server.use(save.handler);
    openSettings();
    const nickname = screen.getByPlaceholderText('请输入昵称');
    await waitFor(() => expect(nickname).toHaveValue('思敏'));
    const user = actor();
    await user.clear(nickname);
    await user.type(nickname, '敏律师');
    await user.type(screen.getByPlaceholderText('https://'), 'https://simin.example.com');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(save.requests).toHaveLength(1));
    expect(save.requests[0]).toEqual({
      email: 'simin@example.com',
      nickname: '敏律师',
      countryRegion: 'china',
      area: '110101',
      address: '东长安街 1 号',
      introduction: '专注金融纠纷调解',
      website: 'https://simin.example.com',
    });
    expect(await screen.findByText('基础信息已保存')).toBeInTheDocument();
  });
});

describe('user settings: security', () => {
  it('shows the masked security phone and the password rule', async () => {
    openSettings('security');
    expect(await screen.findByText('安全手机')).toBeInTheDocument();
    expect(screen.getAllByText('138****0004').length).toBeGreaterThan(0);
    expect(screen.getByText('密码至少 6 位，须包含数字、大写字母和小写字母，不能有空格')).toBeInTheDocument();
  });

  it('changes the password in a dialog and says other sessions were signed out', async () => {
    const change = changePasswordHandler();
    server.use(change.handler);
    openSettings('security');
    const user = actor();
    await user.click((await screen.findAllByRole('button', { name: '修改' }))[0]);
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('原密码'), 'Demo@2026');
    await user.type(dialog.getByLabelText('新密码'), 'Fresh@2027');
    await user.type(dialog.getByLabelText('确认新密码'), 'Fresh@2027');
    await user.click(dialog.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText(/其他设备上的登录已全部退出/)).toBeInTheDocument();
    expect(change.requests).toEqual([{ oldPassword: 'Demo@2026', newPassword: 'Fresh@2027' }]);
  });

  it('changes the security phone with a bind code, counting down before another code', async () => {
    const sms = sendSmsHandler();
    const bind = bindPhoneHandler({ code: '654321', info });
    server.use(sms.handler, bind.handler);
    openSettings('security');
    const user = actor();
    await user.click((await screen.findAllByRole('button', { name: '修改' }))[1]);
    const dialog = within(await screen.findByRole('dialog'));

    await user.click(dialog.getByRole('button', { name: '获取验证码' }));
    expect(await dialog.findByText('请输入新手机号')).toBeInTheDocument();
    expect(sms.requests).toHaveLength(0);

    await user.type(dialog.getByPlaceholderText('请输入新的 11 位手机号'), '13912345678');
    await user.click(dialog.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(sms.requests).toEqual([{ phone: '13912345678', purpose: 'bind' }]));
    const countdown = await dialog.findByRole('button', { name: /秒后重新获取/ });
    expect(countdown).toBeDisabled();
    expect(countdown).toHaveTextContent(/^(60|59) 秒后重新获取$/);

    await user.type(dialog.getByPlaceholderText('请输入 6 位验证码'), '111111');
    await user.click(dialog.getByRole('button', { name: '确认更换' }));
    expect((await dialog.findAllByText('验证码错误或已失效')).length).toBeGreaterThan(0);

    await user.clear(dialog.getByPlaceholderText('请输入 6 位验证码'));
    await user.type(dialog.getByPlaceholderText('请输入 6 位验证码'), '654321');
    await user.click(dialog.getByRole('button', { name: '确认更换' }));
    expect(await screen.findByText('安全手机已更换，下次请使用新手机号登录')).toBeInTheDocument();
    expect(bind.requests.at(-1)).toEqual({ phone: '13912345678', code: '654321' });
  });
});

describe('user settings: real-name certification', () => {
  it('shows the certified enterprise and the record table; a record opens in a drawer', async () => {
    const cert = certificationHandlers([
      demoCertification({ id: 2, status: 'passed' }),
      demoCertification({ id: 1, status: 'rejected', enterpriseName: '北京德衡律师事务所（旧）' }),
    ]);
    server.use(...cert.handlers);
    openSettings('certification');
    expect(await screen.findByText('企业实名认证')).toBeInTheDocument();
    expect((await screen.findAllByText('110101********123X')).length).toBeGreaterThan(0);
    expect(screen.getByText('北京德衡律师事务所（旧）')).toBeInTheDocument();
    expect(screen.getByText('未通过')).toBeInTheDocument();

    const oldRow = within(screen.getByText('北京德衡律师事务所（旧）').closest('tr') as HTMLElement);
    await actor().click(oldRow.getByRole('button', { name: '查看' }));
    const drawer = within(await waitFor(() => document.querySelector('.arco-drawer') as HTMLElement));
    expect(await drawer.findByText('认证详情')).toBeInTheDocument();
    expect(drawer.getByText('北京德衡律师事务所（旧）')).toBeInTheDocument();
    expect(drawer.getByText('居民身份证')).toBeInTheDocument();
  });

  it('withdraws an application under review only after confirming', async () => {
    const cert = certificationHandlers([demoCertification({ id: 3, status: 'auditing' })]);
    server.use(...cert.handlers);
    openSettings('certification');
    expect(await screen.findByText(/正在审核中/)).toBeInTheDocument();
    const user = actor();
    await user.click(await screen.findByRole('button', { name: '撤回' }));
    expect(await screen.findByText('确定撤回这条认证申请吗？')).toBeInTheDocument();
    expect(cert.withdrawn).toHaveLength(0);
    const popup = within(document.querySelector('.arco-popconfirm') as HTMLElement);
    await user.click(popup.getByRole('button', { name: '撤回' }));
    await waitFor(() => expect(cert.withdrawn).toEqual([3]));
    expect(await screen.findByText('认证申请已撤回')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: '撤回' })).toBeNull());
  });

  it('checks the application with the server’s rules, then submits it for review', async () => {
    const cert = certificationHandlers([]);
    server.use(...cert.handlers);
    openSettings('certification');
    expect(await screen.findByText('尚未进行企业实名认证')).toBeInTheDocument();
    const user = actor();
    await user.click(screen.getByRole('button', { name: '立即认证' }));
    const dialog = within(await screen.findByRole('dialog'));

    const first17 = '91440300MA5F12345';
    const check = creditCodeCheckChar(first17) as string;
    const wrong = check === '0' ? '1' : '0';
    await user.type(dialog.getByPlaceholderText('请输入营业执照上的企业名称'), '深圳前海明衡科技有限公司');
    await user.type(dialog.getByPlaceholderText('18 位统一社会信用代码'), first17 + wrong);
    await user.type(dialog.getByPlaceholderText('请输入法定代表人姓名'), '张建国');
    await user.type(dialog.getByPlaceholderText('请输入证件号码'), '110101199003071230');
    await user.click(dialog.getByRole('button', { name: '提交认证' }));
    await waitFor(() =>
      expect(formMessages()).toEqual(
        expect.arrayContaining([
          '统一社会信用代码不正确（18 位，校验位须符合 GB 32100-2015）',
          '居民身份证号码不正确（18 位，校验位须符合 GB 11643-1999）',
        ]),
      ),
    );
    expect(cert.submitted).toHaveLength(0);

    const code = dialog.getByPlaceholderText('18 位统一社会信用代码');
    await user.clear(code);
    await user.type(code, first17 + check);
    const id = dialog.getByPlaceholderText('请输入证件号码');
    await user.clear(id);
    await user.type(id, '110101199003071233');
    await user.click(dialog.getByRole('button', { name: '提交认证' }));
    await waitFor(() => expect(cert.submitted).toHaveLength(1));
    expect(cert.submitted[0]).toMatchObject({
      enterpriseName: '深圳前海明衡科技有限公司',
      creditCode: first17 + check,
      legalPersonIdType: 'residentIdCard',
      legalPersonIdNumber: '110101199003071233',
      contactPhone: '13800000004',
    });
    expect(await screen.findByText('认证申请已提交，请等待审核')).toBeInTheDocument();
    expect(await screen.findByText(/正在审核中/)).toBeInTheDocument();
  });
});
