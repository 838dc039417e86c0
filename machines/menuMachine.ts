import { assign, setup } from 'xstate';
import type { MenuNode } from '../contract/menu';
import type { Role } from '../contract/roles';
import { DEFAULT_ROUTES, filterMenuForRole } from '../contract/routes';
import { errorMessage, unprovidedActor } from './unprovided';

/**
 * The signed-in user's menu: idle -> loading -> ready | failed (RETRY).
 *
 * The tree comes from the server (`GET /api/user/menu`, actor `fetchServerMenu`) when the
 * menu-from-server setting is on, otherwise from the product's default route table. Both go
 * through the one permission filter (contract/routes.ts `filterMenuForRole`). Notices are
 * actions the app provides; they are shown for the server menu only (the static table is
 * there at once).
 */

export type MenuSource = 'server' | 'static';

export interface MenuInput {
  menuFromServer: boolean;
  /** The signed-in user's role; null while nobody is signed in. */
  role: Role | null;
}

export interface MenuContext {
  menuFromServer: boolean;
  role: Role | null;
  /** Where the current tree came from; null before the first load. */
  source: MenuSource | null;
  menu: MenuNode[];
  error: string | null;
}

export type MenuEvent =
  | { type: 'LOGIN_SUCCEEDED'; role: Role }
  | { type: 'USER_INFO_LOADED'; role: Role }
  | { type: 'ROLE_SWITCHED'; role: Role }
  | { type: 'SOURCE_CHANGED'; menuFromServer: boolean }
  | { type: 'LOGGED_OUT' }
  | { type: 'RETRY' };

/** The static menu of a role: the default route table through the permission filter. */
export function staticMenuFor(role: Role | null): MenuNode[] {
  return role ? filterMenuForRole(DEFAULT_ROUTES, role) : [];
}

/** Signing in, learning the role and switching it all load the menu again, for the new role. */
const reloadForRole = { target: '.loading', reenter: true, actions: 'rememberRole' } as const;

export const menuMachine = setup({
  types: {} as { context: MenuContext; events: MenuEvent; input: MenuInput },
  actors: {
    fetchServerMenu: unprovidedActor<MenuNode[], { role: Role | null }>('menuMachine', 'fetchServerMenu'),
  },
  actions: {
    // The app provides these (Arco Message / Notification); the defaults show nothing.
    showLoadingNotice: () => {},
    dismissLoadingNotice: () => {},
    showErrorNotification: (_, _failure: { error: string }) => {},
    rememberRole: assign(({ event }) => ('role' in event ? { role: event.role } : {})),
  },
  guards: {
    hasRole: ({ context }) => context.role !== null,
    isNewRole: ({ context, event }) =>
      'role' in event && (event.role !== context.role || context.source === null),
    menuFromServer: ({ context }) => context.menuFromServer,
  },
}).createMachine({
  id: 'menu',
  context: ({ input }) => ({ ...input, source: null, menu: [], error: null }),
  initial: 'idle',
  on: {
    LOGIN_SUCCEEDED: reloadForRole,
    // A user-info refresh that keeps the role keeps the menu.
    USER_INFO_LOADED: { ...reloadForRole, guard: 'isNewRole' },
    ROLE_SWITCHED: reloadForRole,
    SOURCE_CHANGED: [
      {
        guard: 'hasRole',
        target: '.loading',
        reenter: true,
        actions: assign({ menuFromServer: ({ event }) => event.menuFromServer }),
      },
      { actions: assign({ menuFromServer: ({ event }) => event.menuFromServer }) },
    ],
    LOGGED_OUT: {
      target: '.idle',
      actions: assign({ role: null, source: null, menu: [], error: null }),
    },
  },
  states: {
    /** Nobody signed in yet, or the session was restored with a role: load at once. */
    idle: {
      always: { guard: 'hasRole', target: 'loading' },
    },
    loading: {
      initial: 'choosingSource',
      states: {
        choosingSource: {
          always: [
            { guard: 'menuFromServer', target: 'fetchingServerMenu' },
            {
              target: '#menu.ready',
              actions: assign(({ context }) => ({
                menu: staticMenuFor(context.role),
                source: 'static' as const,
                error: null,
              })),
            },
          ],
        },
        fetchingServerMenu: {
          entry: 'showLoadingNotice',
          invoke: {
            src: 'fetchServerMenu',
            input: ({ context }) => ({ role: context.role }),
            onDone: {
              target: '#menu.ready',
              actions: [
                assign(({ context, event }) => ({
                  menu: filterMenuForRole(event.output, context.role),
                  source: 'server' as const,
                  error: null,
                })),
                'dismissLoadingNotice',
              ],
            },
            onError: {
              target: '#menu.failed',
              actions: [
                assign(({ event }) => ({ error: errorMessage(event.error) })),
                {
                  type: 'showErrorNotification',
                  params: ({ event }) => ({ error: errorMessage(event.error) }),
                },
              ],
            },
          },
        },
      },
    },
    ready: {},
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});
