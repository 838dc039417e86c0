import { RUN_MARKS } from './page-api';

interface TraceEvent {
  cat?: string;
  name?: string;
  ts: number;
  /** Thread time: CPU microseconds of the thread that logged the event. */
  tts?: number;
}

/**
 * The renderer main thread's CPU time (ms) of each run, in run order: the difference of the
 * thread timestamps of its start and end marks (a Chromium trace with the `blink.user_timing`
 * category). Unlike the wall time, it leaves out the time other processes of a busy machine
 * held the core. Empty when the trace has no thread times.
 */
export function mainThreadCpuPerRun(trace: Buffer): number[] {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const marks = events
    .filter((e) => e.cat === 'blink.user_timing' && (e.name === RUN_MARKS.start || e.name === RUN_MARKS.end))
    .sort((a, b) => a.ts - b.ts);
  const cpu: number[] = [];
  for (let i = 0; i + 1 < marks.length; i += 2) {
    const [start, end] = [marks[i], marks[i + 1]];
    if (start.name !== RUN_MARKS.start || end.name !== RUN_MARKS.end)
      throw new Error('render bench: marks out of order');
    if (start.tts === undefined || end.tts === undefined) return [];
    cpu.push((end.tts - start.tts) / 1000);
  }
  return cpu;
}
