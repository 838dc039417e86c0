import type { AnyTransitionDefinition } from 'xstate';

/** How a transition is written on its arrow. */
/** `login done`, `always`, `SWITCH_ROLE [holdsRequestedRole]`. */
export function transitionLabel(transition: AnyTransitionDefinition): string {
  const type = String(transition.eventType);
  let event = type;
  const invoked = (kind: 'done' | 'error') => {
    const id = type.slice(`xstate.${kind}.actor.`.length);
    const invoke = transition.source.invoke.find((i) => i.id === id);
    const src = typeof invoke?.src === 'string' ? invoke.src : id;
    return `${src} ${kind}`;
  };
  if (type === '') event = 'always';
  else if (type.startsWith('xstate.done.actor.')) event = invoked('done');
  else if (type.startsWith('xstate.error.actor.')) event = invoked('error');
  else if (type.startsWith('xstate.done.state.')) event = 'done';
  else if (type.startsWith('xstate.after.')) event = `after ${type.split('.')[2]}`;
  const guard = guardName(transition.guard);
  return guard ? `${event} [${guard}]` : event;
}

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') {
    // xstate's and()/or()/not() keep their parts on the function.
    const parts = (guard as { guards?: unknown[] }).guards;
    if (Array.isArray(parts)) {
      const joiner = guard.name === 'or' ? ' || ' : ' && ';
      const names = parts.map(guardName).join(joiner);
      return guard.name === 'not' ? `!${names}` : names;
    }
    return guard.name || 'guard';
  }
  return 'guard';
}
