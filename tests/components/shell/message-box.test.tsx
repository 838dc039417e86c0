import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http } from 'msw';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../contract/notifications';
import { ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { MessageBox } from '../../../src/layout/navbar/MessageBox';
import { withHttpLayer } from '../builtin-pages/harness';

/**
 * The navbar bell follows the live message stream: a message that arrives raises the count
 * and shows in the list without a reload; clicking a message with a link goes there and
 * marks it read. EventSource is replaced by a stand-in the test drives.
 */

class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data?: unknown) {
    const event = new MessageEvent(type, { data: data === undefined ? undefined : JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

const message = (id: number, extra: Partial<Message> = {}): Message => ({
  id,
  type: 'todo',
  title: `标题 ${id}`,
  content: `内容 ${id}`,
  status: 0,
  createdAt: '2026-11-26T08:00:00.000Z',
  link: null,
  ...extra,
});

withHttpLayer();
// Arco's popover is still fading in (pointer-events: none) when the test clicks in it.
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

let read: number[][];
let tickets: number;

beforeEach(() => {
  FakeEventSource.opened = [];
  read = [];
  tickets = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
  localStorage.setItem('token', 'a-session-token');
});
afterEach(() => vi.unstubAllGlobals());

function serve(list: Message[]) {
  const stored = [...list];
  server.use(
    http.get('/api/message/list', () =>
      ok({ list: stored, unread: stored.filter((m) => m.status === 0).length }),
    ),
    http.post('/api/notifications/ticket', () => {
      tickets += 1;
      return ok({ ticket: `ticket-${tickets}`, expiresAt: '2026-11-26T09:00:00.000Z' });
    }),
    http.post('/api/message/read', async ({ request }) => {
      const { ids } = (await request.json()) as { ids: number[] };
      read.push(ids);
      for (const m of stored) if (ids.includes(m.id)) m.status = 1;
      return ok({ read: ids.length, unread: stored.filter((m) => m.status === 0).length });
    }),
  );
  return stored;
}

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderBell() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <MessageBox />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard/workplace'] },
  );
  render(<RouterProvider router={router} />);
}

const badge = () => document.querySelector('.arco-badge-number')?.textContent ?? '0';

async function streamOpened(count = 1) {
  await waitFor(() => expect(FakeEventSource.opened).toHaveLength(count));
  return FakeEventSource.opened[count - 1];
}

describe('the bell', () => {
  it('counts and lists a message that arrives on the stream, without a reload', async () => {
    const stored = serve([message(7)]);
    renderBell();
    const stream = await streamOpened();
    // Opened with the one-time ticket, resuming after the newest message the list had.
    const url = new URL(stream.url, 'http://localhost');
    expect(url.pathname).toBe('/api/notifications/stream');
    expect(url.searchParams.get('ticket')).toBe('ticket-1');
    expect(url.searchParams.get('after')).toBe('7');
    await waitFor(() => expect(badge()).toBe('1'));

    stream.emit('ready', { after: 7 });
    // The server stores the message before the stream sends it.
    stored.unshift(message(8, { title: '新分配的案件' }));
    stream.emit('message', message(8, { title: '新分配的案件' }));
    await waitFor(() => expect(badge()).toBe('2'));
    // The same message again (a resend) is not counted twice.
    stream.emit('message', message(8, { title: '新分配的案件' }));
    expect(badge()).toBe('2');

    await user.click(screen.getByRole('button', { name: '消息通知' }));
    await user.click(await screen.findByRole('tab', { name: /待办/ }));
    expect(await screen.findByText('新分配的案件')).toBeInTheDocument();
  });

  it('opens on the first tab with something unread, to-dos first', async () => {
    serve([message(4, { type: 'notice', title: '律师函审核通过' }), message(3, { status: 1 })]);
    renderBell();
    await streamOpened();
    await waitFor(() => expect(badge()).toBe('1'));
    await user.click(screen.getByRole('button', { name: '消息通知' }));
    // Nothing to do is unread, so the notice the reader has not seen is what shows.
    expect(await screen.findByText('律师函审核通过')).toBeVisible();
    expect(screen.getByRole('tab', { name: /通知/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('goes to a message’s link when it is clicked, and marks it read', async () => {
    serve([message(3, { title: '律所已接收推送', link: '/list/push-manage' }), message(2)]);
    renderBell();
    await streamOpened();
    await waitFor(() => expect(badge()).toBe('2'));
    await user.click(screen.getByRole('button', { name: '消息通知' }));
    await user.click(await screen.findByRole('tab', { name: /待办/ }));
    const link = await screen.findByRole('link', { name: '律所已接收推送' });
    expect(link).toHaveAttribute('href', '/list/push-manage');
    await user.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/list/push-manage');
    await waitFor(() => expect(read).toEqual([[3]]));
    await waitFor(() => expect(badge()).toBe('1'));
  });

  it('reopens a broken stream with a new ticket, after the last message it saw', async () => {
    serve([message(5)]);
    renderBell();
    const first = await streamOpened();
    first.emit('ready', { after: 5 });
    first.emit('message', message(9));
    first.emit('error');
    expect(first.closed).toBe(true);
    const second = await streamOpened(2);
    const url = new URL(second.url, 'http://localhost');
    expect(url.searchParams.get('ticket')).toBe('ticket-2');
    expect(url.searchParams.get('after')).toBe('9');
  });
});
