import type { Clock } from '../server/context';

/** A clock tests can move forward, and stop where it is. */
export class TestClock implements Clock {
  private offset = 0;
  private stoppedAt: number | null = null;
  now() {
    return new Date(this.stoppedAt ?? Date.now() + this.offset);
  }
  advance(ms: number) {
    if (this.stoppedAt === null) this.offset += ms;
    else this.stoppedAt += ms;
  }
  /** From now on only `advance` moves time, so waits in answers ("try again in N s") are exact. */
  stop() {
    this.stoppedAt = this.now().getTime();
  }
}
