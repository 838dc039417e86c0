import type { AnyActorRef, InspectionEvent, StateValue } from 'xstate';
import { runningActors, startCapture } from './recorder';
import { toSafeJson } from './redact';

/**
 * An offline machine inspector built on xstate's own `inspect` option (no network, no
 * stately.ai): pass `inspector.inspect` to `createActor(machine, { inspect })` and it records
 * every actor of that system with its current state, and the last events with their payloads.
 */

export type ActorStatus = 'active' | 'done' | 'error' | 'stopped';

export interface InspectedActor {
  sessionId: string;
  /** The actor's id: its invoke id, or its session id for a root actor. */
  id: string;
  systemId?: string;
  /** The id of the machine it runs (`auth`, `menu`...); none for promise and callback actors. */
  machineId?: string;
  parentSessionId?: string;
  /** The current state value of a machine actor. */
  value: StateValue | null;
  status: ActorStatus;
  updatedAt: number;
}

export interface InspectedEvent {
  seq: number;
  at: number;
  type: string;
  /** The event without its `type`, as JSON, secrets masked. */
  payload: string;
  /** The actor that received it. */
  actorSessionId: string;
  actorLabel: string;
  machineId?: string;
}

export interface InspectorSnapshot {
  actors: readonly InspectedActor[];
  /** Oldest first; at most `maxEvents`. */
  events: readonly InspectedEvent[];
}

export interface Inspector {
  /** Pass to `createActor(machine, { inspect })`. */
  inspect: (event: InspectionEvent) => void;
  subscribe: (listener: (snapshot: InspectorSnapshot) => void) => () => void;
  getSnapshot: () => InspectorSnapshot;
  /**
   * Forwards every inspection event to another inspector (Stately's) from now on; actors
   * already running are announced to it first. Returns the detach function.
   */
  attach: (observer: (event: InspectionEvent) => void) => () => void;
  clear: () => void;
}

export interface InspectorOptions {
  maxEvents?: number;
  /** Finished actors kept for a look after they stop (running ones are always kept). */
  maxFinishedActors?: number;
  now?: () => number;
}

type ActorRefWithLogic = AnyActorRef & { logic?: { id?: unknown }; _parent?: AnyActorRef; systemId?: string };

function machineIdOf(ref: ActorRefWithLogic): string | undefined {
  // State machines carry their id on the logic; promise and callback logic have none.
  const id = ref.logic?.id;
  return typeof id === 'string' ? id : undefined;
}

function labelOf(actor: InspectedActor | undefined, fallback: string): string {
  return actor?.systemId ?? actor?.machineId ?? actor?.id ?? fallback;
}

export function createInspector(options: InspectorOptions = {}): Inspector {
  const maxEvents = options.maxEvents ?? 100;
  const maxFinishedActors = options.maxFinishedActors ?? 20;
  const now = options.now ?? Date.now;

  const actors = new Map<string, InspectedActor>();
  /** The registration of each actor still known, replayed to an inspector attached later. */
  const registrations = new Map<string, InspectionEvent>();
  let events: InspectedEvent[] = [];
  let seq = 0;
  const listeners = new Set<(snapshot: InspectorSnapshot) => void>();
  const forwards = new Set<(event: InspectionEvent) => void>();

  let snapshot: InspectorSnapshot = { actors: [], events: [] };
  let notifyQueued = false;

  // Many inspection events arrive per machine step: listeners hear about them once.
  function changed() {
    if (notifyQueued) return;
    notifyQueued = true;
    queueMicrotask(() => {
      notifyQueued = false;
      snapshot = { actors: [...actors.values()], events };
      for (const listener of listeners) listener(snapshot);
    });
  }

  function pruneFinished() {
    const finished = [...actors.values()].filter((a) => a.status !== 'active');
    for (const actor of finished.slice(0, Math.max(0, finished.length - maxFinishedActors))) {
      actors.delete(actor.sessionId);
      registrations.delete(actor.sessionId);
    }
  }

  function record(event: InspectionEvent) {
    const ref = event.actorRef as ActorRefWithLogic;
    const sessionId = ref.sessionId;
    const known = actors.get(sessionId);

    if (event.type === '@xstate.actor') {
      registrations.set(sessionId, event);
      actors.set(sessionId, {
        sessionId,
        id: ref.id,
        systemId: ref.systemId,
        machineId: machineIdOf(ref),
        parentSessionId: ref._parent?.sessionId,
        value: null,
        status: 'active',
        updatedAt: now(),
      });
      changed();
    } else if (event.type === '@xstate.snapshot') {
      const state = event.snapshot as { status: ActorStatus; value?: StateValue };
      actors.set(sessionId, {
        ...(known ?? { sessionId, id: ref.id, machineId: machineIdOf(ref) }),
        // The system id is registered after the actor itself.
        systemId: ref.systemId ?? known?.systemId,
        value: state.value ?? null,
        status: state.status,
        updatedAt: now(),
      });
      if (state.status !== 'active') pruneFinished();
      changed();
    } else if (event.type === '@xstate.event') {
      const { type, ...payload } = event.event;
      seq += 1;
      events = [
        ...events.slice(Math.max(0, events.length - maxEvents + 1)),
        {
          seq,
          at: now(),
          type,
          payload: toSafeJson(payload),
          actorSessionId: sessionId,
          actorLabel: labelOf(known, ref.id),
          machineId: known?.machineId ?? machineIdOf(ref),
        },
      ];
      changed();
    }
  }

  return {
    inspect(event) {
      record(event);
      for (const forward of forwards) forward(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    attach(observer) {
      for (const [sessionId, registration] of registrations) {
        if (actors.get(sessionId)?.status === 'active') observer(registration);
      }
      forwards.add(observer);
      return () => forwards.delete(observer);
    },
    clear() {
      for (const [sessionId, actor] of actors) {
        if (actor.status !== 'active') {
          actors.delete(sessionId);
          registrations.delete(sessionId);
        }
      }
      events = [];
      changed();
    },
  };
}

/** The app's inspector, fed by the start-up recorder (recorder.ts) once `connectAppInspector` runs. */
export const inspector = createInspector();

let connected = false;

/**
 * Starts capturing the app's actors into the app's inspector (once per session): the events
 * kept since load with `?inspect=1`, then every actor running now with its current state,
 * then every event as it happens.
 */
export function connectAppInspector(): Inspector {
  if (connected) return inspector;
  connected = true;
  startCapture(inspector.inspect);
  for (const actorRef of runningActors()) {
    const base = { actorRef, rootId: actorRef.sessionId };
    inspector.inspect({ ...base, type: '@xstate.actor' } as InspectionEvent);
    inspector.inspect({
      ...base,
      type: '@xstate.snapshot',
      snapshot: actorRef.getSnapshot(),
      event: { type: 'xstate.inspector.opened' },
    } as InspectionEvent);
  }
  return inspector;
}
