/**
 * The app's one "something changed" signal, so that lists and records on screen show a change
 * without the ↻ icon (issue 18). It is raised
 * - after every change a screen makes through the registry (`createRegistryEnv`'s non-GET
 *   requests) or by hand (`announceDataChange()` from a hand-written page's decision), and
 * - when a live message arrives (navbar/MessageBox.tsx): another person's decision reaches this
 *   user as a message (a letter passed or sent back, a case pushed), so what they see is read again.
 * Table and detail pages listen through the registry environment's `onDataChanged`; open tabs
 * kept alive in the background read again too, so they are current when shown.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export function announceDataChange(): void {
  for (const listener of [...listeners]) listener();
}

/** Calls `listener` on every change; returns the function that stops it. */
export function onDataChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
