import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type InspectionEvent, waitFor } from 'xstate';
import { authMachine } from '../../../machines/authMachine';
import { caseStatusMachine } from '../../../machines/caseStatusMachine';
import { createInspector } from '../../../src/inspector/inspector';
import { MASK, redact } from '../../../src/inspector/redact';
import { userInfo } from '../../machines/fixtures';

const nextTick = () => new Promise((resolve) => setTimeout(resolve, 0));

function signedOutAuth(inspect: (event: InspectionEvent) => void) {
  const machine = authMachine.provide({
    actors: {
      login: fromPromise(async () => ({ token: 'secret-token', userInfo: userInfo('lawyer') })),
    },
  });
  return createActor(machine, {
    input: { token: null, role: null, userInfo: null },
    systemId: 'auth',
    inspect,
  });
}

describe('the offline machine inspector', () => {
  it('records each actor with its machine id and current state', async () => {
    const inspector = createInspector();
    const actor = signedOutAuth(inspector.inspect).start();
    await nextTick();
    expect(inspector.getSnapshot().actors).toContainEqual(
      expect.objectContaining({ machineId: 'auth', systemId: 'auth', value: 'anonymous', status: 'active' }),
    );

    actor.send({ type: 'LOGIN', phone: '13800000005', password: 'Demo@2026' });
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    await nextTick();
    const auth = inspector.getSnapshot().actors.find((a) => a.machineId === 'auth');
    expect(auth?.value).toEqual({ authenticated: 'ready' });
    // The login promise actor was recorded too, and has finished.
    expect(inspector.getSnapshot().actors).toContainEqual(
      expect.objectContaining({ machineId: undefined, status: 'done' }),
    );
    actor.stop();
  });

  it('records events with their payloads, secrets masked', async () => {
    const inspector = createInspector();
    const actor = signedOutAuth(inspector.inspect).start();
    actor.send({ type: 'LOGIN', phone: '13800000005', password: 'Demo@2026' });
    await waitFor(actor, (s) => s.matches('authenticated'));
    await nextTick();

    const login = inspector.getSnapshot().events.find((e) => e.type === 'LOGIN');
    expect(login).toMatchObject({ actorLabel: 'auth', machineId: 'auth' });
    expect(JSON.parse(login!.payload)).toEqual({ phone: '13800000005', password: MASK });
    const done = inspector.getSnapshot().events.find((e) => e.type.startsWith('xstate.done.actor'));
    expect(done?.payload).not.toContain('secret-token');
    actor.stop();
  });

  it('keeps the last 100 events only', async () => {
    const inspector = createInspector();
    const actor = createActor(caseStatusMachine, { input: {}, inspect: inspector.inspect }).start();
    for (let i = 0; i < 130; i++) actor.send({ type: 'RESUME', actor: { role: 'lawyer', userId: i } });
    await nextTick();
    const { events } = inspector.getSnapshot();
    expect(events).toHaveLength(100);
    expect(JSON.parse(events.at(-1)!.payload)).toEqual({ actor: { role: 'lawyer', userId: 129 } });
    expect(events[0].seq).toBe(events.at(-1)!.seq - 99);
  });

  it('marks stopped actors and keeps only a few finished ones', async () => {
    const inspector = createInspector({ maxFinishedActors: 2 });
    for (let i = 0; i < 5; i++)
      createActor(caseStatusMachine, { input: {}, inspect: inspector.inspect }).start().stop();
    const running = createActor(caseStatusMachine, { input: {}, inspect: inspector.inspect }).start();
    await nextTick();
    const { actors } = inspector.getSnapshot();
    expect(actors.filter((a) => a.status === 'stopped')).toHaveLength(2);
    expect(actors.filter((a) => a.status === 'active').map((a) => a.sessionId)).toEqual([running.sessionId]);
  });

  it('tells subscribers once per burst of inspection events', async () => {
    const inspector = createInspector();
    const listener = vi.fn();
    const unsubscribe = inspector.subscribe(listener);
    const actor = createActor(caseStatusMachine, { input: {}, inspect: inspector.inspect }).start();
    actor.send({ type: 'APPROVE', actor: { role: 'caseOperation', userId: 2 } });
    await nextTick();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0][0].actors[0].value).toEqual({ pending: 'pool' });

    unsubscribe();
    actor.send({ type: 'TAKE', actor: { role: 'lawyer', userId: 5, lawyerId: 7 } });
    await nextTick();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('announces running actors to an inspector attached later, then forwards everything', async () => {
    const inspector = createInspector();
    const actor = createActor(caseStatusMachine, { input: {}, inspect: inspector.inspect }).start();
    const forwarded: InspectionEvent[] = [];
    const detach = inspector.attach((event) => forwarded.push(event));
    expect(forwarded).toEqual([expect.objectContaining({ type: '@xstate.actor', actorRef: actor })]);

    actor.send({ type: 'APPROVE', actor: { role: 'caseOperation', userId: 2 } });
    expect(forwarded.some((e) => e.type === '@xstate.event' && e.event.type === 'APPROVE')).toBe(true);

    detach();
    const count = forwarded.length;
    actor.send({ type: 'TAKE', actor: { role: 'lawyer', userId: 5, lawyerId: 7 } });
    expect(forwarded).toHaveLength(count);
  });

  it('clears the event list on request', async () => {
    const inspector = createInspector();
    createActor(caseStatusMachine, { input: {}, inspect: inspector.inspect }).start();
    await nextTick();
    expect(inspector.getSnapshot().events.length).toBeGreaterThan(0);
    inspector.clear();
    await nextTick();
    expect(inspector.getSnapshot().events).toEqual([]);
    expect(inspector.getSnapshot().actors).toHaveLength(1);
  });
});

describe('redact', () => {
  it('masks secrets at any depth and keeps the rest', () => {
    expect(redact({ token: 't', user: { name: '张三', password: 'p', newPassword: 'q' } })).toEqual({
      token: MASK,
      user: { name: '张三', password: MASK, newPassword: MASK },
    });
  });

  it('turns errors, cycles and functions into something JSON can hold', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(redact({ error: new Error('boom'), cyclic, fn: function named() {} })).toEqual({
      error: { name: 'Error', message: 'boom' },
      cyclic: { a: 1, self: '[circular]' },
      fn: '[function named]',
    });
  });
});
