import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { changePasswordHandler } from '../../../mocks/handlers/user';
import { server } from '../../../mocks/server';
import ResetModify from '../../../src/pages/user/reset-modify';
import { renderPage, signIn, withHttpLayer } from './harness';

withHttpLayer();

beforeEach(async () => {
  await signIn();
});

async function fill(oldPassword: string, newPassword: string, confirm: string) {
  const user = userEvent.setup();
  if (oldPassword) await user.type(screen.getByLabelText('原密码'), oldPassword);
  if (newPassword) await user.type(screen.getByLabelText('新密码'), newPassword);
  if (confirm) await user.type(screen.getByLabelText('确认新密码'), confirm);
  await user.click(screen.getByRole('button', { name: '确认修改' }));
}

describe('change password page', () => {
  it('shows the password rule and refuses a weak or mismatched new password without calling the server', async () => {
    const change = changePasswordHandler();
    server.use(change.handler);
    renderPage('/user/reset-modify', <ResetModify />);
    expect(
      screen.getAllByText('密码至少 6 位，须包含数字、大写字母和小写字母，不能有空格').length,
    ).toBeGreaterThan(0);

    await fill('Demo@2026', 'weak', 'other');
    expect(await screen.findByText('两次输入的新密码不一致')).toBeInTheDocument();
    const errors = [...document.querySelectorAll('.arco-form-message')].map((e) => e.textContent);
    expect(errors).toContain('新密码不符合密码规则');
    expect(change.requests).toHaveLength(0);
  });

  it('says so next to the field when the current password is wrong', async () => {
    const change = changePasswordHandler('Demo@2026');
    server.use(change.handler);
    renderPage('/user/reset-modify', <ResetModify />);
    await fill('Wrong@2026', 'Fresh@2027', 'Fresh@2027');
    await waitFor(() => expect(change.requests).toHaveLength(1));
    expect((await screen.findAllByText('原密码不正确')).length).toBeGreaterThan(0);
    expect(screen.queryByText('密码修改成功')).toBeNull();
  });

  it('changes the password and explains that other sessions were signed out', async () => {
    const change = changePasswordHandler('Demo@2026');
    server.use(change.handler);
    renderPage('/user/reset-modify', <ResetModify />);
    await fill('Demo@2026', 'Fresh@2027', 'Fresh@2027');
    expect(await screen.findByText('密码修改成功')).toBeInTheDocument();
    expect(screen.getByText(/其他设备上的登录已全部退出/)).toBeInTheDocument();
    expect(change.requests).toEqual([{ oldPassword: 'Demo@2026', newPassword: 'Fresh@2027' }]);
  });
});
