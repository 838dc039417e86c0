import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { resetPasswordHandler, sendSmsHandler } from '../../../mocks/handlers/registration';
import { server } from '../../../mocks/server';
import SuccessOutcomePage from '../../../src/pages/outcome/success';
import ResetPasswordPage from '../../../src/pages/reset';
import { renderRoutes, withHttpLayer } from './harness';

withHttpLayer();

describe('password reset', () => {
  it('sets a new password with the SMS code and leads back to login', async () => {
    const sms = sendSmsHandler();
    const reset = resetPasswordHandler();
    server.use(sms.handler, reset.handler);
    renderRoutes('/reset', { '/reset': <ResetPasswordPage />, '/outcome/success': <SuccessOutcomePage /> });
    const user = userEvent.setup({ delay: null });
    expect(screen.getByLabelText('手机号')).toHaveFocus();
    await user.type(screen.getByLabelText('手机号'), '13800000003');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: /秒后重新获取/ });
    await user.type(screen.getByLabelText('短信验证码'), '654321');
    await user.type(screen.getByLabelText('新密码'), 'Fresh@2026');
    await user.type(screen.getByLabelText('确认密码'), 'Fresh@2026{Enter}');

    expect(await screen.findByText('密码已重置')).toBeInTheDocument();
    expect(sms.requests).toEqual([{ phone: '13800000003', purpose: 'reset' }]);
    expect(reset.requests).toEqual([{ phone: '13800000003', code: '654321', newPassword: 'Fresh@2026' }]);
    await user.click(screen.getByRole('button', { name: '返回登录' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/login');
  });

  it('refuses a confirmation that differs', async () => {
    const reset = resetPasswordHandler();
    server.use(reset.handler);
    renderRoutes('/reset', { '/reset': <ResetPasswordPage /> });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('新密码'), 'Fresh@2026');
    await user.type(screen.getByLabelText('确认密码'), 'Fresh@2025{Enter}');

    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(screen.getByText('验证码为 6 位数字')).toBeInTheDocument();
    expect(reset.requests).toHaveLength(0);
  });
});
