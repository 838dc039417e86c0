import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import '../../../src/i18n';
import { authMachine } from '../../../machines/authMachine';
import { MACHINES } from '../../../machines/index';
import { createInspector } from '../../../src/inspector/inspector';
import { formatStateValue, MachineInspector } from '../../../src/inspector/MachineInspectorPage';
import { userInfo } from '../../machines/fixtures';

const stately = vi.hoisted(() => ({
  enabled: false,
  enableStatelyInspector: vi.fn(async () => {
    stately.enabled = true;
  }),
  disableStatelyInspector: vi.fn(() => {
    stately.enabled = false;
  }),
}));

// ELK in-process: the app runs it in a web worker, which the DOM of the tests lacks.
vi.mock('../../../src/inspector/elkWorker', async () => {
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const { layoutStatechart } = await import('../../../src/inspector/elkLayout');
  const { statechartGraph } = await import('../../../src/inspector/statechartGraph');
  const elk = new ELK();
  return {
    layoutMachine: (machine: Parameters<typeof statechartGraph>[0]) =>
      layoutStatechart(statechartGraph(machine), elk),
  };
});

// Stately's inspector opens stately.ai; the page must only ask for it.
vi.mock('../../../src/inspector/stately', () => ({
  enableStatelyInspector: stately.enableStatelyInspector,
  disableStatelyInspector: stately.disableStatelyInspector,
  isStatelyInspectorEnabled: () => stately.enabled,
}));

beforeEach(() => {
  stately.enabled = false;
  stately.enableStatelyInspector.mockClear();
  stately.disableStatelyInspector.mockClear();
});

function runningAuth(inspector: ReturnType<typeof createInspector>) {
  const machine = authMachine.provide({
    actors: { login: fromPromise(async () => ({ token: 'secret-token', userInfo: userInfo('lawyer') })) },
  });
  return createActor(machine, {
    input: { token: null, role: null, userInfo: null },
    systemId: 'auth',
    inspect: inspector.inspect,
  }).start();
}

describe('MachineInspector page', () => {
  it('lists every machine with its statechart drawn from the definition', async () => {
    render(<MachineInspector source={createInspector()} />);
    expect(screen.getByText('状态机检查器')).toBeInTheDocument();
    for (const { id } of MACHINES) {
      const card = screen.getByTestId(`machine-${id}`);
      const chart = await within(card).findByRole('img', { name: `${id} 的状态图` }, { timeout: 30_000 });
      expect(chart.querySelectorAll('[data-testid="statechart-state"]').length).toBeGreaterThan(2);
      expect(chart.querySelectorAll('[data-testid="statechart-transition"]').length).toBeGreaterThan(2);
    }
    const auth = await screen.findByRole('img', { name: 'auth 的状态图' });
    expect(within(auth).getByText('loadingUserInfo')).toBeInTheDocument();
    expect(within(auth).getByText('SWITCH_ROLE [holdsRequestedRole]')).toBeInTheDocument();
  });

  it('highlights the live state of a running actor as it moves', async () => {
    const inspector = createInspector();
    const actor = runningAuth(inspector);
    const { container } = render(<MachineInspector source={inspector} />);
    const active = () =>
      [...container.querySelectorAll('[data-testid="machine-auth"] [data-active="true"]')].map((el) =>
        el.getAttribute('data-state-id'),
      );

    await waitFor(() => expect(active()).toEqual(['auth.anonymous']));
    expect(within(screen.getByTestId('machine-auth')).getByTestId('inspector-actor')).toHaveTextContent(
      'auth · anonymous · 运行中',
    );

    act(() => actor.send({ type: 'LOGIN', phone: '13800000005', password: 'Demo@2026' }));
    await waitFor(() => expect(active()).toEqual(['auth.authenticated', 'auth.authenticated.ready']));
    actor.stop();
  });

  it('shows the latest events first with their payloads, passwords masked', async () => {
    const inspector = createInspector();
    const actor = runningAuth(inspector);
    render(<MachineInspector source={inspector} />);
    act(() => actor.send({ type: 'LOGIN', phone: '13800000005', password: 'Demo@2026' }));

    const events = screen.getByTestId('inspector-events');
    const row = (await within(events).findByText('LOGIN')).closest('tr')!;
    expect(row).toHaveTextContent('"phone":"13800000005"');
    expect(row).toHaveTextContent('"password":"••••••"');
    expect(events).not.toHaveTextContent('Demo@2026');

    // The login answer arrives after LOGIN, so it is listed above it.
    await within(events).findByText(/^xstate\.done\.actor/);
    const rows = within(events)
      .getAllByRole('row')
      .map((r) => r.textContent ?? '');
    const loginAt = rows.findIndex((text) => text.includes('LOGIN'));
    const doneAt = rows.findIndex((text) => text.includes('xstate.done.actor'));
    expect(doneAt).toBeGreaterThan(-1);
    expect(doneAt).toBeLessThan(loginAt);
    expect(events).not.toHaveTextContent('secret-token');
    actor.stop();
  });

  it('clears the event list', async () => {
    const inspector = createInspector();
    const actor = runningAuth(inspector);
    render(<MachineInspector source={inspector} />);
    act(() => actor.send({ type: 'LOGOUT' }));
    const events = screen.getByTestId('inspector-events');
    await within(events).findByText('LOGOUT');
    await userEvent.click(within(events).getByRole('button', { name: '清空' }));
    await waitFor(() => expect(within(events).queryByText('LOGOUT')).not.toBeInTheDocument());
    expect(within(events).getByText('暂无事件')).toBeInTheDocument();
    actor.stop();
  });

  it('sends actors to Stately only when the developer opts in', async () => {
    render(<MachineInspector source={createInspector()} />);
    const toggle = screen.getByRole('switch', { name: '发送到 Stately 检查器' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(stately.enableStatelyInspector).not.toHaveBeenCalled();

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(stately.enableStatelyInspector).toHaveBeenCalledOnce();

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(stately.disableStatelyInspector).toHaveBeenCalledOnce();
  });

  it('says so when Stately cannot start', async () => {
    stately.enableStatelyInspector.mockRejectedValueOnce(new Error('offline'));
    render(<MachineInspector source={createInspector()} />);
    await userEvent.click(screen.getByRole('switch', { name: '发送到 Stately 检查器' }));
    expect(await screen.findByText('Stately 检查器未能启动：offline')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: '发送到 Stately 检查器' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });

  it('writes nested state values as dotted paths', () => {
    expect(formatStateValue({ authenticated: 'ready' })).toBe('authenticated.ready');
    expect(formatStateValue('idle')).toBe('idle');
    expect(formatStateValue(null)).toBe('—');
  });
});
