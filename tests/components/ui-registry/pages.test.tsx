import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SCHEMA_VERSION } from '../../../contract/pages/descriptor';
import { DescriptorView } from '../../../ui-registry/PageHost';
import { ResultPage } from '../../../ui-registry/pages/ResultPage';
import { UnsupportedPlaceholder } from '../../../ui-registry/placeholder';
import { createRegistry } from '../../../ui-registry/registry';
import { renderWithRegistry, testEnvironment, translator } from './environment';

const base = { schemaVersion: SCHEMA_VERSION, title: 'menu.caseNode' };

describe('the result page', () => {
  // Result pages arrive lazily (Arco's Result carries its illustrations): find, not get.
  it('says honestly that a page is not written yet', async () => {
    renderWithRegistry(
      <DescriptorView
        descriptor={{
          ...base,
          id: 'case-node',
          type: 'result',
          status: 'info',
          subtitle: 'page.notYetAvailable',
        }}
      />,
    );
    expect(await screen.findByText('该页面的页面描述尚未提供，敬请期待。')).toBeInTheDocument();
    expect(document.querySelector('.arco-result-icon-info')).not.toBeNull();
  });

  it('speaks English in en-US', async () => {
    const env = testEnvironment({ locale: 'en-US', t: translator('en-US') });
    renderWithRegistry(
      <DescriptorView
        descriptor={{
          ...base,
          id: 'case-node',
          type: 'result',
          status: 'info',
          subtitle: 'page.notYetAvailable',
        }}
      />,
      { env },
    );
    expect(await screen.findByText('The descriptor of this page is not available yet.')).toBeInTheDocument();
  });

  it('offers its actions, filled from the route, to the roles they are for', async () => {
    const env = testEnvironment({ role: 'caseOperation' });
    const page = {
      ...base,
      id: 'done',
      type: 'result',
      status: 'success',
      actions: [
        { key: 'open', kind: 'navigate', label: 'common.view', to: '/list/case-detail/:id' },
        {
          key: 'admin',
          kind: 'navigate',
          label: 'common.edit',
          to: '/list/case-edit/:id',
          access: 'accounts.manage',
        },
      ],
    };
    renderWithRegistry(<DescriptorView descriptor={page} params={{ id: '12' }} />, { env });
    const view = await screen.findByRole('button', { name: '查看' });
    expect(screen.queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    await userEvent.click(view);
    expect(env.navigate).toHaveBeenCalledWith('/list/case-detail/12');
  });

  it('asks first when the action has a confirmation, and stays when the user says no', async () => {
    const env = testEnvironment({ confirm: vi.fn(async () => false) });
    const page = {
      ...base,
      id: 'done',
      type: 'result',
      status: 'warning',
      actions: [
        {
          key: 'leave',
          kind: 'navigate',
          label: 'common.back',
          to: '/dashboard/workplace',
          confirm: 'common.confirm',
        },
      ],
    };
    renderWithRegistry(<DescriptorView descriptor={page} />, { env });
    await userEvent.click(await screen.findByRole('button', { name: '返回' }));
    expect(env.confirm).toHaveBeenCalledWith('确认');
    expect(env.navigate).not.toHaveBeenCalled();
  });

  it('shows a placeholder for an action kind that has no renderer', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const registry = createRegistry({ fallback: UnsupportedPlaceholder });
    registry.register('page', 'result', ResultPage);
    const page = {
      ...base,
      id: 'done',
      type: 'result',
      status: 'success',
      actions: [{ key: 'csv', kind: 'export', label: 'common.view', path: '/cases/export' }],
    };
    renderWithRegistry(<DescriptorView descriptor={page} />, { registry });
    expect(screen.getByText('不支持的组件：export')).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('opens a child descriptor in a drawer', async () => {
    const page = {
      ...base,
      id: 'done',
      type: 'result',
      status: 'success',
      actions: [
        {
          key: 'peek',
          kind: 'drawer',
          label: 'common.view',
          page: { ...base, id: 'inner', type: 'result', status: 'info', subtitle: 'page.notYetAvailable' },
        },
      ],
    };
    renderWithRegistry(<DescriptorView descriptor={page} />);
    const view = await screen.findByRole('button', { name: '查看' });
    expect(screen.queryByText('该页面的页面描述尚未提供，敬请期待。')).not.toBeInTheDocument();
    await userEvent.click(view);
    expect(await screen.findByText('该页面的页面描述尚未提供，敬请期待。')).toBeInTheDocument();
  });
});

describe('the tabs page', () => {
  const tabs = {
    ...base,
    id: 'statistics',
    type: 'tabs',
    tabs: [
      {
        key: 'a',
        title: 'common.view',
        page: { ...base, id: 'tab-a', type: 'result', status: 'info', subtitle: 'page.notYetAvailable' },
      },
      {
        key: 'b',
        title: 'common.edit',
        page: { ...base, id: 'tab-b', type: 'result', status: '404', subtitle: 'common.empty' },
      },
      {
        key: 'c',
        title: 'common.delete',
        access: 'accounts.manage',
        page: { ...base, id: 'tab-c', type: 'result', status: 'info' },
      },
    ],
  };

  it('renders each child descriptor in its own tab', async () => {
    renderWithRegistry(<DescriptorView descriptor={tabs} />, { env: testEnvironment({ role: 'lawyer' }) });
    // The tabs renderer is registered lazily: its code arrives with the first tabs page.
    expect(await screen.findByText('该页面的页面描述尚未提供，敬请期待。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '编辑' }));
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: '删除' })).not.toBeInTheDocument();
  });

  it('shows the tabs of the role', async () => {
    renderWithRegistry(<DescriptorView descriptor={tabs} />, {
      env: testEnvironment({ role: 'superAdmin' }),
    });
    expect(await screen.findByRole('tab', { name: '删除' })).toBeInTheDocument();
  });
});
