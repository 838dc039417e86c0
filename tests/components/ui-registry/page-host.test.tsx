import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../../contract/pages/descriptor';
import { fail, ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { RegistryProvider } from '../../../ui-registry/environment';
import { DescriptorView, PageHost } from '../../../ui-registry/PageHost';
import { renderWithRegistry, testEnvironment, translator } from './environment';

const notYet = {
  schemaVersion: SCHEMA_VERSION,
  id: 'case-node',
  type: 'result',
  status: 'info',
  title: 'menu.caseNode',
  subtitle: 'page.notYetAvailable',
};

describe('PageHost', () => {
  it('shows a skeleton, then the page the server describes', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('/api/pages/case-node', async () => {
        await answered;
        return ok(notYet);
      }),
    );
    renderWithRegistry(<PageHost pageId="case-node" />);
    expect(screen.getByTestId('page-loading')).toBeInTheDocument();
    release();
    expect(await screen.findByText('该页面的页面描述尚未提供，敬请期待。')).toBeInTheDocument();
    expect(screen.queryByTestId('page-loading')).not.toBeInTheDocument();
  });

  it('names the wrong field of an invalid descriptor instead of rendering it', async () => {
    const broken = {
      schemaVersion: SCHEMA_VERSION,
      id: 'search-table',
      type: 'table',
      title: 'menu.searchTable',
      source: { path: '/cases' },
      columns: [{ field: 'caseNo', title: 'case.caseNo', widget: 'marquee' }],
    };
    server.use(http.get('/api/pages/search-table', () => ok(broken)));
    renderWithRegistry(<PageHost pageId="search-table" />);
    expect(await screen.findByText('页面描述校验未通过')).toBeInTheDocument();
    expect(screen.getByText(/^页面描述有误：columns\.0\.widget /)).toBeInTheDocument();
  });

  it('offers a retry when the descriptor cannot be fetched, and the retry loads it', async () => {
    let calls = 0;
    server.use(
      http.get('/api/pages/case-node', () => {
        calls += 1;
        return calls === 1 ? fail(500, 50000, '服务器开小差了') : ok(notYet);
      }),
    );
    renderWithRegistry(<PageHost pageId="case-node" />);
    expect(await screen.findByText('页面加载失败')).toBeInTheDocument();
    expect(screen.getByText('服务器开小差了')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('该页面的页面描述尚未提供，敬请期待。')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('shows an error, not a blank page, when the network itself fails', async () => {
    server.use(http.get('/api/pages/case-node', () => HttpResponse.error()));
    renderWithRegistry(<PageHost pageId="case-node" />);
    expect(await screen.findByText('页面加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it('loads the other page when the route changes', async () => {
    server.use(
      http.get('/api/pages/case-node', () => ok(notYet)),
      http.get('/api/pages/send-back', () =>
        ok({ ...notYet, id: 'send-back', status: 'warning', subtitle: 'common.empty' }),
      ),
    );
    const env = testEnvironment();
    const { rerender } = renderWithRegistry(<PageHost pageId="case-node" />, { env });
    expect(await screen.findByText('该页面的页面描述尚未提供，敬请期待。')).toBeInTheDocument();
    rerender(<PageHost pageId="send-back" />);
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });
});

describe('PageHost and a new environment', () => {
  it('keeps the page when only the language changes, and reloads it for another role', async () => {
    let calls = 0;
    server.use(
      http.get('/api/pages/case-node', () => {
        calls += 1;
        return ok(notYet);
      }),
    );
    const zh = testEnvironment();
    const { rerender } = render(
      <RegistryProvider env={zh}>
        <PageHost pageId="case-node" />
      </RegistryProvider>,
    );
    expect(await screen.findByText('该页面的页面描述尚未提供，敬请期待。')).toBeInTheDocument();
    rerender(
      <RegistryProvider env={{ ...zh, locale: 'en-US', t: translator('en-US') }}>
        <PageHost pageId="case-node" />
      </RegistryProvider>,
    );
    expect(screen.getByText('The descriptor of this page is not available yet.')).toBeInTheDocument();
    expect(calls).toBe(1);
    rerender(
      <RegistryProvider env={{ ...zh, role: 'caseOperation' }}>
        <PageHost pageId="case-node" />
      </RegistryProvider>,
    );
    expect(await screen.findByText('该页面的页面描述尚未提供，敬请期待。')).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});

describe('DescriptorView', () => {
  // Results (the page's own and the error ones) arrive lazily with Arco's Result: find, not get.
  it('renders a descriptor already in hand, with the defaults of the schema filled in', async () => {
    renderWithRegistry(<DescriptorView descriptor={notYet} />);
    expect(await screen.findByText('该页面的页面描述尚未提供，敬请期待。')).toBeInTheDocument();
  });

  it('says so when the whole descriptor is not an object', async () => {
    renderWithRegistry(<DescriptorView descriptor="<script>alert(1)</script>" />);
    expect(await screen.findByText(/^页面描述有误：（整个描述）/)).toBeInTheDocument();
  });

  it('names a wrong field deep inside a tab', async () => {
    const tabs = {
      schemaVersion: SCHEMA_VERSION,
      id: 'case-tabs',
      type: 'tabs',
      title: 'menu.caseNode',
      tabs: [
        {
          key: 'one',
          title: 'common.view',
          page: {
            ...notYet,
            actions: [{ key: 'go', label: 'common.back', kind: 'navigate', to: 'javascript:alert(1)' }],
          },
        },
      ],
    };
    renderWithRegistry(<DescriptorView descriptor={tabs} />);
    const message = await screen.findByText(/页面描述有误：tabs\.0\.page\.actions\.0\.to/);
    // The schema's own message key is translated (contract/messages.ts).
    expect(message).toHaveTextContent('路径必须以 / 开头');
  });

  it('turns away a role the page is not for', async () => {
    const env = testEnvironment({ role: 'lawyer' });
    renderWithRegistry(<DescriptorView descriptor={{ ...notYet, access: 'cases.edit' as const }} />, { env });
    expect(await screen.findByText('当前角色无权查看此页面')).toBeInTheDocument();
    expect(screen.queryByText('该页面的页面描述尚未提供，敬请期待。')).not.toBeInTheDocument();
  });
});
