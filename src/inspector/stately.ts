import type { AnyEventObject, MachineContext } from 'xstate';
import { inspector as appInspector, type Inspector } from './inspector';
import { redact } from './redact';

/**
 * Opt-in forwarding of the app's actors to Stately's inspector. It opens the stately.ai
 * site, so it needs internet and is loaded only when a developer turns it on (STACK.md
 * trap 5); the offline inspector keeps working either way. Secrets are masked before
 * anything leaves the browser.
 */

let detach: (() => void) | null = null;
let stopStately: (() => void) | null = null;
let starting: Promise<void> | null = null;

export function isStatelyInspectorEnabled(): boolean {
  return detach !== null;
}

export function enableStatelyInspector(target: Inspector = appInspector): Promise<void> {
  if (detach) return Promise.resolve();
  starting ??= import('@statelyai/inspect')
    .then(({ createBrowserInspector }) => {
      const stately = createBrowserInspector({
        sanitizeContext: (context) => redact(context) as MachineContext,
        sanitizeEvent: (event) => redact(event) as AnyEventObject,
      });
      stopStately = () => stately.stop();
      detach = target.attach((event) => stately.inspect.next?.(event));
    })
    .finally(() => {
      starting = null;
    });
  return starting;
}

export function disableStatelyInspector(): void {
  detach?.();
  stopStately?.();
  detach = null;
  stopStately = null;
}
