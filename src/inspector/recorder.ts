import type { AnyActorRef, InspectionEvent } from 'xstate';

/**
 * The part of the machine inspector in the app's start-up path, kept tiny: every actor the
 * app creates passes `inspect`, which only remembers the actors still running. Nothing is
 * recorded until the inspector opens (`startCapture`), or from load with `?inspect=1` (the
 * events until then are kept, at most MAX_BUFFERED). The inspector and its layout are their own
 * chunks, loaded by /dev/machines.
 */

const MAX_BUFFERED = 500;
const running = new Map<string, AnyActorRef>();
let sink: ((event: InspectionEvent) => void) | null = null;
let buffered: InspectionEvent[] | null =
  typeof location !== 'undefined' && new URLSearchParams(location.search).get('inspect') === '1' ? [] : null;

export function inspect(event: InspectionEvent): void {
  const ref = event.actorRef as AnyActorRef;
  if (event.type === '@xstate.actor') running.set(ref.sessionId, ref);
  else if (event.type === '@xstate.snapshot' && (event.snapshot as { status?: string }).status !== 'active')
    running.delete(ref.sessionId);
  if (sink) sink(event);
  else if (buffered && buffered.push(event) > MAX_BUFFERED) buffered.shift();
}

/** Whether events are being kept: the inspector is open, or the app was loaded with `?inspect=1`. */
export const isCapturing = (): boolean => sink !== null || buffered !== null;

/** The actors running now (the inspector shows their current state when it opens). */
export const runningActors = (): AnyActorRef[] => [...running.values()];

/**
 * Sends every event from now on to `listener`, after the ones kept since load. Capture stays
 * on for the rest of the session, so reopening the inspector misses nothing.
 */
export function startCapture(listener: (event: InspectionEvent) => void): void {
  const kept = buffered ?? [];
  buffered = null;
  sink = listener;
  for (const event of kept) listener(event);
}
