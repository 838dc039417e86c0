import { type Kysely, sql } from 'kysely';
import { formatDate } from '../../contract/dates';
import { SYSTEM_ROLE } from '../../machines/caseGuards';
import { statusesTagged } from '../../machines/caseRules';
import { recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import { nextTurn } from '../db/next-turn';
import type { Database } from '../db/schema';
import { transact } from '../notifications/bus';
import { firmContacts, lawyerUser, notify, usersHolding } from '../notifications/notify';
import { claimAct } from './acts';
import { addDays } from './days';

/** Cases one transaction acts on. */
const CHUNK = 25;
/** An entrustment that expired longer ago than this is flagged without telling its lawyer and firm (a first sweep over old data). */
const TELL_EXPIRED_WITHIN_DAYS = 7;

type Due = {
  id: number;
  case_no: string;
  entrust_expires_on: string;
  lawyer_id: number | null;
  law_firm_id: number | null;
};

/** The handling lawyer and the firm's contact persons of a case. */
async function peopleOf(trx: Kysely<Database>, c: Due): Promise<number[]> {
  return [
    ...(c.lawyer_id === null ? [] : await lawyerUser(trx, c.lawyer_id)),
    ...(c.law_firm_id === null ? [] : await firmContacts(trx, c.law_firm_id)),
  ];
}

const ONGOING: ReadonlySet<string> = new Set(statusesTagged('ongoing'));
const ACTIVE: ReadonlySet<string> = new Set(statusesTagged('active'));
/** How far back a sweep looks for entrustments that expired and are not flagged yet. */
const EXPIRED_LOOKBACK_DAYS = 30;

/** Not yet acted on for this occurrence (`deadline_acts`), so a sweep reads only what is left. */
const notActed = (kind: string, occurrence: ReturnType<typeof sql>) =>
  sql<boolean>`not exists (select 1 from deadline_acts a where a.kind = ${kind} and a.subject = cast(cases.id as text) and a.occurrence = ${occurrence})`;

async function inChunks(
  rows: Due[],
  act: (trx: Kysely<Database>, chunk: Due[]) => Promise<number>,
  app: AppContext,
) {
  let done = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    done += await transact(app.db, (trx) => act(trx, rows.slice(i, i + CHUNK)));
    await nextTurn(app);
  }
  return done;
}

/**
 * Entrustments near their expiry: at each of ENTRUST_WARN_DAYS (30, 7, 1) before it, the
 * handling lawyer and the firm's contact persons are told per case and case operations once per
 * batch; a case already inside a smaller window gets only that window's warning. On the day it
 * expires a case in processing is flagged 委托已到期 (`entrust_expired_on`, audited as the system)
 * for operations to close as withdrawn or extend (POST /api/cases/:id/entrustment). Each act is
 * claimed in `deadline_acts` keyed by the expiry day, so an extended entrustment is warned again.
 */
export async function sweepEntrustments(
  app: AppContext,
  now: Date,
): Promise<{ warned: number; expired: number }> {
  const today = formatDate(now);
  const days = app.config.deadlines.entrustWarnDays;
  const operations = async (trx: Kysely<Database>) => usersHolding(trx, 'cases.entrust:all');
  let warned = 0;
  for (const [i, d] of days.entries()) {
    const after = addDays(today, days[i + 1] ?? 0);
    const occurrence = sql`cases.entrust_expires_on || ${`/${d}`}`;
    // The window by the expiry day alone (cases_entrust_status_idx), the status judged here: with
    // a status condition SQLite's planner walked every ongoing case instead (10 s at 1M cases).
    const rows = (
      await app.db
        .selectFrom('cases')
        .select(['id', 'case_no', 'status', 'entrust_expires_on', 'lawyer_id', 'law_firm_id'])
        .where('entrust_expires_on', '>', after)
        .where('entrust_expires_on', '<=', addDays(today, d))
        .where(notActed('entrust.warning', occurrence))
        .orderBy('id')
        .execute()
    ).filter((c) => ONGOING.has(c.status));
    warned += await inChunks(
      rows,
      async (trx, chunk) => {
        let n = 0;
        for (const c of chunk) {
          const claimed = await claimAct(
            trx,
            { kind: 'entrust.warning', subject: c.id, occurrence: `${c.entrust_expires_on}/${d}` },
            now,
          );
          if (!claimed) continue;
          n += 1;
          const left = Math.round((Date.parse(c.entrust_expires_on) - Date.parse(today)) / 86_400_000);
          await notify(
            trx,
            await peopleOf(trx, c),
            {
              kind: 'entrust.expiring',
              params: { caseNo: c.case_no, expiresOn: c.entrust_expires_on, days: left },
              link: `/case/processing/${c.id}`,
              type: 'notice',
            },
            now,
          );
        }
        if (n > 0)
          await notify(
            trx,
            await operations(trx),
            {
              kind: 'entrust.expiringDigest',
              params: { count: n, days: d },
              link: '/list/search-table?deadline=expiring',
              type: 'notice',
            },
            now,
          );
        return n;
      },
      app,
    );
  }
  // Expiries of the last EXPIRED_LOOKBACK_DAYS only: every case whose entrustment ever expired
  // (closed ones too) stays unflagged in the index, and reading them all each minute took 9 s at
  // 1M cases. A sweep runs every minute, so a day's expiries are flagged that day.
  const expiredRows = (
    await app.db
      .selectFrom('cases')
      .select(['id', 'case_no', 'status', 'entrust_expires_on', 'lawyer_id', 'law_firm_id'])
      .where('entrust_expires_on', '<=', today)
      .where('entrust_expires_on', '>', addDays(today, -EXPIRED_LOOKBACK_DAYS))
      .where('entrust_expired_on', 'is', null)
      .orderBy('id')
      .execute()
  ).filter((c) => ACTIVE.has(c.status));
  const expired = await inChunks(
    expiredRows,
    async (trx, chunk) => {
      let n = 0;
      for (const c of chunk) {
        if (
          !(await claimAct(
            trx,
            { kind: 'entrust.expired', subject: c.id, occurrence: c.entrust_expires_on },
            now,
          ))
        )
          continue;
        n += 1;
        await trx
          .updateTable('cases')
          .set({ entrust_expired_on: c.entrust_expires_on })
          .where('id', '=', c.id)
          .execute();
        await recordAudit(
          trx,
          { caller: null, requestId: null, at: now, actorRole: SYSTEM_ROLE },
          {
            action: 'case.entrustExpired',
            entity: 'case',
            entityId: c.id,
            summary: `entrustment of case ${c.case_no} expired on ${c.entrust_expires_on}`,
            params: { caseNo: c.case_no, expiresOn: c.entrust_expires_on },
          },
        );
        if (c.entrust_expires_on >= addDays(today, -TELL_EXPIRED_WITHIN_DAYS))
          await notify(
            trx,
            await peopleOf(trx, c),
            {
              kind: 'entrust.expired',
              params: { caseNo: c.case_no, expiresOn: c.entrust_expires_on },
              link: `/case/processing/${c.id}`,
              type: 'notice',
            },
            now,
          );
      }
      if (n > 0)
        await notify(
          trx,
          await operations(trx),
          {
            kind: 'entrust.expiredDigest',
            params: { count: n },
            link: '/list/search-table?deadline=expired',
            type: 'todo',
          },
          now,
        );
      return n;
    },
    app,
  );
  return { warned, expired };
}
