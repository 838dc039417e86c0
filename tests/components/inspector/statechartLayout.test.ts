import { describe, expect, it } from 'vitest';
import { authMachine } from '../../../machines/authMachine';
import { caseStatusMachine } from '../../../machines/caseStatusMachine';
import { guardMachine } from '../../../machines/guardMachine';
import { MACHINES } from '../../../machines/index';
import { activeStateIds, layoutStatechart, type StateBox } from '../../../src/inspector/statechartLayout';

const inside = (inner: StateBox, outer: StateBox) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

const overlap = (a: StateBox, b: StateBox) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('statechart layout', () => {
  it.each(MACHINES.map((entry) => [entry.id, entry.machine] as const))(
    'draws every state of %s inside its parent, siblings apart, within the picture',
    (_, machine) => {
      const layout = layoutStatechart(machine);
      const byId = new Map(layout.states.map((s) => [s.id, s]));
      for (const state of layout.states) {
        expect(state.x + state.width).toBeLessThanOrEqual(layout.width);
        expect(state.y + state.height).toBeLessThanOrEqual(layout.height);
        const parentId = state.id.split('.').slice(0, -1).join('.');
        if (parentId) expect(inside(state, byId.get(parentId)!)).toBe(true);
        for (const other of layout.states) {
          const siblings = other !== state && other.id.split('.').slice(0, -1).join('.') === parentId;
          if (siblings) expect(overlap(state, other)).toBe(false);
        }
      }
    },
  );

  it('draws nested states as boxes in their parent', () => {
    const ids = layoutStatechart(authMachine).states.map((s) => s.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'auth',
        'auth.anonymous',
        'auth.authenticated',
        'auth.authenticated.loadingUserInfo',
        'auth.authenticated.ready',
        'auth.loggingOut',
      ]),
    );
  });

  it('labels arrows with event names, guards, invoked actors and eventless transitions', () => {
    const arrows = layoutStatechart(authMachine).arrows;
    const labelsFrom = (source: string, target: string) =>
      arrows.find((a) => a.source === source && a.target === target)?.labels ?? [];
    expect(labelsFrom('auth.anonymous', 'auth.loggingIn')).toEqual(['LOGIN']);
    expect(labelsFrom('auth.loggingIn', 'auth.authenticated')).toEqual(['login done']);
    expect(labelsFrom('auth.authenticated.ready', 'auth.authenticated.switchingRole')).toEqual([
      'SWITCH_ROLE [holdsRequestedRole]',
    ]);
    expect(labelsFrom('auth.restoringSession', 'auth.authenticated')).toEqual(['always [hasToken]']);
  });

  it('puts transitions between the same two states on one arrow', () => {
    const arrows = layoutStatechart(caseStatusMachine).arrows;
    const intoProcessing = arrows.filter(
      (a) => a.source === 'caseStatus.pending.pool' && a.target === 'caseStatus.processing',
    );
    expect(intoProcessing).toHaveLength(1);
    expect(intoProcessing[0].labels).toEqual(['TAKE [mayTake]', 'ASSIGN [mayAssign]']);
  });

  it('lets a flow read top to bottom', () => {
    const states = new Map(layoutStatechart(guardMachine).states.map((s) => [s.id, s]));
    const y = (id: string) => states.get(`guard.${id}`)!.y;
    expect(y('checkingPublicPath')).toBeLessThan(y('checkingToken'));
    expect(y('checkingToken')).toBeLessThan(y('checkingRole'));
    expect(y('checkingRole')).toBeLessThan(y('checkingPermission'));
    expect(y('checkingPermission')).toBeLessThan(y('redirectingToFirstPermittedRoute'));
  });

  it('finds the state nodes of a state value', () => {
    expect(activeStateIds(authMachine, { authenticated: 'ready' })).toEqual(
      new Set(['auth.authenticated', 'auth.authenticated.ready']),
    );
    expect(activeStateIds(authMachine, 'anonymous')).toEqual(new Set(['auth.anonymous']));
    expect(activeStateIds(authMachine, null).size).toBe(0);
  });
});
