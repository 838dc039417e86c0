import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { MenuNode } from '../../contract/menu';
import type { Role } from '../../contract/roles';
import { DEFAULT_ROUTES, filterMenuForRole } from '../../contract/routes';
import { type MenuInput, menuMachine, staticMenuFor } from '../../machines/menuMachine';
import { deferred } from './fixtures';

function startMenu(input: MenuInput, fetchServerMenu: (role: Role | null) => Promise<MenuNode[]>) {
  const calls = {
    fetchServerMenu: vi.fn(fetchServerMenu),
    showLoadingNotice: vi.fn(),
    dismissLoadingNotice: vi.fn(),
    showErrorNotification: vi.fn(),
  };
  const machine = menuMachine.provide({
    actors: { fetchServerMenu: fromPromise(({ input }) => calls.fetchServerMenu(input.role)) },
    actions: {
      showLoadingNotice: () => calls.showLoadingNotice(),
      dismissLoadingNotice: () => calls.dismissLoadingNotice(),
      showErrorNotification: (_, { error }) => calls.showErrorNotification(error),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, calls };
}

/** What the server answers for a role: its slice of the default table. */
const serverMenuFor = async (role: Role | null) => filterMenuForRole(DEFAULT_ROUTES, role);

const paths = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.path, ...paths(n.children ?? [])]);

describe('menuMachine', () => {
  it('waits in idle while nobody is signed in', () => {
    const { actor, calls } = startMenu({ menuFromServer: true, role: null }, serverMenuFor);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls.fetchServerMenu).not.toHaveBeenCalled();
  });

  it('builds the static menu of a restored role at once, without notices', () => {
    const { actor, calls } = startMenu({ menuFromServer: false, role: 'lawyer' }, serverMenuFor);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('ready');
    expect(snapshot.context.source).toBe('static');
    expect(snapshot.context.menu).toEqual(filterMenuForRole(DEFAULT_ROUTES, 'lawyer'));
    expect(paths(snapshot.context.menu)).toContain('/dashboard/lawyer-workplace');
    expect(paths(snapshot.context.menu)).not.toContain('/dashboard/workplace');
    expect(calls.fetchServerMenu).not.toHaveBeenCalled();
    expect(calls.showLoadingNotice).not.toHaveBeenCalled();
  });

  it('loads the server menu with a loading notice, then a success notice', async () => {
    const answer = deferred<MenuNode[]>();
    const { actor, calls } = startMenu({ menuFromServer: true, role: 'caseOperation' }, () => answer.promise);
    expect(actor.getSnapshot().value).toEqual({ loading: 'fetchingServerMenu' });
    expect(calls.showLoadingNotice).toHaveBeenCalledOnce();
    expect(calls.fetchServerMenu).toHaveBeenCalledWith('caseOperation');

    answer.resolve(filterMenuForRole(DEFAULT_ROUTES, 'caseOperation'));
    const snapshot = await waitFor(actor, (s) => s.matches('ready'));
    expect(snapshot.context.source).toBe('server');
    expect(snapshot.context.menu).toEqual(filterMenuForRole(DEFAULT_ROUTES, 'caseOperation'));
    expect(calls.dismissLoadingNotice).toHaveBeenCalledOnce();
  });

  it('puts the server menu through the same permission filter as the static one', async () => {
    // A server answering the whole table must not widen what the role sees.
    const { actor } = startMenu({ menuFromServer: true, role: 'admin' }, async () => DEFAULT_ROUTES);
    const snapshot = await waitFor(actor, (s) => s.matches('ready'));
    expect(snapshot.context.menu).toEqual(staticMenuFor('admin'));
  });

  it('fails with an error notification and loads again on RETRY', async () => {
    let attempt = 0;
    const { actor, calls } = startMenu({ menuFromServer: true, role: 'superAdmin' }, async (role) => {
      attempt += 1;
      if (attempt === 1) throw new Error('菜单加载失败');
      return serverMenuFor(role);
    });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toBe('菜单加载失败');
    expect(calls.showErrorNotification).toHaveBeenCalledWith('菜单加载失败');
    expect(calls.dismissLoadingNotice).not.toHaveBeenCalled();

    actor.send({ type: 'RETRY' });
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context.error).toBeNull();
    expect(ready.context.menu).toEqual(staticMenuFor('superAdmin'));
    expect(calls.fetchServerMenu).toHaveBeenCalledTimes(2);
  });

  it('loads after a login, for the role that logged in', async () => {
    const { actor, calls } = startMenu({ menuFromServer: true, role: null }, serverMenuFor);
    actor.send({ type: 'LOGIN_SUCCEEDED', role: 'bussinessOperation' });
    const snapshot = await waitFor(actor, (s) => s.matches('ready'));
    expect(calls.fetchServerMenu).toHaveBeenCalledWith('bussinessOperation');
    expect(snapshot.context.menu).toEqual(staticMenuFor('bussinessOperation'));
  });

  it('loads once user info reveals the role', async () => {
    const { actor } = startMenu({ menuFromServer: false, role: null }, serverMenuFor);
    actor.send({ type: 'USER_INFO_LOADED', role: 'lawfirmContactPerson' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.menu).toEqual(staticMenuFor('lawfirmContactPerson'));
  });

  it('keeps the menu when a user-info refresh keeps the role', async () => {
    const { actor, calls } = startMenu({ menuFromServer: true, role: 'lawyer' }, serverMenuFor);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'USER_INFO_LOADED', role: 'lawyer' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls.fetchServerMenu).toHaveBeenCalledOnce();
  });

  it('reloads for the new role after a role switch', async () => {
    const { actor, calls } = startMenu({ menuFromServer: true, role: 'caseOperation' }, serverMenuFor);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'ROLE_SWITCHED', role: 'lawyer' });
    expect(actor.getSnapshot().value).toEqual({ loading: 'fetchingServerMenu' });
    const snapshot = await waitFor(actor, (s) => s.matches('ready'));
    expect(calls.fetchServerMenu).toHaveBeenLastCalledWith('lawyer');
    expect(snapshot.context.menu).toEqual(staticMenuFor('lawyer'));
  });

  it('drops a slow answer for the old role when the role changes mid-load', async () => {
    const slow = deferred<MenuNode[]>();
    const { actor } = startMenu({ menuFromServer: true, role: 'caseOperation' }, (role) =>
      role === 'caseOperation' ? slow.promise : serverMenuFor(role),
    );
    actor.send({ type: 'ROLE_SWITCHED', role: 'lawyer' });
    await waitFor(actor, (s) => s.matches('ready'));
    slow.resolve(staticMenuFor('caseOperation'));
    await slow.promise;
    expect(actor.getSnapshot().context.menu).toEqual(staticMenuFor('lawyer'));
  });

  it('switches source when the menu-from-server setting flips', async () => {
    const { actor, calls } = startMenu({ menuFromServer: false, role: 'superAdmin' }, serverMenuFor);
    expect(actor.getSnapshot().context.source).toBe('static');

    actor.send({ type: 'SOURCE_CHANGED', menuFromServer: true });
    const fromServer = await waitFor(actor, (s) => s.matches('ready'));
    expect(fromServer.context.source).toBe('server');
    expect(calls.fetchServerMenu).toHaveBeenCalledOnce();

    actor.send({ type: 'SOURCE_CHANGED', menuFromServer: false });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.source).toBe('static');
    expect(fromServer.context.menu).toEqual(actor.getSnapshot().context.menu);
  });

  it('only records the setting while nobody is signed in', () => {
    const { actor, calls } = startMenu({ menuFromServer: false, role: null }, serverMenuFor);
    actor.send({ type: 'SOURCE_CHANGED', menuFromServer: true });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.menuFromServer).toBe(true);
    expect(calls.fetchServerMenu).not.toHaveBeenCalled();
  });

  it('clears the menu on logout', () => {
    const { actor } = startMenu({ menuFromServer: false, role: 'lawyer' }, serverMenuFor);
    actor.send({ type: 'LOGGED_OUT' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ role: null, menu: [], source: null });
  });

  it('fails loudly when the app did not provide the server menu', async () => {
    const actor = createActor(menuMachine, { input: { menuFromServer: true, role: 'lawyer' } }).start();
    const snapshot = await waitFor(actor, (s) => s.matches('failed'));
    expect(snapshot.context.error).toMatch(/"fetchServerMenu" actor was not provided/);
  });
});
