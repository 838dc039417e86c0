import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loginHandler } from '../../../mocks/handlers/login';
import { server } from '../../../mocks/server';
import LoginPage from '../../../src/pages/login';
import { REMEMBER_PHONE_KEY } from '../../../src/pages/login/remember';
import { renderRoutes, withHttpLayer, withSession } from './harness';

withHttpLayer();
withSession();

function openLogin(path = '/login') {
  return renderRoutes(path, { '/login': <LoginPage /> });
}

async function logIn(phone: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('手机号'), phone);
  await user.type(screen.getByLabelText('密码'), `${password}{Enter}`);
  return user;
}

describe('login page', () => {
  it('keeps the fixed points other tools rely on', () => {
    openLogin();
    const phone = document.querySelector('input[name="phone"]');
    const password = document.querySelector('input[name="password"]');
    expect(phone).toHaveAttribute('autocomplete', 'username');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: '登录' })).toHaveAttribute('type', 'submit');
    expect(phone).toHaveFocus();
  });

  it('shows the slogan and the links to reset and both registrations', () => {
    openLogin();
    expect(screen.getAllByText('专注金融纠纷与智能调解的律师专属案件管理平台').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: '忘记密码' })).toHaveAttribute('href', '/reset');
    expect(screen.getByRole('link', { name: '律所入驻' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: '律师注册' })).toHaveAttribute('href', '/lawyer-register');
  });

  it('says that username and password cannot be empty, and sends nothing', async () => {
    const login = loginHandler();
    server.use(login.handler);
    openLogin();
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('用户名不能为空')).toBeInTheDocument();
    expect(screen.getByText('密码不能为空')).toBeInTheDocument();
    expect(login.requests).toHaveLength(0);
  });

  it('stores the session and goes to the redirect target with the original query', async () => {
    const login = loginHandler();
    server.use(login.handler);
    openLogin('/login?redirect=%2Flist%2Fsearch-table%3Fpage%3D2&tab=open');
    await logIn('13800000001', 'Demo@2026');
    expect(await screen.findByTestId('landed')).toHaveTextContent('/list/search-table?page=2&tab=open');
    expect(login.requests).toEqual([{ phone: '13800000001', password: 'Demo@2026' }]);
    expect(localStorage.getItem('token')).toBe('token-13800000001');
    expect(localStorage.getItem('userrole')).toBe('superAdmin');
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)'])(
    'refuses the external redirect target %s and goes to /',
    async (target) => {
      server.use(loginHandler().handler);
      openLogin(`/login?redirect=${encodeURIComponent(target)}`);
      await logIn('13800000001', 'Demo@2026');
      expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/$/);
    },
  );

  it('goes to / without a redirect', async () => {
    server.use(loginHandler().handler);
    openLogin();
    await logIn('13800000002', 'Demo@2026');
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/$/);
  });

  it('stays on the page with the server reason when the password is wrong', async () => {
    server.use(loginHandler().handler);
    openLogin();
    await logIn('13800000001', 'nope');
    expect(await screen.findByText('账号或密码错误')).toBeInTheDocument();
    expect(screen.queryByTestId('landed')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(screen.getByLabelText('密码')).toHaveValue(''));
  });

  it('remembers the phone, never the password, and fills it in next time', async () => {
    server.use(loginHandler().handler);
    openLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: '记住账号' }));
    await logIn('13800000004', 'Demo@2026');
    await screen.findByTestId('landed');
    expect(localStorage.getItem(REMEMBER_PHONE_KEY)).toBe('13800000004');
    const stored = Object.keys(localStorage).map((k) => localStorage.getItem(k) ?? '');
    expect(stored.some((v) => v.includes('Demo@2026'))).toBe(false);

    cleanup();
    openLogin();
    expect(screen.getByLabelText('手机号')).toHaveValue('13800000004');
    expect(screen.getByRole('checkbox', { name: '记住账号' })).toBeChecked();
    expect(screen.getByLabelText('密码')).toHaveFocus();
  });

  it('forgets a remembered phone when the box is unticked', async () => {
    localStorage.setItem(REMEMBER_PHONE_KEY, '13800000004');
    server.use(loginHandler().handler);
    openLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: '记住账号' }));
    await user.type(screen.getByLabelText('密码'), 'Demo@2026{Enter}');
    await screen.findByTestId('landed');
    expect(localStorage.getItem(REMEMBER_PHONE_KEY)).toBeNull();
  });

  it('explains a route-guard failure', () => {
    openLogin('/login?redirect=%2Flist&error=routeGuardError');
    const notice = screen.getByText('页面跳转时出现问题，请重新登录后再试').closest('[role="alert"]');
    expect(notice).toHaveClass('arco-alert-warning');
  });

  it('switches the language on the page', async () => {
    openLogin();
    // The menu fades in with pointer-events off.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    // With two languages the switch is a toggle naming the other language.
    expect(screen.getByRole('button', { name: '切换语言' })).toHaveTextContent('English');
    await user.click(screen.getByRole('button', { name: '切换语言' }));
    expect(await screen.findByRole('heading', { name: 'Log in to CaseDesk' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en-US');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const form = screen.getByRole('button', { name: 'Log in' }).closest('form') as HTMLElement;
    expect(await within(form).findByText('Username cannot be empty')).toBeInTheDocument();
  });
});
