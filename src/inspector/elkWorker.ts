import ELK from 'elkjs/lib/elk-api.js';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import type { AnyStateMachine } from 'xstate';
import {
  type ElkEngine,
  estimateText,
  layoutStatechart,
  type StatechartLayout,
  type TextMeasure,
} from './elkLayout';
import { statechartGraph } from './statechartGraph';

/**
 * ELK in its web worker: the worker script is a file of the app that Vite emits as it is
 * (`?url`), started with `new Worker(url)`, which the CSP allows (`worker-src 'self'`; no
 * blob:). The 1.6 MB worker loads the first time the inspector draws a chart.
 */

let engine: ElkEngine | null = null;
const appEngine = (): ElkEngine => {
  engine ??= new ELK({ workerFactory: () => new Worker(elkWorkerUrl) });
  return engine;
};

/** Text widths as the browser draws them (a canvas in the SVG's fonts), else an estimate. */
const measureText = (): TextMeasure => {
  const context =
    typeof document === 'undefined' ? null : document.createElement('canvas').getContext?.('2d');
  if (!context) return estimateText;
  return (text, font) => {
    context.font = `${font.size}px ${font.family}`;
    return context.measureText(text).width;
  };
};

const layouts = new WeakMap<AnyStateMachine, Promise<StatechartLayout>>();

/** The machine's statechart laid out (once per machine). */
export function layoutMachine(
  machine: AnyStateMachine,
  elk: ElkEngine = appEngine(),
): Promise<StatechartLayout> {
  let layout = layouts.get(machine);
  if (!layout) {
    layout = layoutStatechart(statechartGraph(machine), elk, measureText());
    layout.catch(() => layouts.delete(machine));
    layouts.set(machine, layout);
  }
  return layout;
}
