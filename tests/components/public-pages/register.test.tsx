import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { CODES } from '../../../contract/codes';
import { creditCodeCheckChar } from '../../../contract/credit-code';
import { fail } from '../../../mocks/envelope';
import {
  lawFirmsHandler,
  registerLawFirmHandler,
  registerLawyerHandler,
  sendSmsHandler,
} from '../../../mocks/handlers/registration';
import { server } from '../../../mocks/server';
import LawyerRegisterPage from '../../../src/pages/lawyer-register';
import LawFirmRegisterPage from '../../../src/pages/register';
import { renderRoutes, withHttpLayer } from './harness';

withHttpLayer();

const FIRST17 = '91440300MA5G8XQ2L';
const CREDIT_CODE = `${FIRST17}${creditCodeCheckChar(FIRST17)}`;
const WRONG_CHECK_CODE = `${FIRST17}${CREDIT_CODE.endsWith('0') ? '1' : '0'}`;

/** Arco popups fade in with pointer-events off; the user waits, the test does not. */
const setupUser = () => userEvent.setup({ pointerEventsCheck: 0, delay: null });

async function requestCode(user: ReturnType<typeof setupUser>, phone: string) {
  await user.type(screen.getByLabelText('手机号'), phone);
  await user.click(screen.getByRole('button', { name: '获取验证码' }));
  await screen.findByRole('button', { name: /秒后重新获取/ });
  await user.type(screen.getByLabelText('短信验证码'), '123456');
}

async function choosePassword(user: ReturnType<typeof setupUser>, password: string, confirm = password) {
  await user.type(screen.getByLabelText('登录密码'), password);
  await user.type(screen.getByLabelText('确认密码'), confirm);
}

describe('law-firm registration', () => {
  async function fillFirm(user: ReturnType<typeof setupUser>) {
    await user.type(screen.getByLabelText('律所名称'), '  广东明法律师事务所 ');
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByText('广东省'));
    await user.click(await screen.findByText('深圳市'));
    await user.type(screen.getByLabelText('统一社会信用代码'), CREDIT_CODE.toLowerCase());
    await user.type(screen.getByLabelText('办公地址'), '深圳市南山区科技园');
    await user.type(screen.getByLabelText('联系人姓名'), '陈明');
  }

  it('submits the firm, its contact and the SMS code, then says it waits for review', async () => {
    const sms = sendSmsHandler();
    const register = registerLawFirmHandler();
    server.use(sms.handler, register.handler);
    renderRoutes('/register', { '/register': <LawFirmRegisterPage /> });
    const user = setupUser();
    await fillFirm(user);
    await requestCode(user, '13912345678');
    await choosePassword(user, 'Lawfirm@2026');
    await user.click(screen.getByRole('button', { name: '提交入驻申请' }));

    expect(await screen.findByTestId('landed')).toHaveTextContent('/outcome/success?kind=lawfirmRegistered');
    expect(sms.requests).toEqual([{ phone: '13912345678', purpose: 'register' }]);
    expect(register.requests).toEqual([
      {
        firmName: '广东明法律师事务所',
        regionCode: '440300',
        creditCode: CREDIT_CODE,
        address: '深圳市南山区科技园',
        contactName: '陈明',
        phone: '13912345678',
        code: '123456',
        password: 'Lawfirm@2026',
      },
    ]);
  });

  it('checks the credit code, the password rule and the confirmation inline, and sends nothing', async () => {
    const register = registerLawFirmHandler();
    server.use(register.handler);
    renderRoutes('/register', { '/register': <LawFirmRegisterPage /> });
    const user = setupUser();
    await user.type(screen.getByLabelText('统一社会信用代码'), WRONG_CHECK_CODE);
    await choosePassword(user, 'password', 'other');
    await user.click(screen.getByRole('button', { name: '提交入驻申请' }));

    expect(await screen.findByText(/统一社会信用代码不正确/)).toBeInTheDocument();
    expect(screen.getByText('密码至少 6 位，须包含数字、大写字母和小写字母，不能有空格')).toBeInTheDocument();
    expect(screen.getByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(screen.getByText('律所名称为 2 到 60 个字符')).toBeInTheDocument();
    expect(screen.getByText('请选择所在地区')).toBeInTheDocument();
    expect(register.requests).toHaveLength(0);
  });

  it('puts a refusal of the server under the field it names', async () => {
    server.use(
      sendSmsHandler().handler,
      http.post('/api/register/lawfirm', () =>
        fail(409, CODES.conflict, '该统一社会信用代码已被注册', [
          { path: 'creditCode', message: '该统一社会信用代码已被注册' },
        ]),
      ),
    );
    renderRoutes('/register', { '/register': <LawFirmRegisterPage /> });
    const user = setupUser();
    await fillFirm(user);
    await requestCode(user, '13912345678');
    await choosePassword(user, 'Lawfirm@2026');
    await user.click(screen.getByRole('button', { name: '提交入驻申请' }));

    const field = (await screen.findByLabelText('统一社会信用代码')).closest(
      '.arco-form-item',
    ) as HTMLElement;
    expect(await within(field).findByText('该统一社会信用代码已被注册')).toBeInTheDocument();
    expect(screen.queryByTestId('landed')).toBeNull();
  });
});

describe('lawyer registration', () => {
  it('submits the lawyer with the chosen firm and the accepted agreement', async () => {
    const register = registerLawyerHandler();
    server.use(lawFirmsHandler(), sendSmsHandler().handler, register.handler);
    renderRoutes('/lawyer-register', { '/lawyer-register': <LawyerRegisterPage /> });
    const user = setupUser();
    await user.type(screen.getByLabelText('姓名'), '李静');
    await user.type(screen.getByLabelText('执业证号'), '13101201810012345');
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByText('上海锦天城律师事务所'));
    await requestCode(user, '13712345678');
    await choosePassword(user, 'Lawyer@2026');
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: '提交注册申请' }));

    expect(await screen.findByTestId('landed')).toHaveTextContent('/outcome/success?kind=lawyerRegistered');
    expect(register.requests).toEqual([
      {
        name: '李静',
        phone: '13712345678',
        code: '123456',
        password: 'Lawyer@2026',
        licenceNo: '13101201810012345',
        lawFirmId: 7,
        agreed: true,
      },
    ]);
  });

  it('asks for the agreement, the firm and a 17-digit licence before sending', async () => {
    const register = registerLawyerHandler();
    server.use(lawFirmsHandler(), register.handler);
    renderRoutes('/lawyer-register', { '/lawyer-register': <LawyerRegisterPage /> });
    const user = setupUser();
    await user.type(screen.getByLabelText('执业证号'), '1234');
    await user.click(screen.getByRole('button', { name: '提交注册申请' }));

    expect(await screen.findByText('请阅读并同意《律师入驻协议》')).toBeInTheDocument();
    expect(screen.getByText('请选择所属律所')).toBeInTheDocument();
    expect(screen.getByText('执业证号为 17 位数字')).toBeInTheDocument();
    expect(register.requests).toHaveLength(0);
  });

  it('links the agreement page in a new tab, so the form keeps what was typed', () => {
    server.use(lawFirmsHandler());
    renderRoutes('/lawyer-register', { '/lawyer-register': <LawyerRegisterPage /> });
    const link = screen.getByRole('link', { name: '《律师入驻协议》' });
    expect(link).toHaveAttribute('href', '/lawyer-agreement');
    expect(link).toHaveAttribute('target', '_blank');
  });
});
