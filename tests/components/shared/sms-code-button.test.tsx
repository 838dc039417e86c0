import { Form, Input, type RulesProps } from '@arco-design/web-react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendSmsHandler } from '../../../mocks/handlers/registration';
import { server } from '../../../mocks/server';
import { SmsCodeButton } from '../../../src/components/SmsCodeButton';
import { withHttpLayer } from '../public-pages/harness';

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

/** The button in a form of its own, as the pages place it: after the phone field. */
function renderButton({ rules }: { rules?: RulesProps[] } = {}) {
  render(
    <Form>
      <Form.Item field="phone" rules={rules}>
        <Input aria-label="手机号" />
      </Form.Item>
      <SmsCodeButton purpose="bind" />
    </Form>,
  );
  return userEvent.setup({ delay: null });
}

const send = () => screen.getByRole('button', { name: '获取验证码' });

describe('the SMS code button', () => {
  it('sends a code for its purpose to the form’s phone, then counts 60 s down, disabled meanwhile', async () => {
    const sms = sendSmsHandler();
    server.use(sms.handler);
    const user = renderButton();
    await user.type(screen.getByLabelText('手机号'), ' 13800000005 ');
    await user.click(send());

    const counting = await screen.findByRole('button', { name: '60 秒后重新获取' });
    expect(counting).toBeDisabled();
    expect(sms.requests).toEqual([{ phone: '13800000005', purpose: 'bind' }]);
    expect(await screen.findByText('验证码已发送，5 分钟内有效')).toBeInTheDocument();

    tick(1);
    expect(screen.getByRole('button', { name: '59 秒后重新获取' })).toBeDisabled();
    tick(58);
    expect(screen.getByRole('button', { name: '1 秒后重新获取' })).toBeDisabled();
    tick(1);
    expect(send()).toBeEnabled();
  });

  it.each([
    [90, '90 秒后重新获取'],
    [0, '60 秒后重新获取'],
  ])(
    'counts the cool-down the server names (%i s), 60 s when it names none',
    async (cooldownSeconds, label) => {
      server.use(sendSmsHandler({ cooldownSeconds }).handler);
      const user = renderButton();
      await user.type(screen.getByLabelText('手机号'), '13800000005');
      await user.click(send());
      expect(await screen.findByRole('button', { name: label })).toBeDisabled();
    },
  );

  it('sends nothing while the form’s own rule refuses the phone, and the form says why', async () => {
    const sms = sendSmsHandler();
    server.use(sms.handler);
    const user = renderButton({ rules: [{ required: true, message: '请输入新手机号' }] });
    await user.click(send());

    expect(await screen.findByText('请输入新手机号')).toBeInTheDocument();
    expect(sms.requests).toHaveLength(0);
    expect(send()).toBeEnabled();
  });

  it('sends nothing to a phone that is not one, even where the form has no rule for it', async () => {
    const sms = sendSmsHandler();
    server.use(sms.handler);
    const user = renderButton();
    await user.type(screen.getByLabelText('手机号'), '12345');
    await user.click(send());

    expect(await screen.findByText('请输入正确的 11 位手机号')).toBeInTheDocument();
    expect(sms.requests).toHaveLength(0);
  });

  it('shows the server’s refusal once, through the error catalogue, and is ready again', async () => {
    const sms = sendSmsHandler();
    server.use(sms.handler);
    const user = renderButton();
    await user.type(screen.getByLabelText('手机号'), '13800000005');
    await user.click(send());
    await screen.findByRole('button', { name: '60 秒后重新获取' });
    tick(60);
    // The mock, like the server, refuses a second code for the same phone and purpose.
    await user.click(send());

    expect(await screen.findByText('验证码发送过于频繁，请 42 秒后再试')).toBeInTheDocument();
    expect(screen.getAllByText('验证码发送过于频繁，请 42 秒后再试')).toHaveLength(1);
    expect(send()).toBeEnabled();
    expect(sms.requests).toHaveLength(2);
  });

  it('says so when the network fails, and does not count down', async () => {
    server.use(http.get('/api/send-sms', () => HttpResponse.error()));
    const user = renderButton();
    await user.type(screen.getByLabelText('手机号'), '13800000005');
    await user.click(send());

    expect(await screen.findByText('网络异常，请检查网络连接后重试')).toBeInTheDocument();
    expect(send()).toBeEnabled();
  });
});
