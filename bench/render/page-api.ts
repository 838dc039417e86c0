/**
 * What the bench page (main.tsx) offers the driver (index.ts) on `window.renderBench`. The
 * times are milliseconds from just before `root.render()`.
 */
export const RENDER_MODES = [
  'descriptor',
  'descriptorShipped',
  'handWritten',
  'handWrittenFetching',
] as const;
export type RenderMode = (typeof RENDER_MODES)[number];

export interface RenderTiming {
  /** The 100th row in the DOM, committed by React. */
  rows: number;
  /** The frame with the rows painted: after the next animation frame has been rendered. */
  painted: number;
  /** Batches of DOM changes seen until the rows were in: about one per React commit. */
  domUpdates: number;
}

/** performance.mark() names just before `root.render()` and once the rows are painted. */
export const RUN_MARKS = { start: 'render-bench:start', end: 'render-bench:end' } as const;

export interface RenderBenchApi {
  run(mode: RenderMode): Promise<RenderTiming>;
}

declare global {
  interface Window {
    renderBench?: RenderBenchApi;
  }
}
