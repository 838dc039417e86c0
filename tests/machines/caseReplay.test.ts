import { describe, expect, it } from 'vitest';
import { REPLAY_START, replayCase, replayStep, replaysTo, stateOfName } from '../../machines/caseReplay';

const types = (...list: string[]) => list.map((type) => ({ type }));

describe('replaying a case history through the case machine', () => {
  it('starts where every new case starts: awaiting review', () => {
    expect(REPLAY_START).toBe('pending.awaitingReview');
  });

  it('follows each event to the state the machine leads it to', () => {
    const replay = replayCase(types('APPROVE', 'PUSH', 'ACCEPT', 'ASSIGN', 'SUSPEND', 'RESUME', 'CLOSE'), {
      status: 'closed',
      position: null,
    });
    expect(replay.steps.map((s) => s.to)).toEqual([
      'pending.pool',
      'pending.pushed',
      'pending.accepted',
      'processing',
      'suspended',
      'processing',
      'closed',
    ]);
    expect(replay.steps[0].from).toBe('pending.awaitingReview');
    expect(replay.matches).toBe(true);
  });

  it("follows the machine's transitions, not today's access rules", () => {
    // A person released a case in a lawyer's hands; the system could not, yet replay passes every guard.
    expect(replayStep('processing', 'RELEASE')).toBe('pending.pool');
    expect(
      replayCase(types('APPROVE', 'TAKE', 'RELEASE'), { status: 'pending', position: 'pool' }).matches,
    ).toBe(true);
  });

  it('flags a history that leads elsewhere than the stored state', () => {
    const replay = replayCase(types('APPROVE'), { status: 'processing', position: null });
    expect(replay).toMatchObject({ final: 'pending.pool', stored: 'processing', matches: false });
    expect(replaysTo(['APPROVE'], 'processing')).toBe(false);
  });

  it('flags an event the machine has no transition for where the case stood', () => {
    const replay = replayCase(types('TAKE'), { status: 'pending', position: 'awaitingReview' });
    expect(replay.steps[0]).toMatchObject({
      refused: true,
      from: 'pending.awaitingReview',
      to: 'pending.awaitingReview',
    });
    expect(replay.matches).toBe(false);
    expect(replaysTo(['TAKE'], 'pending.awaitingReview')).toBe(false);
    expect(replayStep('closed', 'NOT_AN_EVENT')).toBeNull();
  });

  it('reads state names as the audit writes them', () => {
    expect(stateOfName('pending.returned')).toEqual({ status: 'pending', position: 'returned' });
    expect(stateOfName('suspended')).toEqual({ status: 'suspended', position: null });
    expect(stateOfName('pending.nowhere')).toBeNull();
    expect(stateOfName('closed.pool')).toBeNull();
  });

  it('takes an old pending row without a position as in the pool', () => {
    expect(replayCase(types('APPROVE'), { status: 'pending', position: null }).matches).toBe(true);
  });
});
