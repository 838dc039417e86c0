import type { Insertable, Kysely } from 'kysely';
import { LETTER_STATUSES } from '../../contract/cases';
import { LETTER_TEMPLATES, type LetterFields } from '../../contract/letters';
import { OUTSTANDING_COLUMNS, owedFields } from '../cases/ledger/claim';
import type { Database } from '../db/schema';
import { LETTER_TITLES } from '../letters/wording';
import { businessDay, letterNoOf } from '../letters/write';
import { insertMany } from './insert-many';
import type { SeededPeople } from './people';
import type { Random } from './random';

const DAY = 86_400_000;

/** The firms' letters for the letter audit, then the demo lawyer's own; answers how many. */
export async function seedLetters(
  db: Kysely<Database>,
  rng: Random,
  now: Date,
  people: SeededPeople,
  at: (maxDaysAgo: number) => string,
): Promise<number> {
  // Letters for the letter audit: a mix of statuses, some tied to a firm's cases.
  const letters: Insertable<Database['law_firm_letters']>[] = [];
  for (let i = 1; i <= 150; i++) {
    const status = rng.weighted(
      LETTER_STATUSES.map((s) => [s, s === 'auditing' ? 3 : s === 'passed' ? 6 : 1] as const),
    );
    const submitted = at(200);
    letters.push({
      law_firm_id: rng.pick(people.passedFirmIds),
      case_id: null,
      letter_no: `LH${String(i).padStart(8, '0')}`,
      title: rng.pick(['律师函（催收）', '律师函（调解邀请）', '律师函（诉前告知）', '律师函（还款提醒）']),
      file_url: `/files/letters/LH${String(i).padStart(8, '0')}.pdf`,
      status,
      submitted_at: submitted,
      reviewer_id: status === 'auditing' ? null : people.demoUserIds.bussinessOperation,
      // A few hours to a few days after it came in (derived, so the random stream stays as it
      // was), never after the seed's moment.
      reviewed_at: status === 'auditing' ? null : reviewedAfter(submitted, ((i * 7) % 60) + 2, now),
      reason: status === 'rejected' ? '函件缺少律所公章' : null,
    });
  }
  await insertMany(db, 'law_firm_letters', letters);
  const written = await seedDemoLawyersLetters(db, now, people);
  return letters.length + written;
}

/**
 * Letters the demo lawyer (13800000005) wrote in the product on cases they handle in
 * processing, so 我的律师函 and the review queue start with their kind of letter: two waiting
 * for review, two passed, two sent back with a reason. Each is what `writeLetter` stores
 * (template, the case's facts as fields, number LF<day>-<id>); its PDF is rendered from those
 * when first opened. No random draws: the rest of the seed stays as it was.
 */
async function seedDemoLawyersLetters(
  db: Kysely<Database>,
  now: Date,
  people: SeededPeople,
): Promise<number> {
  const lawyer = await db
    .selectFrom('lawyers as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .innerJoin('law_firms as f', 'f.id', 'l.law_firm_id')
    .select(['l.id', 'l.law_firm_id', 'u.name as lawyer_name', 'f.name as firm_name'])
    .where('l.user_id', '=', people.demoUserIds.lawyer)
    .executeTakeFirst();
  if (!lawyer) return 0;
  const cases = await db
    .selectFrom('cases')
    .select(['id', 'case_no', 'debtor_name', 'client_name', 'amount_fen', ...OUTSTANDING_COLUMNS])
    .where('lawyer_id', '=', lawyer.id)
    .where('status', '=', 'processing')
    .orderBy('id')
    .limit(6)
    .execute();
  const outcomes = [
    { status: 'auditing', reason: null },
    { status: 'passed', reason: null },
    { status: 'rejected', reason: '请写明调解地点与时间' },
    { status: 'auditing', reason: null },
    { status: 'passed', reason: null },
    { status: 'rejected', reason: '欠款金额与还款记录不符，请核对' },
  ] as const;
  let n = 0;
  for (const [i, record] of cases.entries()) {
    const template = LETTER_TEMPLATES[i % LETTER_TEMPLATES.length];
    const outcome = outcomes[i];
    const submitted = new Date(now.getTime() - (i * 4 + 2) * DAY);
    const fields: LetterFields = {
      caseNo: record.case_no,
      debtorName: record.debtor_name,
      creditorName: record.client_name,
      amountFen: Number(record.amount_fen),
      ...owedFields(record),
      firmName: lawyer.firm_name,
      lawyerName: lawyer.lawyer_name,
      date: businessDay(submitted),
      extra: '',
    };
    const reviewed = outcome.status === 'auditing' ? null : new Date(submitted.getTime() + DAY / 2);
    const { id } = await db
      .insertInto('law_firm_letters')
      .values({
        law_firm_id: lawyer.law_firm_id,
        case_id: record.id,
        lawyer_id: lawyer.id,
        letter_no: `seed-${record.id}`,
        title: `${LETTER_TITLES[template]} ${record.case_no}`,
        status: outcome.status,
        submitted_at: submitted.toISOString(),
        reviewer_id: reviewed ? people.demoUserIds.bussinessOperation : null,
        reviewed_at: reviewed?.toISOString() ?? null,
        reason: outcome.reason,
        template,
        fields: JSON.stringify(fields),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('law_firm_letters')
      .set({ letter_no: letterNoOf(id, fields.date) })
      .where('id', '=', id)
      .execute();
    n++;
  }
  return n;
}

/**
 * A review `hours` after the submission, never after the seed's moment (and never before the
 * submission: a submission at the seed's moment is reviewed at it).
 */
export function reviewedAfter(submitted: string, hours: number, now: Date): string {
  const at = Math.min(Date.parse(submitted) + hours * 3_600_000, now.getTime());
  return new Date(Math.max(at, Date.parse(submitted))).toISOString();
}
