/**
 * What G2Plot needs to load under happy-dom: a canvas 2D context (vitest-canvas-mock) and a
 * `Worker` constructor (its layout code probes for one). Import from any test that mounts a
 * real chart. Candidate for tests/setup-dom.ts once other areas draw charts too.
 */
import 'vitest-canvas-mock';

if (typeof globalThis.Worker === 'undefined') {
  class WorkerStub {
    onmessage: ((event: MessageEvent) => void) | null = null;
    postMessage(): void {}
    terminate(): void {}
    addEventListener(): void {}
    removeEventListener(): void {}
  }
  globalThis.Worker = WorkerStub as unknown as typeof Worker;
}
