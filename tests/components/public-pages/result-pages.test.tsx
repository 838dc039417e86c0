import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../../src/i18n';
import DeleteCompletePage from '../../../src/pages/delete-complete';
import Exception403Page from '../../../src/pages/exception/403';
import Exception404Page from '../../../src/pages/exception/404';
import Exception500Page from '../../../src/pages/exception/500';
import LawyerAgreementPage from '../../../src/pages/lawyer-agreement';
import FailureOutcomePage from '../../../src/pages/outcome/failure';
import SuccessOutcomePage from '../../../src/pages/outcome/success';
import { renderRoutes, withHttpLayer } from './harness';

withHttpLayer();

describe('exception pages', () => {
  it('403 says the page is not permitted and goes home', async () => {
    renderRoutes('/exception/403', { '/exception/403': <Exception403Page /> });
    expect(screen.getByText('抱歉，您没有访问该页面的权限')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/$/);
  });

  it('404 offers retry and back, and back returns to the previous page', async () => {
    const router = createMemoryRouter(
      [
        { path: '/exception/404', element: <Exception404Page /> },
        { path: '/list', element: <p>previous page</p> },
      ],
      { initialEntries: ['/list', '/exception/404'], initialIndex: 1 },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText('抱歉，您访问的页面不存在')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(await screen.findByText('previous page')).toBeInTheDocument();
  });

  it('500 says the server failed and goes home', async () => {
    renderRoutes('/exception/500', { '/exception/500': <Exception500Page /> });
    expect(screen.getByText('抱歉，服务器出错了，请稍后再试')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/$/);
  });
});

describe('outcome pages', () => {
  it('says a law-firm application waits for review and shows where it stands', () => {
    renderRoutes('/outcome/success?kind=lawfirmRegistered', { '/outcome/success': <SuccessOutcomePage /> });
    expect(screen.getByText('入驻申请已提交')).toBeInTheDocument();
    expect(screen.getByText('当前进度')).toBeInTheDocument();
    expect(screen.getByText('平台审核')).toBeInTheDocument();
  });

  it('falls back to the generic success with back to home and back to edit for an unknown kind', async () => {
    renderRoutes('/outcome/success?kind=__proto__', { '/outcome/success': <SuccessOutcomePage /> });
    expect(screen.getByText('提交成功')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回修改' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/$/);
  });

  it('lists the error details it was given and goes back to edit', async () => {
    const router = createMemoryRouter(
      [
        { path: '/outcome/fail', element: <FailureOutcomePage /> },
        { path: '/form/editfirm', element: <p>edit form</p> },
      ],
      {
        initialEntries: [
          {
            pathname: '/outcome/fail',
            state: { details: ['律所名称已存在', '营业执照已过期'], backTo: '/form/editfirm' },
          },
        ],
      },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText('提交失败')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '错误详情' })).toBeInTheDocument();
    expect(screen.getByText('律所名称已存在')).toBeInTheDocument();
    expect(screen.getByText('营业执照已过期')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '返回修改' }));
    expect(await screen.findByText('edit form')).toBeInTheDocument();
  });

  it('says something useful when the failure came without details', () => {
    renderRoutes('/outcome/fail', { '/outcome/fail': <FailureOutcomePage /> });
    expect(screen.getByText(/没有收到具体的错误信息/)).toBeInTheDocument();
  });

  it('confirms a cancelled account and leads to login', async () => {
    renderRoutes('/delete-complete', { '/delete-complete': <DeleteCompletePage /> });
    expect(screen.getByText('账号已注销')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '返回登录' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/login');
  });
});

describe('lawyer agreement', () => {
  it('is a full agreement in both languages', async () => {
    renderRoutes('/lawyer-agreement', { '/lawyer-agreement': <LawyerAgreementPage /> });
    expect(screen.getByRole('heading', { level: 1, name: '律师入驻协议' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(9);
    expect(screen.getByText(/个人信息保护法/)).toBeInTheDocument();
    await setLocale('en-US');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lawyer Agreement' })).toBeInTheDocument();
    expect(screen.getByText(/Personal Information Protection Law/)).toBeInTheDocument();
  });
});
