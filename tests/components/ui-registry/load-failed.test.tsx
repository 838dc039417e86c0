import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadFailed } from '../../../ui-registry/load-failed';
import { renderWithRegistry, testEnvironment } from './environment';

describe('the load-failed block', () => {
  it('says the data could not be loaded, with the server’s reason, and loads again on retry', async () => {
    const retry = vi.fn();
    renderWithRegistry(<LoadFailed reason="无权访问" onRetry={retry} />);

    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    expect(screen.getByText('无权访问')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('names what could not be loaded when told', async () => {
    renderWithRegistry(<LoadFailed title="菜单加载失败" onRetry={() => {}} />);
    expect(await screen.findByText('菜单加载失败')).toBeInTheDocument();
    expect(screen.queryByText('数据加载失败')).not.toBeInTheDocument();
  });

  it('fits a panel or a popup when inline, with the same retry', async () => {
    const retry = vi.fn();
    renderWithRegistry(<LoadFailed size="inline" title="消息加载失败" reason="网络异常" onRetry={retry} />);

    expect(screen.getByText('消息加载失败')).toBeInTheDocument();
    expect(screen.getByText('网络异常')).toBeInTheDocument();
    expect(document.querySelector('.arco-result')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('speaks the user’s language', async () => {
    renderWithRegistry(<LoadFailed onRetry={() => {}} />, { env: testEnvironment({ locale: 'en-US' }) });
    expect(await screen.findByText('The data could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
