import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { dashboardPages } from '../../../server/pages/catalog/dashboards';
import { DescriptorView, PageHost } from '../../../ui-registry/PageHost';
import { renderWithRegistry, testEnvironment } from './environment';

// G2Plot drawn for real is covered in charts.test.tsx; here we only see what it is asked to draw.
const plots = vi.hoisted(
  () => [] as Array<{ type: string; options: Record<string, unknown>; destroyed: boolean }>,
);
vi.mock('../../../ui-registry/charts/plots', () => {
  const fake = (type: string) =>
    class {
      record: { type: string; options: Record<string, unknown>; destroyed: boolean };
      constructor(container: HTMLElement, options: Record<string, unknown>) {
        this.record = { type, options, destroyed: false };
        plots.push(this.record);
        container.setAttribute('data-drawn', type);
      }
      render() {}
      changeData(data: unknown) {
        this.record.options = { ...this.record.options, data };
      }
      destroy() {
        this.record.destroyed = true;
      }
    };
  return {
    Line: fake('Line'),
    Area: fake('Area'),
    Column: fake('Column'),
    Bar: fake('Bar'),
    Pie: fake('Pie'),
    // The real dark theme: what a chart gets in the dark is checked below.
    loadDarkTheme: () => import('../../../ui-registry/charts/dark-theme').then((m) => m.darkTheme),
  };
});

const workplace = dashboardPages.find((page) => page.id === 'workplace')!;
const lawyerWorkplace = dashboardPages.find((page) => page.id === 'lawyer-workplace')!;

const workplaceData = {
  totals: { cases: 1286, lawyers: 57, inProgress: 311, successRate: 0.6364 },
  trend: [
    { month: '2026-01', count: 80 },
    { month: '2026-02', count: 95 },
  ],
  results: [
    { result: 'mediated', count: 120 },
    { result: 'failed', count: 30 },
  ],
  statuses: [
    { status: 'pending', count: 200 },
    { status: 'closed', count: 400 },
  ],
  lawyerRanking: [
    { id: 1, name: '王律师', closed: 42 },
    { id: 2, name: '李律师', closed: 37 },
  ],
};

beforeEach(() => {
  plots.length = 0;
});
afterEach(() => {
  // Unmount first: a mounted chart would answer the theme change outside act().
  cleanup();
  document.body.removeAttribute('arco-theme');
});

async function chartsDrawn(count: number) {
  await waitFor(() => expect(plots).toHaveLength(count));
}

describe('the workplace dashboard', () => {
  it('shows the stat cards from one GET of its source', async () => {
    let calls = 0;
    server.use(
      http.get('/api/pages/workplace', () => ok(workplace)),
      http.get('/api/dashboard/workplace', () => {
        calls += 1;
        return ok(workplaceData);
      }),
    );
    renderWithRegistry(<PageHost pageId="workplace" />);
    expect(await screen.findByText('1,286')).toBeInTheDocument();
    const card = screen.getByText('案件总数').closest('[data-stat]') as HTMLElement;
    expect(within(card).getByText('1,286')).toBeInTheDocument();
    expect(card.querySelector('svg')).not.toBeNull();
    expect(screen.getByText('57')).toBeInTheDocument();
    expect(screen.getByText('311')).toBeInTheDocument();
    expect(screen.getByText('63.6%')).toBeInTheDocument();
    await chartsDrawn(3);
    expect(calls).toBe(1);
  });

  it('shows skeletons while the data is on its way', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('/api/dashboard/workplace', async () => {
        await answered;
        return ok(workplaceData);
      }),
    );
    renderWithRegistry(<DescriptorView descriptor={workplace} />);
    expect(screen.getAllByTestId('block-loading')).toHaveLength(workplace.blocks.length);
    release();
    expect(await screen.findByText('1,286')).toBeInTheDocument();
    expect(screen.queryByTestId('block-loading')).not.toBeInTheDocument();
  });

  it('ranks lawyers as the server ordered them', async () => {
    server.use(http.get('/api/dashboard/workplace', () => ok(workplaceData)));
    renderWithRegistry(<DescriptorView descriptor={workplace} />);
    await screen.findByText('王律师');
    const ranking = screen.getByText('律师结案排行').closest('.arco-card') as HTMLElement;
    const items = within(ranking).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('1王律师42');
    expect(items[1]).toHaveTextContent('2李律师37');
  });

  it('mounts a chart per chart block, with enum labels on the axis', async () => {
    server.use(http.get('/api/dashboard/workplace', () => ok(workplaceData)));
    const { container } = renderWithRegistry(<DescriptorView descriptor={workplace} />);
    await chartsDrawn(3);
    expect(container.querySelectorAll('[data-chart]')).toHaveLength(3);
    expect(plots.map((p) => p.type).sort()).toEqual(['Area', 'Column', 'Pie']);
    const pie = plots.find((p) => p.type === 'Pie')!;
    expect(pie.options).toMatchObject({
      angleField: 'count',
      colorField: 'result',
      innerRadius: 0.6,
      locale: 'zh-CN',
    });
    expect(pie.options.data).toEqual([
      { result: '调解成功', count: 120 },
      { result: '调解失败', count: 30 },
    ]);
    const column = plots.find((p) => p.type === 'Column')!;
    expect((column.options.data as Array<{ status: string }>).map((d) => d.status)).toEqual([
      '待处理',
      '已结案',
    ]);
    const area = plots.find((p) => p.type === 'Area')!;
    expect(area.options).toMatchObject({
      xField: 'month',
      yField: 'count',
      theme: 'default',
      autoFit: true,
      height: 300,
    });
  });

  it('redraws its charts in the dark theme when the user switches', async () => {
    server.use(http.get('/api/dashboard/workplace', () => ok(workplaceData)));
    renderWithRegistry(<DescriptorView descriptor={workplace} />);
    await chartsDrawn(3);
    act(() => document.body.setAttribute('arco-theme', 'dark'));
    await chartsDrawn(6);
    expect(plots.slice(0, 3).every((p) => p.destroyed)).toBe(true);
    expect(
      plots.slice(3).every((p) => (p.options.theme as { background: string }).background === 'transparent'),
    ).toBe(true);
  });

  it('destroys its charts when it leaves the screen', async () => {
    server.use(http.get('/api/dashboard/workplace', () => ok(workplaceData)));
    const { unmount } = renderWithRegistry(<DescriptorView descriptor={workplace} />);
    await chartsDrawn(3);
    unmount();
    expect(plots.every((p) => p.destroyed)).toBe(true);
  });

  it('shows empty blocks when there is nothing to count yet', async () => {
    server.use(
      http.get('/api/dashboard/workplace', () =>
        ok({
          totals: { cases: 0, lawyers: 0, inProgress: 0, successRate: 0 },
          trend: [],
          results: [],
          statuses: [],
          lawyerRanking: [],
        }),
      ),
    );
    const { container } = renderWithRegistry(<DescriptorView descriptor={workplace} />);
    expect(await screen.findByText('调解成功率')).toBeInTheDocument();
    expect(screen.getByText('0%')).toBeInTheDocument();
    // The four charts and rankings, and the deadlines list.
    expect(container.querySelectorAll('.arco-empty')).toHaveLength(5);
    expect(plots).toHaveLength(0);
  });

  it('shows the error with a retry when the data cannot be loaded', async () => {
    let calls = 0;
    server.use(
      http.get('/api/dashboard/workplace', () => {
        calls += 1;
        return calls === 1 ? fail(500, 50000, '统计服务暂不可用') : ok(workplaceData);
      }),
    );
    renderWithRegistry(<DescriptorView descriptor={workplace} />);
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    expect(screen.getByText('统计服务暂不可用')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('1,286')).toBeInTheDocument();
  });

  it('leaves out blocks the role may not see', async () => {
    server.use(http.get('/api/dashboard/workplace', () => ok(workplaceData)));
    const page = {
      ...workplace,
      blocks: [
        { ...workplace.blocks[0], access: 'accounts.manage' as const },
        { ...workplace.blocks[1], access: 'cases.edit' as const },
      ],
    };
    renderWithRegistry(<DescriptorView descriptor={page} />, {
      env: testEnvironment({ role: 'caseOperation' }),
    });
    expect(await screen.findByText('入驻律师')).toBeInTheDocument();
    expect(screen.queryByText('案件总数')).not.toBeInTheDocument();
  });
});

describe("the lawyer's workplace", () => {
  it('lists its deadlines (a session, an instalment) with the time left and a link to the case', async () => {
    const soon = new Date(Date.now() + (2 * 24 + 3) * 3_600_000 + 30_000).toISOString();
    const later = new Date(Date.now() + (5 * 24 + 1) * 3_600_000 + 30_000).toISOString();
    const row = { title: '借款合同纠纷', lawFirmName: null, batchId: null, batchNo: null };
    server.use(
      http.get('/api/dashboard/lawyer-workplace', () =>
        ok({
          totals: { cases: 12, inProgress: 5, pool: 40, recoveredFen: 12345600 },
          trend: [{ month: '2026-02', count: 3 }],
          results: [{ result: 'repaid', count: 2 }],
          deadlines: [
            {
              ...row,
              kind: 'courtSession',
              caseId: 9,
              caseNo: 'CD-2026-0009',
              court: '南山区人民法院',
              amountFen: null,
              dueAt: soon,
            },
            {
              ...row,
              kind: 'instalmentDue',
              caseId: 11,
              caseNo: 'CD-2026-0011',
              court: null,
              amountFen: 50000,
              dueAt: later,
            },
          ],
        }),
      ),
    );
    const env = testEnvironment({ role: 'lawyer' });
    renderWithRegistry(<DescriptorView descriptor={lawyerWorkplace} />, { env });
    expect(await screen.findByText('¥123,456.00')).toBeInTheDocument();
    expect(screen.getByText('开庭')).toBeInTheDocument();
    expect(screen.getByText('分期到期')).toBeInTheDocument();
    expect(screen.getByText('¥500.00')).toBeInTheDocument();
    expect(screen.getByText('2 天 3 小时后')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'CD-2026-0011' }));
    expect(env.navigate).toHaveBeenCalledWith('/case/processing/11');
  });

  it('offers a "more" link to the full list', async () => {
    server.use(http.get('/api/dashboard/lawyer-workplace', () => ok({ deadlines: [] })));
    const env = testEnvironment({ role: 'lawyer' });
    const page = {
      ...lawyerWorkplace,
      blocks: [{ ...lawyerWorkplace.blocks[6], more: '/profile/case' }],
    };
    renderWithRegistry(<DescriptorView descriptor={page} />, { env });
    await userEvent.click(await screen.findByRole('link', { name: '更多' }));
    expect(env.navigate).toHaveBeenCalledWith('/profile/case');
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
  });
});
