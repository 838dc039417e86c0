import { describe, expect, it } from 'vitest';
import {
  ABILITIES,
  ABILITY_NAMES,
  ACCESS_RULES,
  can,
  isAccessRule,
  maskPhone,
  rolesHolding,
  scopeOf,
} from '../../contract/access';
import { ENUM_LABELS } from '../../contract/labels';
import { DEFAULT_ROUTES, routesBreadthFirst } from '../../contract/routes';
import { EVENT_ABILITY } from '../../machines/caseStatusMachine';
import { PAGE_CATALOG } from '../../server/pages/catalog';
import { upgradeLegacyRoles } from '../../server/pages/page-access';
import { checkPage } from '../../server/pages/store';
import { apiRoutes } from '../../server/routes';

describe('contract/access.ts: can and scopeOf', () => {
  it('holds an ability in the scope the table gives, and nothing else', () => {
    expect(scopeOf('cases.read', 'lawfirmContactPerson')).toBe('firm');
    expect(scopeOf('cases.read', 'lawyer')).toBe('own');
    expect(scopeOf('cases.read', 'admin')).toBeNull();
    expect(can('cases.read', 'lawyer')).toBe(true);
    expect(can('cases.read:own', 'lawyer')).toBe(true);
    expect(can('cases.read:all', 'lawyer')).toBe(false);
    expect(can('cases.read', null)).toBe(false);
  });

  it('gives superAdmin no implicit pass', () => {
    expect(can('monitor.read', 'superAdmin')).toBe(false);
    expect(can('cases.take', 'superAdmin')).toBe(false);
  });

  it('treats no rule as "signed in"', () => {
    expect(can(undefined, 'admin')).toBe(true);
    expect(can(undefined, null)).toBe(false);
  });

  it('knows the rules data may name, and no others', () => {
    expect(isAccessRule('lawyers.review:all')).toBe(true);
    expect(isAccessRule('lawyers.review:everything')).toBe(false);
    expect(isAccessRule('cases.fly')).toBe(false);
    expect(isAccessRule('__proto__')).toBe(false);
    expect(ACCESS_RULES).toContain('cases.read:firm');
    expect(ACCESS_RULES).not.toContain('cases.take:all');
    expect(rolesHolding('lawyers.review:all')).toEqual(['superAdmin', 'bussinessOperation']);
  });

  it('labels every ability in both languages', () => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      for (const ability of ABILITY_NAMES) expect(ENUM_LABELS[lang][`enum.ability.${ability}`]).toBeTruthy();
    }
  });

  it('masks a phone number the same way everywhere', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone('123')).toBe('****');
  });

  it('masks short and odd numbers without showing more than half of them', () => {
    // A landline with its area code keeps its first three and last four digits.
    expect(maskPhone('075512345678')).toBe('075****5678');
    // A local number keeps its last four only: showing three more would show it all.
    expect(maskPhone('12345678')).toBe('****5678');
    expect(maskPhone('1234567890')).toBe('****7890');
    // Shorter numbers (and nothing at all) show nothing: the same answer on every side.
    expect(maskPhone('1234567')).toBe('****');
    expect(maskPhone('123456')).toBe('****');
    expect(maskPhone('')).toBe('****');
    // The server's audit rows, login failures and bind-phone use the same function.
    expect(maskPhone('13800000005')).toBe('138****0005');
  });
});

describe('every layer names abilities', () => {
  it('every leaf of the route table names a rule of the table', () => {
    const leaves = routesBreadthFirst(DEFAULT_ROUTES).filter((r) => r.page);
    for (const leaf of leaves) expect(isAccessRule(leaf.access), leaf.path).toBe(true);
  });

  it('every API route names public, signedIn or a rule of the table', () => {
    for (const route of apiRoutes) {
      const ok = route.access === 'public' || route.access === 'signedIn' || isAccessRule(route.access);
      expect(ok, `${route.method} ${route.url}`).toBe(true);
    }
  });

  it('every ability is used by some route, page or the case machine', () => {
    const named = new Set<string>([
      ...apiRoutes.map((r) => String(r.access).split(':')[0]),
      ...routesBreadthFirst(DEFAULT_ROUTES).map((r) => String(r.access).split(':')[0]),
      ...JSON.stringify([...PAGE_CATALOG.values()])
        .match(/"access":"[^"]+"/g)!
        .map((m) => m.slice(10, -1).split(':')[0]),
      // The case machine's events, and server code that reads a scope by name (phone masking).
      ...Object.values(EVENT_ABILITY),
      'phones.read',
      'dev.tools',
    ]);
    expect(ABILITY_NAMES.filter((a) => !named.has(a))).toEqual([]);
    expect(Object.keys(ABILITIES).length).toBe(ABILITY_NAMES.length);
  });
});

describe('descriptors saved with role lists (before abilities)', () => {
  it('reads a role list as the rule exactly those roles hold, and drops unmaskRoles', () => {
    const { value, errors } = upgradeLegacyRoles({
      id: 'x',
      roles: ['*'],
      columns: [
        { field: 'phone', widget: 'phone', unmaskRoles: ['superAdmin'] },
        { field: 'a', roles: ['caseOperation', 'superAdmin'] },
        { field: 'b', roles: ['superAdmin', 'bussinessOperation'] },
      ],
    });
    expect(errors).toEqual([]);
    expect(value).toEqual({
      id: 'x',
      columns: [
        { field: 'phone', widget: 'phone' },
        { field: 'a', access: 'cases.manage' },
        { field: 'b', access: 'tasks.read' },
      ],
    });
  });

  it('drops a role list beside a rule, so the strict schema reading the result never meets it', () => {
    const { value, errors } = upgradeLegacyRoles({
      columns: [{ field: 'a', access: 'cases.manage', roles: ['lawyer'] }],
    });
    expect(errors).toEqual([]);
    expect(value).toEqual({ columns: [{ field: 'a', access: 'cases.manage' }] });
  });

  it('refuses a role list no rule matches, naming where it is, rather than showing it to more roles', () => {
    const { errors } = upgradeLegacyRoles({ tabs: [{ key: 'a', roles: ['admin', 'lawyer'] }] });
    expect(errors).toEqual([{ path: 'tabs.0.roles', message: 'access.unknownRule' }]);
  });
});

describe('checkPage: the rule that opens a page', () => {
  const result = (id: string, extra: Record<string, unknown> = {}) => ({
    schemaVersion: 1,
    id,
    type: 'result',
    title: 'menu.taskCenter',
    status: 'info',
    ...extra,
  });

  it('takes a route page’s rule from the route table and serves it with the page', () => {
    const check = checkPage(result('task-center'), apiRoutes);
    expect(check).toMatchObject({ ok: true, page: { access: 'tasks.read' } });
  });

  it('refuses a descriptor that would change a route page’s rule', () => {
    const check = checkPage(result('task-center', { access: 'profile.edit' }), apiRoutes);
    expect(check).toEqual({ ok: false, errors: [{ path: 'access', message: 'page.accessMismatch' }] });
  });

  it('needs a page outside the route table to name its own rule', () => {
    expect(checkPage(result('new-page'), apiRoutes)).toEqual({
      ok: false,
      errors: [{ path: 'access', message: 'page.accessRequired' }],
    });
    expect(checkPage(result('new-page', { access: 'lawyer.cases' }), apiRoutes).ok).toBe(true);
  });

  it('refuses a rule the table does not have', () => {
    const check = checkPage(result('new-page', { access: 'cases.fly' }), apiRoutes);
    expect(check).toMatchObject({ ok: false, errors: [{ path: 'access' }] });
  });
});
