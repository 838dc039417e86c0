import type { Kysely } from 'kysely';
import { casePlace, SYSTEM } from '../../machines/caseStatusMachine';
import { forgetCaseCounts } from '../cases/count-cache';
import { caseRowsByIds } from '../cases/rows';
import { caseTagged } from '../cases/tagged';
import { decide, storeTransition, TRANSITION_COLUMNS } from '../cases/transitions';
import type { AppContext } from '../context';
import { nextTurn } from '../db/next-turn';
import type { Database } from '../db/schema';
import { serializeOn } from '../db/serialize';
import { afterCommit, transact } from '../notifications/bus';
import { firmContacts, notify, usersHolding } from '../notifications/notify';
import { lapsedFirms, routeAfterLapse } from '../routing/route';
import { ROUTING_LOCK } from '../routing/store';
import { claimAct } from './acts';

/** Pushes one sweep looks at, at most; the next sweep takes the rest. */
const BATCH = 200;
/**
 * A pass that lapses more pushes than this tells operations once (`push.expiredDigest`), each
 * firm that let pushes lapse once (`push.expiredFirmDigest`) and each firm the rules pushed them
 * on to once (`routing.pushed`): the first sweep over old data (the demo after a restart, a
 * million-case copy) lapses hundreds at once, and a message each flooded the bell.
 */
export const PUSH_DIGEST_OVER = 3;

interface Lapse {
  caseNo: string;
  firmId: number;
  firm: string;
  /** The firm the rules pushed the case on to, or null: back in the pool. */
  next: { id: number; name: string } | null;
}

const OPERATIONS_LINK = '/list/push-manage';
const FIRM_LINK = '/form/casefirm';

/** One lapse told on its own: the firm's contact persons and case operations. */
async function tellOne(trx: Kysely<Database>, lapse: Lapse, hours: number, now: Date) {
  const params = { caseNo: lapse.caseNo, firm: lapse.firm, hours };
  await notify(
    trx,
    await firmContacts(trx, lapse.firmId),
    { kind: 'push.expired', params, link: FIRM_LINK, type: 'notice' },
    now,
  );
  await notify(
    trx,
    await usersHolding(trx, 'cases.push:all'),
    lapse.next === null
      ? { kind: 'push.expiredPooled', params, link: OPERATIONS_LINK, type: 'notice' }
      : {
          kind: 'push.expiredRouted',
          params: { ...params, nextFirm: lapse.next.name },
          link: OPERATIONS_LINK,
          type: 'notice',
        },
    now,
  );
}

function byFirm<K>(lapses: Lapse[], key: (l: Lapse) => K | null): Map<K, Lapse[]> {
  const groups = new Map<K, Lapse[]>();
  for (const l of lapses) {
    const k = key(l);
    if (k !== null) groups.set(k, [...(groups.get(k) ?? []), l]);
  }
  return groups;
}

/**
 * The messages of a pass that acted in digest mode, in one transaction after the pass: a few
 * lapses each on its own; more, one message to operations with the counts routed and pooled,
 * one to each firm for its own lapses, one to each firm that received pushes.
 */
async function tellPass(trx: Kysely<Database>, lapses: Lapse[], hours: number, now: Date) {
  for (const [nextId, received] of byFirm(lapses, (l) => l.next?.id ?? null))
    await notify(
      trx,
      await firmContacts(trx, nextId),
      {
        kind: 'routing.pushed',
        params: { count: received.length, caseNo: received[0]?.caseNo ?? '' },
        link: FIRM_LINK,
      },
      now,
    );
  if (lapses.length <= PUSH_DIGEST_OVER) {
    for (const lapse of lapses) await tellOne(trx, lapse, hours, now);
    return;
  }
  const routed = lapses.filter((l) => l.next !== null).length;
  await notify(
    trx,
    await usersHolding(trx, 'cases.push:all'),
    {
      kind: 'push.expiredDigest',
      params: { count: lapses.length, routed, pooled: lapses.length - routed, hours },
      link: OPERATIONS_LINK,
      type: 'notice',
    },
    now,
  );
  for (const [firmId, own] of byFirm(lapses, (l) => l.firmId)) {
    const first = own[0] as Lapse;
    await notify(
      trx,
      await firmContacts(trx, firmId),
      own.length === 1
        ? {
            kind: 'push.expired',
            params: { caseNo: first.caseNo, firm: first.firm, hours },
            link: FIRM_LINK,
            type: 'notice',
          }
        : {
            kind: 'push.expiredFirmDigest',
            params: { count: own.length, caseNo: first.caseNo, firm: first.firm, hours },
            link: FIRM_LINK,
            type: 'notice',
          },
      now,
    );
  }
}

/**
 * Pushes nobody answered within PUSH_ANSWER_HOURS: each is withdrawn by the product (the
 * machine's PUSH_EXPIRED, actor `system`), the firm is stored as having let it lapse, and the
 * case goes to the next firm by the routing rules (never one that let it lapse) or stays in the
 * pool. One transaction per push, holding the routing lock, claimed in `deadline_acts`
 * (push.unanswered, case, push): whichever process sweeps, each push lapses once. A pass of a
 * few pushes tells the firm's contact persons and case operations in each push's transaction;
 * a pass over more than PUSH_DIGEST_OVER tells them once at its end (tellPass): a process that
 * dies between the two loses those messages, never a lapse. Answers how many lapsed.
 */
export async function sweepUnansweredPushes(app: AppContext, now: Date): Promise<number> {
  const hours = app.config.deadlines.pushAnswerHours;
  const cutoff = new Date(now.getTime() - hours * 3_600_000).toISOString();
  const due = await app.db
    .selectFrom('case_pushes as p')
    .innerJoin('cases as c', 'c.id', 'p.case_id')
    .select(['p.id', 'p.case_id', 'p.law_firm_id'])
    .where('p.push_status', '=', 'pushed')
    .where('p.pushed_at', '<=', cutoff)
    .where(caseTagged('awaitingAnswer', 'c'))
    .whereRef('c.law_firm_id', '=', 'p.law_firm_id')
    .orderBy('p.pushed_at')
    .orderBy('p.id')
    .limit(BATCH)
    .execute();
  const digest = due.length > PUSH_DIGEST_OVER;
  const lapses: Lapse[] = [];
  for (const push of due) {
    const lapse = await transact(app.db, async (trx): Promise<Lapse | null> => {
      await serializeOn(trx, ROUTING_LOCK);
      const [row] = await caseRowsByIds(trx, [push.case_id], null);
      const waiting = await trx
        .selectFrom('case_pushes')
        .select('id')
        .where('id', '=', push.id)
        .where('push_status', '=', 'pushed')
        .executeTakeFirst();
      // Answered, withdrawn or pushed elsewhere since it was read: nothing lapsed.
      if (!row || !waiting || row.lawFirmId !== push.law_firm_id || casePlace(row) !== 'pushed') return null;
      if (!(await claimAct(trx, { kind: 'push.unanswered', subject: row.id, occurrence: push.id }, now)))
        return null;
      const system = { actor: SYSTEM, caller: null, requestId: null };
      await storeTransition(
        trx,
        app,
        system,
        row,
        await decide(trx, row, { type: 'PUSH_EXPIRED', actor: SYSTEM }),
      );
      await trx
        .insertInto('push_lapses')
        .values({
          push_id: push.id,
          case_id: row.id,
          law_firm_id: push.law_firm_id,
          lapsed_at: now.toISOString(),
        })
        .execute();
      const [pooled] = await caseRowsByIds(trx, [row.id], null);
      const excluded = (await lapsedFirms(trx, [row.id])).get(row.id) ?? new Set<number>();
      const next = pooled ? await routeAfterLapse(trx, app, pooled, excluded, !digest) : null;
      const firmName = async (id: number) =>
        (await trx.selectFrom('law_firms').select('name').where('id', '=', id).executeTakeFirst())?.name ??
        '';
      const lapse: Lapse = {
        caseNo: row.caseNo,
        firmId: push.law_firm_id,
        firm: await firmName(push.law_firm_id),
        next: next === null ? null : { id: next, name: await firmName(next) },
      };
      if (!digest) await tellOne(trx, lapse, hours, now);
      afterCommit(trx, () => forgetCaseCounts(app.db, { columns: TRANSITION_COLUMNS }));
      return lapse;
    });
    if (lapse) lapses.push(lapse);
    await nextTurn(app);
  }
  if (digest && lapses.length > 0) await transact(app.db, (trx) => tellPass(trx, lapses, hours, now));
  return lapses.length;
}
