import type { Kysely } from 'kysely';
import type { Presence, PresentEditor } from '../../contract/presence';
import type { Database } from '../db/schema';
import type { Caller } from '../http/route';
import { messageBus } from '../notifications/bus';

/** How often an open editor says it is still there. */
export const HEARTBEAT_SECONDS = 15;
/** An editor not heard from for this long has left (three heartbeats missed: a closed tab, a lost network). */
export const PRESENCE_SECONDS = HEARTBEAT_SECONDS * 3;

/** What is being edited: a page by id or a role's menu (`page:case-list`, `menu:lawyer`). */
export type PresenceTarget = `page:${string}` | `menu:${string}`;

const oldestAlive = (now: Date) => new Date(now.getTime() - PRESENCE_SECONDS * 1000).toISOString();

/** Everyone with the target open now (each person once, first arrived first), the caller left out. */
async function editorsOn(
  db: Kysely<Database>,
  target: PresenceTarget,
  now: Date,
  except: number,
): Promise<PresentEditor[]> {
  const rows = await db
    .selectFrom('editing_presence as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['u.id', 'u.name', 'u.avatar', 'p.seen_at'])
    .where('p.target', '=', target)
    .where('p.seen_at', '>=', oldestAlive(now))
    .where('p.user_id', '<>', except)
    .orderBy('p.seen_at', 'asc')
    .orderBy('u.id', 'asc')
    .execute();
  const seen = new Map<number, PresentEditor>();
  for (const r of rows) if (!seen.has(r.id)) seen.set(r.id, { id: r.id, name: r.name, avatar: r.avatar });
  return [...seen.values()];
}

/** Tells the other editors' streams that who is there changed (a hint: they read the list again). */
function tellOthers(others: readonly PresentEditor[]): void {
  if (others.length) messageBus('presence').publish(others.map((e) => e.id));
}

const answer = (editors: PresentEditor[]): Presence => ({ editors, heartbeatSeconds: HEARTBEAT_SECONDS });

/**
 * The heartbeat of an open editor: the caller's session is on the target as of `now`. Rows
 * whose heartbeat stopped are cleared on the way; the others hear of a newcomer (or of one
 * back after dropping out), not of every heartbeat.
 */
export async function arrive(
  db: Kysely<Database>,
  caller: Caller,
  target: PresenceTarget,
  now: Date,
): Promise<Presence> {
  await db
    .deleteFrom('editing_presence')
    .where('target', '=', target)
    .where('seen_at', '<', oldestAlive(now))
    .execute();
  const mine = await db
    .selectFrom('editing_presence')
    .select('session_id')
    .where('target', '=', target)
    .where('user_id', '=', caller.userId)
    .execute();
  const seenAt = now.toISOString();
  await db
    .insertInto('editing_presence')
    .values({ target, session_id: caller.sessionId, user_id: caller.userId, seen_at: seenAt })
    .onConflict((oc) =>
      oc.columns(['target', 'session_id']).doUpdateSet({ user_id: caller.userId, seen_at: seenAt }),
    )
    .execute();
  const others = await editorsOn(db, target, now, caller.userId);
  if (mine.length === 0) tellOthers(others);
  return answer(others);
}

/** The editor closed: the caller's session leaves the target; the others hear when the person is gone. */
export async function leave(
  db: Kysely<Database>,
  caller: Caller,
  target: PresenceTarget,
  now: Date,
): Promise<Presence> {
  const left = await db
    .deleteFrom('editing_presence')
    .where('target', '=', target)
    .where('session_id', '=', caller.sessionId)
    .executeTakeFirst();
  const still = await db
    .selectFrom('editing_presence')
    .select('session_id')
    .where('target', '=', target)
    .where('user_id', '=', caller.userId)
    .where('seen_at', '>=', oldestAlive(now))
    .executeTakeFirst();
  const others = await editorsOn(db, target, now, caller.userId);
  if (Number(left.numDeletedRows) > 0 && !still) tellOthers(others);
  return answer(others);
}

/** Who else has the target open now (what an editor reads on a `presence` event). */
export async function present(
  db: Kysely<Database>,
  caller: Caller,
  target: PresenceTarget,
  now: Date,
): Promise<Presence> {
  return answer(await editorsOn(db, target, now, caller.userId));
}
