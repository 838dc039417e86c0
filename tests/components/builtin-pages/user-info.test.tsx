import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserOverview } from '../../../contract/user-center';
import { ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import UserInfo from '../../../src/pages/user/info';
import { renderPage, withHttpLayer } from './harness';

/** /user/info: the caller's activity, unread messages, cases and team, from GET /api/user/overview. */

withHttpLayer();
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const overview = (extra: Partial<UserOverview> = {}): UserOverview => ({
  activity: [
    {
      id: 9,
      at: '2026-11-26T01:00:00.000Z',
      action: 'case.take',
      actionLabel: '领取案件',
      detail: '待处理（案件池） → 处理中',
      case: { id: 1, caseNo: 'MS00000001', title: '某银行诉张三', link: '/case/processing/1' },
    },
    {
      id: 8,
      at: '2026-11-25T01:00:00.000Z',
      action: 'case.decline',
      actionLabel: '拒绝推送',
      detail: '待处理（已推送） → 待处理（案件池）',
      case: { id: 2, caseNo: 'MS00000002', title: null, link: null },
    },
    {
      id: 7,
      at: '2026-11-24T01:00:00.000Z',
      action: 'login',
      actionLabel: '登录',
      detail: '',
      case: null,
    },
  ],
  unread: {
    count: 1,
    list: [
      {
        id: 41,
        type: 'todo',
        title: '新分配的案件',
        content: '案件 MS00000001 已分配给您办理。',
        status: 0,
        createdAt: '2026-11-26T01:00:00.000Z',
        link: '/case/processing/1',
      },
    ],
  },
  cases: {
    kind: 'handling',
    total: 1,
    list: [
      {
        id: 1,
        caseNo: 'MS00000001',
        title: '某银行诉张三',
        status: 'processing',
        position: null,
        amountFen: 5000000,
        updatedAt: '2026-11-26T01:00:00.000Z',
        link: '/case/processing/1',
      },
    ],
  },
  team: {
    lawFirmId: 3,
    lawFirmName: '深圳恒信律师事务所',
    lawyers: [{ id: 5, name: '于秀博', phone: '137****0003', reviewStatus: 'passed', handling: 4 }],
  },
  ...extra,
});

let read: number[][];
beforeEach(() => {
  read = [];
  localStorage.setItem('token', 'a-session-token');
});

function serve(data: UserOverview) {
  server.use(
    http.get('/api/user/overview', () => ok(data)),
    http.post('/api/message/read', async ({ request }) => {
      read.push(((await request.json()) as { ids: number[] }).ids);
      return ok({ read: 1, unread: 0 });
    }),
  );
}

describe('the user center', () => {
  it('shows the latest activity in words, and opens an unread message where the reader acts', async () => {
    serve(overview());
    const router = renderPage('/user/info', <UserInfo />);
    expect(await screen.findByText('领取案件')).toBeInTheDocument();
    expect(screen.getByText('待处理（案件池） → 处理中')).toBeInTheDocument();
    // Each activity names its case; the reader opens the ones still theirs to open.
    expect(screen.getByRole('link', { name: '案件 MS00000001：某银行诉张三' })).toHaveAttribute(
      'href',
      '/case/processing/1',
    );
    expect(screen.getByText('案件 MS00000002')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /MS00000002/ })).toBeNull();
    expect(screen.getByText('未读消息（1）')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '新分配的案件' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/case/processing/1'));
    await waitFor(() => expect(read).toEqual([[41]]));
  });

  it('lists the cases in hand with amounts in yuan, and the firm’s lawyers', async () => {
    serve(overview());
    renderPage('/user/info', <UserInfo />);
    await user.click(await screen.findByRole('tab', { name: '我的案件' }));
    expect(await screen.findByText('我正在办理的案件（共 1 件）')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'MS00000001' })).toHaveAttribute('href', '/case/processing/1');
    expect(screen.getByText(/50,000\.00/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '我的团队' }));
    expect(await screen.findByText('137****0003')).toBeInTheDocument();
    expect(screen.getByText('深圳恒信律师事务所 的律师（1 人）')).toBeInTheDocument();
  });

  it('says there is no team for platform staff', async () => {
    serve(overview({ team: null }));
    renderPage('/user/info?tab=team', <UserInfo />);
    expect(await screen.findByText('您不属于任何律所，没有团队信息')).toBeInTheDocument();
  });
});
