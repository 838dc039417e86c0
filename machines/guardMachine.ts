import { assign, createActor, type InspectionEvent, type Observer, setup, toPromise } from 'xstate';
import type { UserInfo } from '../contract/auth';
import type { MenuNode } from '../contract/menu';
import { ROLES, type Role } from '../contract/roles';
import {
  DEFAULT_ROUTES,
  filterMenuForRole,
  findRoute,
  homePathFor,
  PUBLIC_PAGES,
  routesBreadthFirst,
} from '../contract/routes';
import { fullPathOf, loginPathFor } from './redirect';
import { unprovidedActor } from './unprovided';

/**
 * The route guard: one run per navigation, ending in one decision (the machine's output).
 *
 *   public path?  -> allow
 *   token?        -> no: /login?redirect=<path and query>
 *   role known?   -> no: load user info first (failure: /login?redirect=...&error=routeGuardError)
 *   `/`?          -> the role's home (contract/routes.ts homePathFor)
 *   permitted?    -> allow
 *   known route?  -> the first route this role may open (breadth-first, hidden included), or not found
 */

export interface GuardInput {
  /** The path being opened, without the query: /list/case-detail/42. */
  path: string;
  /** Its query, with or without the leading `?`. */
  search?: string;
  token: string | null;
  role: Role | null;
  /**
   * The menu tree the role's permissions are read from: the loaded menu, or the default
   * route table (contract/routes.ts) when the menu is static or not loaded yet. It goes
   * through the permission filter here, so an unfiltered table is fine.
   */
  menu: readonly MenuNode[];
  /** Route patterns the app shell serves to every signed-in user, outside the menu. */
  shellPaths?: readonly string[];
}

export type RedirectReason = 'notSignedIn' | 'home' | 'forbidden' | 'guardError';

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; reason: RedirectReason }
  | { kind: 'notFound' };

/** Pages anyone may open, signed in or not: the route table's public pages (contract/routes.ts), exactly. */
export const PUBLIC_PATHS: readonly string[] = PUBLIC_PAGES.map((p) => p.path);

/** The shell's own signed-in routes that no menu lists. */
export const DEFAULT_SHELL_PATHS: readonly string[] = ['/redirect/:path'];

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.includes(path);
}

/** The first route a role may open: breadth-first over its tree, hidden routes included, none with parameters. */
export function firstPermittedPath(menu: readonly MenuNode[], role: Role | null): string | null {
  const route = routesBreadthFirst(filterMenuForRole(menu, role)).find(
    (node) => node.page && !node.external && !node.path.includes(':'),
  );
  return route?.path ?? null;
}

function asRoute(path: string): MenuNode {
  return { key: path, path, name: path, title: path, order: 0, page: 'shell' };
}

interface GuardContext extends Required<GuardInput> {
  fullPath: string;
}

export const guardMachine = setup({
  types: {} as { context: GuardContext; input: GuardInput; output: GuardDecision },
  actors: {
    loadUserInfo: unprovidedActor<Pick<UserInfo, 'role'>, { token: string | null }>(
      'guardMachine',
      'loadUserInfo',
    ),
  },
  guards: {
    isPublicPath: ({ context }) => isPublicPath(context.path),
    hasToken: ({ context }) => Boolean(context.token),
    hasRole: ({ context }) => context.role !== null,
    isRoot: ({ context }) => context.path === '/' || context.path === '',
    isPermitted: ({ context }) =>
      findRoute(filterMenuForRole(context.menu, context.role), context.path) !== null ||
      findRoute(context.shellPaths.map(asRoute), context.path) !== null,
    isKnownRoute: ({ context }) =>
      findRoute(context.menu, context.path) !== null || findRoute(DEFAULT_ROUTES, context.path) !== null,
    hasPermittedRoute: ({ context }) => firstPermittedPath(context.menu, context.role) !== null,
  },
}).createMachine({
  id: 'guard',
  context: ({ input }) => ({
    search: '',
    shellPaths: DEFAULT_SHELL_PATHS,
    ...input,
    fullPath: fullPathOf(input.path, input.search),
  }),
  initial: 'checkingPublicPath',
  output: ({ event }) => event.output as GuardDecision,
  states: {
    checkingPublicPath: {
      always: [{ guard: 'isPublicPath', target: 'allowed' }, { target: 'checkingToken' }],
    },
    checkingToken: {
      always: [{ guard: 'hasToken', target: 'checkingRole' }, { target: 'redirectingToLogin' }],
    },
    checkingRole: {
      always: [{ guard: 'hasRole', target: 'checkingPermission' }, { target: 'loadingUserInfo' }],
    },
    loadingUserInfo: {
      invoke: {
        src: 'loadUserInfo',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: ({ event }) => ROLES.includes(event.output?.role),
            target: 'checkingPermission',
            actions: assign({ role: ({ event }) => event.output.role }),
          },
          // An answer without a role we know cannot be checked: treat it as the guard failing.
          { target: 'guardFailed' },
        ],
        onError: 'guardFailed',
      },
    },
    checkingPermission: {
      always: [
        { guard: 'isRoot', target: 'redirectingHome' },
        { guard: 'isPermitted', target: 'allowed' },
        { guard: 'isKnownRoute', target: 'findingFirstPermittedRoute' },
        { target: 'notFound' },
      ],
    },
    findingFirstPermittedRoute: {
      always: [
        { guard: 'hasPermittedRoute', target: 'redirectingToFirstPermittedRoute' },
        { target: 'notFound' },
      ],
    },

    allowed: { type: 'final', output: { kind: 'allow' } },
    redirectingToLogin: {
      type: 'final',
      output: ({ context }) => ({
        kind: 'redirect',
        to: loginPathFor(context.fullPath),
        reason: 'notSignedIn',
      }),
    },
    redirectingHome: {
      type: 'final',
      output: ({ context }) => ({ kind: 'redirect', to: homePathFor(context.role), reason: 'home' }),
    },
    redirectingToFirstPermittedRoute: {
      type: 'final',
      output: ({ context }) => ({
        kind: 'redirect',
        to: firstPermittedPath(context.menu, context.role)!,
        reason: 'forbidden',
      }),
    },
    notFound: { type: 'final', output: { kind: 'notFound' } },
    guardFailed: {
      type: 'final',
      output: ({ context }) => ({
        kind: 'redirect',
        to: loginPathFor(context.fullPath, 'routeGuardError'),
        reason: 'guardError',
      }),
    },
  },
});

/**
 * Runs the guard for one navigation and answers its decision. Anything that breaks inside
 * the guard (an actor error, a malformed menu) becomes the guard-error redirect, never an
 * exception in the router.
 */
export async function runGuard(
  machine: typeof guardMachine,
  input: GuardInput,
  options: { inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void) } = {},
): Promise<GuardDecision> {
  const actor = createActor(machine, { input, inspect: options.inspect });
  // Listen before starting: an error in the first step is then ours, not an unhandled one.
  const decision = toPromise(actor);
  try {
    actor.start();
    return await decision;
  } catch {
    return {
      kind: 'redirect',
      to: loginPathFor(fullPathOf(input.path, input.search), 'routeGuardError'),
      reason: 'guardError',
    };
  } finally {
    actor.stop();
  }
}
