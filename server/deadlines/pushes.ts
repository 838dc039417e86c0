import { casePlace, SYSTEM } from '../../machines/caseStatusMachine';
import { forgetCaseCounts } from '../cases/count-cache';
import { caseRowsByIds } from '../cases/rows';
import { caseTagged } from '../cases/tagged';
import { decide, storeTransition, TRANSITION_COLUMNS } from '../cases/transitions';
import type { AppContext } from '../context';
import { serializeOn } from '../db/serialize';
import { afterCommit, transact } from '../notifications/bus';
import { firmContacts, notify, usersHolding } from '../notifications/notify';
import { lapsedFirms, routeAfterLapse } from '../routing/route';
import { ROUTING_LOCK } from '../routing/store';
import { claimAct } from './acts';

/** Pushes one sweep looks at, at most; the next sweep takes the rest. */
const BATCH = 200;

/**
 * Pushes nobody answered within PUSH_ANSWER_HOURS: each is withdrawn by the product (the
 * machine's PUSH_EXPIRED, actor `system`), the firm is stored as having let it lapse, and the
 * case goes to the next firm by the routing rules (never one that let it lapse) or stays in the
 * pool. The firm's contact persons and case operations are told. One transaction per push,
 * holding the routing lock, claimed in `deadline_acts` (push.unanswered, case, push): whichever
 * process sweeps, each push lapses once. Answers how many lapsed.
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
  let lapsed = 0;
  for (const push of due) {
    const acted = await transact(app.db, async (trx) => {
      await serializeOn(trx, ROUTING_LOCK);
      const [row] = await caseRowsByIds(trx, [push.case_id], null);
      const waiting = await trx
        .selectFrom('case_pushes')
        .select('id')
        .where('id', '=', push.id)
        .where('push_status', '=', 'pushed')
        .executeTakeFirst();
      // Answered, withdrawn or pushed elsewhere since it was read: nothing lapsed.
      if (!row || !waiting || row.lawFirmId !== push.law_firm_id || casePlace(row) !== 'pushed') return false;
      if (!(await claimAct(trx, { kind: 'push.unanswered', subject: row.id, occurrence: push.id }, now)))
        return false;
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
      const next = pooled ? await routeAfterLapse(trx, app, pooled, excluded) : null;
      const firmName = async (id: number) =>
        (await trx.selectFrom('law_firms').select('name').where('id', '=', id).executeTakeFirst())?.name ??
        '';
      const params = { caseNo: row.caseNo, firm: await firmName(push.law_firm_id), hours };
      await notify(
        trx,
        await firmContacts(trx, push.law_firm_id),
        { kind: 'push.expired', params, link: '/form/casefirm', type: 'notice' },
        now,
      );
      await notify(
        trx,
        await usersHolding(trx, 'cases.push:all'),
        next === null
          ? { kind: 'push.expiredPooled', params, link: '/list/push-manage', type: 'notice' }
          : {
              kind: 'push.expiredRouted',
              params: { ...params, nextFirm: await firmName(next) },
              link: '/list/push-manage',
              type: 'notice',
            },
        now,
      );
      afterCommit(trx, () => forgetCaseCounts(app.db, { columns: TRANSITION_COLUMNS }));
      return true;
    });
    if (acted) lapsed += 1;
  }
  return lapsed;
}
