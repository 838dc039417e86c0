import type { Message } from '../contract/notifications';

/** One server-sent event as received: its fields, or the text of a comment line. */
export type StreamEvent = { id?: string; event?: string; data?: string; comment?: string };

/**
 * A reader of one live message stream (GET /api/notifications/stream) already answered: every
 * event received so far, and a way to wait for one. Used by the API tests (one process) and by
 * the multi-process tests (a stream held by another process).
 */
export function readStream(res: Response, controller: AbortController) {
  const events: StreamEvent[] = [];
  const waiters: Array<() => void> = [];
  const state = { ended: false };
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            events.push(parseBlock(buffer.slice(0, cut)));
            buffer = buffer.slice(cut + 2);
            wake();
            cut = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // aborted by close()
      }
      state.ended = true;
      wake();
    })();
  } else {
    state.ended = true;
  }
  return {
    res,
    events,
    get ended() {
      return state.ended;
    },
    /** The server said the stream listens (its first event). */
    get ready() {
      return events.some((e) => e.event === 'ready');
    },
    messages: () =>
      events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data ?? '{}') as Message),
    /** Resolves once `done()` holds (checked after each event), or fails when the stream ends first. */
    async until(done: () => boolean): Promise<void> {
      while (!done()) {
        if (state.ended) throw new Error(`stream ended; events so far: ${JSON.stringify(events)}`);
        await new Promise<void>((w) => waiters.push(w));
      }
    },
    close: () => controller.abort(),
  };
}

/** One block between blank lines: `field: value` lines, or a `:comment`. */
function parseBlock(block: string): StreamEvent {
  const event: StreamEvent = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) event.comment = line.slice(1).trim();
    else {
      const colon = line.indexOf(':');
      event[line.slice(0, colon) as 'id' | 'event' | 'data'] = line.slice(colon + 1).trimStart();
    }
  }
  return event;
}
