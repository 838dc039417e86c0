import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LANGUAGES, type Language } from '../../contract/messages';
import { wholeNumber } from '../../contract/paging';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import type { Caller } from '../http/route';
import { messageBus } from './bus';
import { SHOWN_COLUMNS, shownMessage } from './shown';

export const streamQuerySchema = z.object({
  ticket: z.string().min(1).max(100),
  /** Resume after this message id (what EventSource's Last-Event-ID says, for clients that reopen by hand). */
  after: wholeNumber().optional(),
  /** The reader's language; EventSource sends the browser's Accept-Language, not the app's. */
  lang: z.enum(LANGUAGES).optional(),
});
type StreamQuery = z.infer<typeof streamQuerySchema>;

/** Messages read from the database at a time while catching up. */
const BATCH = 100;

/** Why a stream ends: the client left or the session ended (`gone`), or a newer stream of the same user took its place. */
type EndStream = (why?: 'gone' | 'replaced') => void;

/**
 * How to end each open stream, per app and user, oldest first: closing the server (tests,
 * SIGTERM) ends them all, and a user's stream past STREAMS_PER_USER ends their oldest.
 */
const openStreams = new WeakMap<AppContext, Map<number, Set<EndStream>>>();

/** Ends every open stream of the app; called before the server closes (app.ts). */
export function closeStreams(app: AppContext): void {
  for (const streams of openStreams.get(app)?.values() ?? []) for (const end of streams) end();
}

/** How many streams the user holds open in this process. */
export function openStreamCount(app: AppContext, userId: number): number {
  return openStreams.get(app)?.get(userId)?.size ?? 0;
}

/** The user's open streams in this process (oldest first), made when the first opens. */
function streamsOf(app: AppContext, userId: number): Set<EndStream> {
  const byUser = openStreams.get(app) ?? new Map<number, Set<EndStream>>();
  openStreams.set(app, byUser);
  const streams = byUser.get(userId) ?? new Set<EndStream>();
  byUser.set(userId, streams);
  return streams;
}

function resumePoint(request: FastifyRequest, query: StreamQuery): number | null {
  const header = request.headers['last-event-id'];
  if (typeof header === 'string' && header !== '') {
    if (!/^\d{1,15}$/.test(header))
      throw fail.validation([{ path: 'Last-Event-ID', message: 'a message id' }]);
    return Number(header);
  }
  return query.after ?? null;
}

/**
 * Server-sent events of the caller's messages. On connect: a `ready` event naming the resume
 * point (Last-Event-ID, else ?after=; neither: only messages from now on), every message
 * after it, then each new one as the bus signals it; a `presence` event (no id) when someone
 * opens or leaves an editor the caller has open. Every message's `id:` is the message id, and each read takes the rows
 * after the last id sent, so a reconnect neither loses nor repeats one. A comment line every
 * NOTIFY_HEARTBEAT_SECONDS keeps proxies from closing the connection; with it the stream
 * reads again (a missed signal, another process's message) and ends when the session does.
 */
export async function openStream(
  app: AppContext,
  caller: Caller,
  query: StreamQuery,
  request: FastifyRequest,
  reply: FastifyReply,
  requestLang: Language,
): Promise<void> {
  const lang = query.lang ?? requestLang;
  let lastId = resumePoint(request, query);
  if (lastId === null) {
    const newest = await app.db
      .selectFrom('messages')
      .where('user_id', '=', caller.userId)
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    lastId = Number(newest?.id ?? 0);
  }

  reply.hijack();
  const raw = reply.raw;
  // The security headers the first hook set on the reply, which hijacking would otherwise drop.
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) raw.setHeader(name, value);
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    // Never stored (every /api answer), never re-encoded by a proxy.
    'cache-control': 'no-store, no-cache, no-transform',
    connection: 'keep-alive',
    // nginx would otherwise hold events back in its buffer.
    'x-accel-buffering': 'no',
  });
  // Where this stream starts: a client that reconnects before any message arrives resumes here.
  raw.write(`event: ready\ndata: ${JSON.stringify({ after: lastId })}\n\n`);

  let closed = false;
  let reading = false;
  let readAgain = false;

  const send = async () => {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      do {
        readAgain = false;
        for (;;) {
          const rows = await app.db
            .selectFrom('messages')
            .select([...SHOWN_COLUMNS])
            .where('user_id', '=', caller.userId)
            .where('id', '>', lastId)
            .orderBy('id', 'asc')
            .limit(BATCH)
            .execute();
          if (closed) return;
          for (const row of rows) {
            raw.write(`id: ${row.id}\nevent: message\ndata: ${JSON.stringify(shownMessage(row, lang))}\n\n`);
            lastId = row.id;
          }
          if (rows.length < BATCH) break;
        }
      } while (readAgain && !closed);
    } catch (err) {
      app.log.warn({ err }, 'message stream read failed');
    } finally {
      reading = false;
    }
  };

  const sessionStillGood = async () => {
    const row = await app.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.revoked_at', 's.expires_at', 'u.enabled'])
      .where('s.id', '=', caller.sessionId)
      .executeTakeFirst();
    return (
      !!row && row.revoked_at === null && row.enabled === 1 && row.expires_at > app.clock.now().toISOString()
    );
  };

  const unsubscribe = messageBus().subscribe(caller.userId, () => void send());
  // Someone opened or left an editor the caller has open (server/presence/): the browser asks who is there.
  const unsubscribePresence = messageBus('presence').subscribe(caller.userId, () => {
    if (!closed) raw.write('event: presence\ndata: {}\n\n');
  });
  const heartbeat = setInterval(async () => {
    if (closed) return;
    raw.write(': heartbeat\n\n');
    if (await sessionStillGood().catch(() => true)) void send();
    else end('gone');
  }, app.config.streamHeartbeatSeconds * 1000);

  const streams = streamsOf(app, caller.userId);
  function end(why: 'gone' | 'replaced' = 'gone') {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    unsubscribePresence();
    streams.delete(end);
    if (streams.size === 0) openStreams.get(app)?.delete(caller.userId);
    // The browser reopens a stream that breaks; told why, it waits until its tab is looked at.
    if (why === 'replaced') raw.write('event: replaced\ndata: {}\n\n');
    raw.end();
  }
  streams.add(end);
  raw.on('close', () => end());
  // A new tab always gets its stream: past the cap, the user's oldest here gives way.
  for (const oldest of streams) {
    if (streams.size <= app.config.streamsPerUser) break;
    oldest('replaced');
  }

  await send();
}
