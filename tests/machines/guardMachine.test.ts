import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { MenuNode } from '../../contract/menu';
import type { Role } from '../../contract/roles';
import { DEFAULT_ROUTES, filterMenuForRole } from '../../contract/routes';
import {
  firstPermittedPath,
  type GuardInput,
  guardMachine,
  isPublicPath,
  runGuard,
} from '../../machines/guardMachine';
import { fullPathOf, isSafeRedirect, loginPathFor, safeRedirectOr } from '../../machines/redirect';
import { deferred } from './fixtures';

function guardWith(loadUserInfo: () => Promise<{ role: Role }> = async () => ({ role: 'lawyer' })) {
  const calls = { loadUserInfo: vi.fn(loadUserInfo) };
  const machine = guardMachine.provide({ actors: { loadUserInfo: fromPromise(() => calls.loadUserInfo()) } });
  return { machine, calls };
}

function decide(input: Partial<GuardInput> & { path: string }, loadUserInfo?: () => Promise<{ role: Role }>) {
  const { machine } = guardWith(loadUserInfo);
  return runGuard(machine, { token: 'token', role: null, menu: DEFAULT_ROUTES, ...input });
}

describe('guardMachine: each role against the default route table', () => {
  // Written from the product's route table (issue 3), not from the code.
  const cases: Array<[Role, string, ReturnType<typeof decide> extends Promise<infer D> ? D : never]> = [
    ['superAdmin', '/dashboard/workplace', { kind: 'allow' }],
    ['superAdmin', '/test/pdf', { kind: 'allow' }],
    ['caseOperation', '/list/case-detail/42', { kind: 'allow' }],
    ['caseOperation', '/profile/case', { kind: 'redirect', to: '/dashboard/workplace', reason: 'forbidden' }],
    ['bussinessOperation', '/dashboard/task-center', { kind: 'allow' }],
    [
      'bussinessOperation',
      '/list/search-table',
      { kind: 'redirect', to: '/dashboard/workplace', reason: 'forbidden' },
    ],
    ['lawfirmContactPerson', '/form/editfirm', { kind: 'allow' }],
    [
      'lawfirmContactPerson',
      '/dashboard/workplace',
      { kind: 'redirect', to: '/dashboard/lawfirm-workplace', reason: 'forbidden' },
    ],
    ['lawyer', '/case/processing/7', { kind: 'allow' }],
    [
      'lawyer',
      '/dashboard/workplace',
      { kind: 'redirect', to: '/dashboard/lawyer-workplace', reason: 'forbidden' },
    ],
    ['lawyer', '/user/account', { kind: 'redirect', to: '/dashboard/lawyer-workplace', reason: 'forbidden' }],
    ['admin', '/dashboard/monitor', { kind: 'allow' }],
    ['admin', '/dashboard/workplace', { kind: 'redirect', to: '/dashboard/monitor', reason: 'forbidden' }],
    ['admin', '/user/setting', { kind: 'allow' }],
  ];

  it.each(cases)('%s opening %s', async (role, path, expected) => {
    expect(await decide({ role, path })).toEqual(expected);
  });

  it.each([
    ['lawyer', '/dashboard/lawyer-workplace'],
    ['lawfirmContactPerson', '/dashboard/lawfirm-workplace'],
    ['superAdmin', '/dashboard/workplace'],
    ['caseOperation', '/dashboard/workplace'],
    ['bussinessOperation', '/dashboard/workplace'],
    ['admin', '/dashboard/workplace'],
  ] as const)('sends %s from / to %s', async (role, home) => {
    expect(await decide({ role, path: '/' })).toEqual({ kind: 'redirect', to: home, reason: 'home' });
  });

  it('reads permissions from the menu it is given, so a removed page sends the user on', async () => {
    const withoutCasePool = filterMenuForRole(DEFAULT_ROUTES, 'lawyer').map((group) => ({
      ...group,
      children: group.children?.filter((child) => child.path !== '/profile/search-table-lawyer'),
    }));
    expect(
      await decide({ role: 'lawyer', path: '/profile/search-table-lawyer', menu: withoutCasePool }),
    ).toEqual({
      kind: 'redirect',
      to: '/dashboard/lawyer-workplace',
      reason: 'forbidden',
    });
  });

  it('checks the route’s ability, whatever its group', async () => {
    const menu: MenuNode[] = [
      {
        key: '/list',
        path: '/list',
        name: 'list',
        title: 'menu.list',
        order: 0,
        children: [
          {
            key: '/list/a',
            path: '/list/a',
            name: 'a',
            title: 'menu.a',
            order: 0,
            access: 'accounts.manage',
            page: 'a',
          },
        ],
      },
      {
        key: '/home',
        path: '/home',
        name: 'home',
        title: 'menu.home',
        order: 1,
        access: 'profile.edit',
        page: 'home',
      },
    ];
    expect(await decide({ role: 'lawyer', path: '/list/a', menu })).toEqual({
      kind: 'redirect',
      to: '/home',
      reason: 'forbidden',
    });
  });
});

describe('guardMachine: first permitted route', () => {
  it('goes breadth-first over the tree, hidden routes included', () => {
    // admin's only dashboard route is the hidden monitor page.
    expect(firstPermittedPath(DEFAULT_ROUTES, 'admin')).toBe('/dashboard/monitor');
  });

  it('skips routes that need parameters', () => {
    const menu: MenuNode[] = [
      {
        key: '/case',
        path: '/case',
        name: 'case',
        title: 'menu.case',
        order: 0,
        access: 'lawyer.workplace',
        children: [
          {
            key: '/case/processing/:id',
            path: '/case/processing/:id',
            name: 'processing',
            title: 'menu.processing',
            order: 0,
            access: 'lawyer.workplace',
            page: 'processing',
          },
        ],
      },
      {
        key: '/p',
        path: '/p/mine',
        name: 'mine',
        title: 'menu.mine',
        order: 1,
        access: 'lawyer.workplace',
        page: 'mine',
      },
    ];
    expect(firstPermittedPath(menu, 'lawyer')).toBe('/p/mine');
  });

  it('answers not found when the role may open nothing', async () => {
    const onlyParams: MenuNode[] = [
      {
        key: '/x/:id',
        path: '/x/:id',
        name: 'x',
        title: 'menu.x',
        order: 0,
        access: 'lawyer.workplace',
        page: 'x',
      },
      { key: '/y', path: '/y', name: 'y', title: 'menu.y', order: 1, access: 'accounts.manage', page: 'y' },
    ];
    expect(await decide({ role: 'lawyer', path: '/y', menu: onlyParams })).toEqual({ kind: 'notFound' });
  });
});

describe('guardMachine: signing in first', () => {
  it('sends a visitor without a token to /login with the full path and query', async () => {
    const decision = await decide({
      token: null,
      path: '/list/search-table',
      search: '?status=pending&page=2',
    });
    expect(decision).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Flist%2Fsearch-table%3Fstatus%3Dpending%26page%3D2',
      reason: 'notSignedIn',
    });
    const to = decision.kind === 'redirect' ? decision.to : '';
    const redirect = new URL(to, 'http://casedesk.test').searchParams.get('redirect');
    expect(redirect).toBe('/list/search-table?status=pending&page=2');
    expect(isSafeRedirect(redirect)).toBe(true);
  });

  it('accepts the query with or without its leading "?"', async () => {
    const withMark = await decide({ token: null, path: '/a', search: '?x=1' });
    const without = await decide({ token: null, path: '/a', search: 'x=1' });
    expect(withMark).toEqual(without);
  });

  it.each([
    '/login',
    '/register',
    '/lawyer-register',
    '/lawyer-agreement',
    '/reset',
    '/delete-complete',
    '/exception/403',
    '/outcome/success',
  ])('lets anyone open the public page %s', async (path) => {
    expect(isPublicPath(path)).toBe(true);
    expect(await decide({ token: null, path })).toEqual({ kind: 'allow' });
  });

  it('does not treat look-alike paths as public', () => {
    expect(isPublicPath('/login-admin')).toBe(false);
    expect(isPublicPath('/exceptional')).toBe(false);
  });

  it('lets every signed-in role open the shell’s redirect route', async () => {
    expect(await decide({ role: 'admin', path: '/redirect/list' })).toEqual({ kind: 'allow' });
  });

  it('takes the shell paths the app passes', async () => {
    expect(await decide({ role: 'superAdmin', path: '/shell-only' })).toEqual({ kind: 'notFound' });
    expect(await decide({ role: 'superAdmin', path: '/shell-only', shellPaths: ['/shell-only'] })).toEqual({
      kind: 'allow',
    });
  });
});

describe('guardMachine: unknown role', () => {
  it('loads user info first, then checks the permission with the loaded role', async () => {
    const info = deferred<{ role: Role }>();
    const { machine, calls } = guardWith(() => info.promise);
    const actor = createActor(machine, {
      input: { path: '/dashboard/workplace', token: 'token', role: null, menu: DEFAULT_ROUTES },
    }).start();
    expect(actor.getSnapshot().value).toBe('loadingUserInfo');
    expect(calls.loadUserInfo).toHaveBeenCalledOnce();

    info.resolve({ role: 'admin' });
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot.value).toBe('redirectingToFirstPermittedRoute');
    expect(snapshot.output).toEqual({ kind: 'redirect', to: '/dashboard/monitor', reason: 'forbidden' });
  });

  it('does not load user info when the role is known', async () => {
    const { machine, calls } = guardWith();
    await runGuard(machine, {
      path: '/dashboard/workplace',
      token: 't',
      role: 'superAdmin',
      menu: DEFAULT_ROUTES,
    });
    expect(calls.loadUserInfo).not.toHaveBeenCalled();
  });

  it('sends the user to /login with routeGuardError when the loader fails', async () => {
    const decision = await decide({ path: '/list/search-table', search: '?q=1' }, async () =>
      Promise.reject(new Error('network')),
    );
    expect(decision).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Flist%2Fsearch-table%3Fq%3D1&error=routeGuardError',
      reason: 'guardError',
    });
  });

  it('treats an answer without a known role as a guard failure', async () => {
    const decision = await decide({ path: '/a' }, async () => ({ role: 'nobody' as Role }));
    expect(decision).toMatchObject({ kind: 'redirect', reason: 'guardError' });
  });

  it('turns a crash inside the guard into the guard-error redirect', async () => {
    const broken = null as unknown as MenuNode[];
    const decision = await decide({ role: 'lawyer', path: '/x', menu: broken });
    expect(decision).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fx&error=routeGuardError',
      reason: 'guardError',
    });
  });
});

describe('guardMachine: unknown paths', () => {
  it('answers not found for a path no route matches', async () => {
    expect(await decide({ role: 'superAdmin', path: '/no/such/page' })).toEqual({ kind: 'notFound' });
  });

  it('ends in one named state per decision', async () => {
    const { machine } = guardWith();
    const end = async (input: Partial<GuardInput> & { path: string }) => {
      const actor = createActor(machine, {
        input: { token: 't', role: 'lawyer', menu: DEFAULT_ROUTES, ...input },
      });
      actor.start();
      return (await waitFor(actor, (s) => s.status === 'done')).value;
    };
    expect(await end({ path: '/login' })).toBe('allowed');
    expect(await end({ path: '/profile/case' })).toBe('allowed');
    expect(await end({ path: '/x', token: null })).toBe('redirectingToLogin');
    expect(await end({ path: '/' })).toBe('redirectingHome');
    expect(await end({ path: '/user/account' })).toBe('redirectingToFirstPermittedRoute');
    expect(await end({ path: '/nowhere' })).toBe('notFound');
  });
});

describe('redirect targets after login', () => {
  it.each(['/dashboard/workplace', '/list/search-table?status=pending', '/list/case-detail/42#files', '/'])(
    'accepts the app path %s',
    (target) => {
      expect(isSafeRedirect(target)).toBe(true);
    },
  );

  it.each([
    '//evil.com',
    'https://x',
    'http://evil.com/dashboard',
    '/\\evil.com',
    '\\\\evil.com',
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' /dashboard',
    '/\t/evil.com',
    '/%2Fevil.com',
    '/%5Cevil.com',
    'evil.com',
    '',
  ])('rejects %j', (target) => {
    expect(isSafeRedirect(target)).toBe(false);
  });

  it('rejects things that are not strings', () => {
    expect(isSafeRedirect(null)).toBe(false);
    expect(isSafeRedirect(['/a'])).toBe(false);
  });

  it('falls back to the given home for an unsafe target', () => {
    expect(safeRedirectOr('https://evil.com', '/dashboard/workplace')).toBe('/dashboard/workplace');
    expect(safeRedirectOr('/list/search-table', '/dashboard/workplace')).toBe('/list/search-table');
  });

  it('builds the login path the guard redirects to', () => {
    expect(fullPathOf('/a', '')).toBe('/a');
    expect(loginPathFor('/a?b=1')).toBe('/login?redirect=%2Fa%3Fb%3D1');
    expect(loginPathFor('/a', 'routeGuardError')).toBe('/login?redirect=%2Fa&error=routeGuardError');
  });
});
