import type { Message } from '../../../contract/notifications';
import { apiPost } from '../../api/request';
import { currentLocale } from '../../i18n';

/** Longest wait between two attempts to reopen the stream. */
const MAX_BACKOFF_MS = 30_000;

/**
 * The stream's `presence` events (someone opened or left an editor this user has open): the
 * editors listen here (versions/use-editing-presence.ts) and read who is there again.
 */
export const presenceSignals = new EventTarget();

export interface MessageStreamOptions {
  /** The newest message id the caller already has (from the list), or null for "from now on". */
  after: number | null;
  onMessage: (message: Message) => void;
}

/**
 * Follows the caller's live messages (GET /api/notifications/stream). Each connection needs a
 * fresh one-time ticket (EventSource cannot send the session header), so when the stream
 * breaks this closes it and opens a new one with a new ticket, resuming after the last
 * message id it saw, waiting 1 s, 2 s, 4 s ... up to 30 s between failed attempts (reset once
 * a stream opens). A stream the server replaced by a newer tab's reopens when this tab is
 * looked at again. Returns the function that stops following.
 */
export function followMessages({ after, onMessage }: MessageStreamOptions): () => void {
  let lastId = after;
  let stopped = false;
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const reopenLater = () => {
    if (stopped) return;
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures);
    failures += 1;
    retry = setTimeout(() => void open(), delay);
  };

  // A newer tab of the same user took this stream's place (the server's STREAMS_PER_USER):
  // reopening at once would take another tab's, and the tabs would take turns for ever, so
  // this one waits until it is looked at again.
  let seen: (() => void) | undefined;
  const reopenWhenSeen = () => {
    seen = () => {
      if (document.visibilityState !== 'visible') return;
      forgetSeen();
      void open();
    };
    document.addEventListener('visibilitychange', seen);
    window.addEventListener('focus', seen);
  };
  const forgetSeen = () => {
    if (!seen) return;
    document.removeEventListener('visibilitychange', seen);
    window.removeEventListener('focus', seen);
    seen = undefined;
  };

  const open = async () => {
    let ticket: string;
    try {
      ticket = (await apiPost<{ ticket: string }>('/notifications/ticket', undefined, { silent: true }))
        .ticket;
    } catch {
      reopenLater();
      return;
    }
    if (stopped) return;
    const query = new URLSearchParams({ ticket, lang: currentLocale() });
    if (lastId !== null) query.set('after', String(lastId));
    const stream = new EventSource(`/api/notifications/stream?${query}`);
    source = stream;
    stream.addEventListener('ready', (event) => {
      failures = 0;
      const { after: start } = JSON.parse((event as MessageEvent<string>).data) as { after: number };
      lastId = Math.max(lastId ?? 0, start);
    });
    stream.addEventListener('message', (event) => {
      const message = JSON.parse((event as MessageEvent<string>).data) as Message;
      if (lastId !== null && message.id <= lastId) return;
      lastId = message.id;
      onMessage(message);
    });
    stream.addEventListener('presence', () => presenceSignals.dispatchEvent(new Event('presence')));
    stream.addEventListener('replaced', () => {
      stream.close();
      if (source !== stream) return;
      source = null;
      reopenWhenSeen();
    });
    // EventSource would retry with the same, used-up ticket: close it and open a new one.
    stream.addEventListener('error', () => {
      stream.close();
      if (source !== stream) return;
      source = null;
      reopenLater();
    });
  };

  void open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    forgetSeen();
    source?.close();
    source = null;
  };
}
