import { sql } from 'kysely';
import { formatDateTime } from '../../contract/dates';
import { caseTagged } from '../cases/tagged';
import type { AppContext } from '../context';
import { nextTurn } from '../db/next-turn';
import { transact } from '../notifications/bus';
import { lawyerUser, notify } from '../notifications/notify';
import { claimAct } from './acts';

/** Days before a court session that its lawyer is told, largest first. */
export const SESSION_REMINDER_DAYS = [3, 1] as const;
const DAY_MS = 86_400_000;
/** Reminders one transaction writes. */
const CHUNK = 25;

/**
 * Court sessions (开庭) coming: the handling lawyer is told 3 days and 1 day before (a session
 * already inside a smaller window gets only that reminder). Claimed in `deadline_acts` keyed by
 * the session's moment, so a session moved to another day is reminded again. Answers how many
 * reminders went out.
 */
export async function sweepCourtSessions(app: AppContext, now: Date): Promise<number> {
  let told = 0;
  for (const [i, d] of SESSION_REMINDER_DAYS.entries()) {
    const after = new Date(now.getTime() + (SESSION_REMINDER_DAYS[i + 1] ?? 0) * DAY_MS).toISOString();
    const until = new Date(now.getTime() + d * DAY_MS).toISOString();
    const rows = await app.db
      .selectFrom('cases')
      .select(['id', 'case_no', 'court', 'court_session_at', 'lawyer_id'])
      .where('court_session_at', '>', after)
      .where('court_session_at', '<=', until)
      .where('lawyer_id', 'is not', null)
      .where(caseTagged('ongoing'))
      .where(
        sql<boolean>`not exists (select 1 from deadline_acts a where a.kind = 'court.session' and a.subject = cast(cases.id as text) and a.occurrence = cases.court_session_at || ${`/${d}`})`,
      )
      .orderBy('id')
      .execute();
    // A transaction per CHUNK cases with a turn for others between (a first sweep over old data
    // has thousands; one transaction held the server's every write, and on SQLite every request).
    for (let k = 0; k < rows.length; k += CHUNK) {
      told += await transact(app.db, async (trx) => {
        let n = 0;
        for (const c of rows.slice(k, k + CHUNK)) {
          const at = c.court_session_at as string;
          if (!(await claimAct(trx, { kind: 'court.session', subject: c.id, occurrence: `${at}/${d}` }, now)))
            continue;
          n += 1;
          await notify(
            trx,
            await lawyerUser(trx, c.lawyer_id as number),
            {
              kind: 'court.sessionSoon',
              params: { caseNo: c.case_no, at: formatDateTime(at), court: c.court ?? '', days: d },
              link: `/case/processing/${c.id}`,
              type: 'todo',
            },
            now,
          );
        }
        return n;
      });
      await nextTurn(app);
    }
  }
  return told;
}
