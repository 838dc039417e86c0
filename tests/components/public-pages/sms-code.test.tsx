import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendSmsHandler } from '../../../mocks/handlers/registration';
import { server } from '../../../mocks/server';
import ResetPasswordPage from '../../../src/pages/reset';
import { renderRoutes, withHttpLayer } from './harness';

withHttpLayer();

beforeEach(() => {
  // Only the countdown's clock is faked: happy-dom's network and Arco's animations run on
  // setTimeout, which stays real.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function tick(seconds: number) {
  act(() => {
    vi.advanceTimersByTime(seconds * 1000);
  });
}

describe('SMS code button', () => {
  it('sends the code for the form’s purpose and counts 60 s down before the next one', async () => {
    const sms = sendSmsHandler();
    server.use(sms.handler);
    renderRoutes('/reset', { '/reset': <ResetPasswordPage /> });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('手机号'), '13800000005');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));

    const counting = await screen.findByRole('button', { name: '60 秒后重新获取' });
    expect(counting).toBeDisabled();
    expect(sms.requests).toEqual([{ phone: '13800000005', purpose: 'reset' }]);
    expect(await screen.findByText('验证码已发送，5 分钟内有效')).toBeInTheDocument();

    tick(1);
    expect(screen.getByRole('button', { name: '59 秒后重新获取' })).toBeDisabled();
    tick(58);
    expect(screen.getByRole('button', { name: '1 秒后重新获取' })).toBeDisabled();
    tick(1);
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();
  });

  it('shows the server’s message when a code is asked for too often', async () => {
    const sms = sendSmsHandler();
    server.use(sms.handler);
    renderRoutes('/reset', { '/reset': <ResetPasswordPage /> });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('手机号'), '13800000005');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: '60 秒后重新获取' });
    tick(60);
    // The mock, like the server, refuses a second code for the same phone and purpose.
    await user.click(screen.getByRole('button', { name: '获取验证码' }));

    expect(await screen.findByText('验证码发送过于频繁，请 42 秒后再试')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();
    expect(sms.requests).toHaveLength(2);
  });

  it('asks for a valid phone first and sends nothing', async () => {
    const sms = sendSmsHandler();
    server.use(sms.handler);
    renderRoutes('/reset', { '/reset': <ResetPasswordPage /> });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('手机号'), '12345');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));

    expect(await screen.findByText('请输入正确的 11 位手机号')).toBeInTheDocument();
    expect(sms.requests).toHaveLength(0);
  });
});
