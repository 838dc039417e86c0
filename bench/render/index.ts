import os from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { percentile } from '../load';
import { buildBenchPage, serveBenchPage } from './bench-page';
import { mainThreadCpuPerRun } from './main-thread-cpu';
import { RENDER_MODES, type RenderMode, type RenderTiming } from './page-api';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // `gc()` between runs, so one run's garbage is not collected in the middle of the next.
  '--js-flags=--expose-gc',
];

const LABELS: Record<RenderMode, string> = {
  descriptor: 'A  descriptor, like for like',
  descriptorShipped: 'A+ descriptor, as shipped',
  handWritten: 'B  hand-written Arco Table',
  handWrittenFetching: "B' hand-written, loading like A",
};

export interface ModeFigures {
  /** Milliseconds from `root.render()` to the 100th row painted. */
  median: number;
  p90: number;
  /** The renderer main thread's CPU milliseconds over the same span, median. */
  cpuMedian: number;
  /** Milliseconds to the 100th row in the DOM (React's commit), median. */
  rowsMedian: number;
  domUpdates: number;
}

export interface RenderFigures {
  machine: string;
  chromium: string;
  runs: number;
  /** The machine's 1-minute load average when the runs ended: read the wall times with it. */
  load: number;
  modes: Record<RenderMode, ModeFigures>;
  /** A/B like for like by the medians (the target: at most 1.1), of wall and of CPU time. */
  ratio: number;
  cpuRatio: number;
  /** The median of A/B within each round (A and B run back to back): steadier on a busy machine. */
  pairedRatio: number;
  shippedRatio: number;
  shippedCpuRatio: number;
}

type Measured = RenderTiming & { cpu: number };

async function runOnce(page: Page, mode: RenderMode): Promise<RenderTiming> {
  const timing = await page.evaluate((m) => window.renderBench!.run(m), mode);
  // Settle: collect the unmounted page's garbage and let two frames pass before the next mount.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        (globalThis as { gc?: () => void }).gc?.();
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
  return timing;
}

function figuresOf(runs: Measured[]): ModeFigures {
  const of = (pick: (run: Measured) => number, p = 50) => percentile(runs.map(pick), p);
  return {
    median: of((run) => run.painted),
    p90: of((run) => run.painted, 90),
    cpuMedian: of((run) => run.cpu),
    rowsMedian: of((run) => run.rows),
    domUpdates: of((run) => run.domUpdates),
  };
}

const ms = (n: number) => (Number.isNaN(n) ? '?' : n.toFixed(1));
const times = (n: number) => `${Number.isNaN(n) ? '?' : n.toFixed(2)}x`;

/**
 * The render bench: the case list's table page drawn from its descriptor next to the same
 * table written by hand with Arco, 100 rows each, in Chromium, in the same run. Builds its own
 * page into .tmp/bench-render and serves it itself: no database, no API server. Prints the
 * figures; asserts nothing.
 */
export async function benchRender(
  say: (msg: string) => void,
  { runs = 30, warmups = 5 }: { runs?: number; warmups?: number } = {},
): Promise<RenderFigures> {
  await buildBenchPage();
  const server = await serveBenchPage();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (error) => say(`render bench page error: ${error.message}`));
    await page.goto(server.url);
    await page.waitForFunction(() => window.renderBench !== undefined);

    // The lazy chunks (the table renderer, filter inputs, row actions) load here, and the JIT warms up.
    for (let i = 0; i < warmups; i++) for (const mode of RENDER_MODES) await runOnce(page, mode);

    const order: RenderMode[] = [];
    const timings: RenderTiming[] = [];
    await browser.startTracing(page, { categories: ['blink.user_timing'] });
    for (let round = 0; round < runs; round++) {
      // Alternate, each mode first in turn, so no mode always follows the same one.
      for (let i = 0; i < RENDER_MODES.length; i++) {
        const mode = RENDER_MODES[(round + i) % RENDER_MODES.length];
        order.push(mode);
        timings.push(await runOnce(page, mode));
      }
    }
    const cpu = mainThreadCpuPerRun(await browser.stopTracing());
    // A mark missing from the trace would shift every later run's CPU time: then show none.
    if (cpu.length !== order.length) cpu.length = 0;

    const measured = Object.fromEntries(RENDER_MODES.map((mode) => [mode, [] as Measured[]])) as Record<
      RenderMode,
      Measured[]
    >;
    order.forEach((mode, i) => {
      measured[mode].push({ ...timings[i], cpu: cpu[i] ?? Number.NaN });
    });
    const modes = Object.fromEntries(RENDER_MODES.map((mode) => [mode, figuresOf(measured[mode])])) as Record<
      RenderMode,
      ModeFigures
    >;
    const figures: RenderFigures = {
      machine: `${os.cpus()[0]?.model ?? 'unknown cpu'} × ${os.cpus().length}`,
      chromium: browser.version(),
      runs,
      load: os.loadavg()[0],
      modes,
      ratio: modes.descriptor.median / modes.handWritten.median,
      cpuRatio: modes.descriptor.cpuMedian / modes.handWritten.cpuMedian,
      pairedRatio: percentile(
        measured.descriptor.map((run, round) => run.painted / measured.handWritten[round].painted),
        50,
      ),
      shippedRatio: modes.descriptorShipped.median / modes.handWritten.median,
      shippedCpuRatio: modes.descriptorShipped.cpuMedian / modes.handWritten.cpuMedian,
    };

    say(
      `\n## table render (100 rows; Chromium ${figures.chromium}, ${figures.machine}, load average ${figures.load.toFixed(1)}; ${runs} alternating runs of each after ${warmups} warm-ups)`,
    );
    say(
      "ms from render() to the 100th row painted: median / p90, and the main thread's CPU (median); then the 100th row in the DOM (median) and the DOM updates until then",
    );
    for (const mode of RENDER_MODES) {
      const m = modes[mode];
      say(
        `${LABELS[mode].padEnd(33)} ${ms(m.median)} / ${ms(m.p90)}, CPU ${ms(m.cpuMedian)}; in the DOM ${ms(m.rowsMedian)}, ${m.domUpdates} update${m.domUpdates === 1 ? '' : 's'}`,
      );
    }
    say(
      `A/B like for like: ${times(figures.ratio)} (${times(figures.pairedRatio)} by round), CPU ${times(figures.cpuRatio)}; target at most 1.1x`,
    );
    say(
      `A+/B as shipped (filters, toolbar, row selection, row actions): ${times(figures.shippedRatio)}, CPU ${times(figures.shippedCpuRatio)}`,
    );
    return figures;
  } finally {
    await browser.close();
    await server.close();
  }
}
