import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { insertMany } from './insert-many';
import { personName } from './names';
import type { Random } from './random';

/** Enterprise certification records of the firms' contact persons; answers how many. */
export async function seedCertifications(
  db: Kysely<Database>,
  rng: Random,
  at: (maxDaysAgo: number) => string,
): Promise<number> {
  // Enterprise certification records of the firms' contact persons (and the demo one).
  const contactUsers = await db
    .selectFrom('users')
    .innerJoin('law_firms', 'law_firms.id', 'users.law_firm_id')
    .select(['users.id', 'users.phone', 'law_firms.name', 'law_firms.credit_code'])
    .where('users.role', '=', 'lawfirmContactPerson')
    .execute();
  // Every third firm other than the demo one has applied and waits for a reviewer (实名认证审核
  // starts with work to do); chosen by position, so the random stream stays as it was.
  const waiting = new Set(
    contactUsers
      .filter((u, i) => i % 3 === 1 && !DEMO_ACCOUNTS.some((a) => a.phone === u.phone))
      .map((u) => u.id),
  );
  const certifications: Insertable<Database['certifications']>[] = contactUsers.flatMap((u) => {
    const records = rng.int(1, 2);
    const last = (r: number) => r === records - 1;
    const drawn = Array.from({ length: records }, (_, r) => ({
      user_id: u.id,
      cert_type: 'enterprise',
      enterprise_name: u.name,
      enterprise_cert_type: 'unifiedSocialCreditCode',
      credit_code: u.credit_code,
      legal_person_name: personName(rng),
      legal_person_id_type: 'residentIdCard',
      legal_person_id_number: `${rng.digits(6)}********${rng.digits(3)}${rng.pick(['X', String(rng.int(0, 9))])}`,
      contact_phone: u.phone,
      status: last(r)
        ? waiting.has(u.id)
          ? 'auditing'
          : 'passed'
        : rng.pick(['rejected', 'withdrawn'] as const),
      submitted_at: at(300),
      reviewed_at: last(r) && waiting.has(u.id) ? null : at(100),
    }));
    return inOrder(drawn);
  });
  await insertMany(db, 'certifications', certifications);
  if (waiting.size > 0)
    await db
      .updateTable('users')
      .set({ certification: 'auditing' })
      .where('id', 'in', [...waiting])
      .execute();
  return certifications.length;
}

/**
 * One applicant's certification records in the order they happened: the moments drawn for
 * them (submissions and reviews) sorted, then handed out as submitted, reviewed, submitted,
 * reviewed..., so no review precedes its submission and an earlier application was decided
 * before the next one came in. The same moments as drawn, so the random stream is unchanged.
 */
export function inOrder<T extends { submitted_at: string; reviewed_at: string | null }>(records: T[]): T[] {
  const moments = records
    .flatMap((r) => (r.reviewed_at === null ? [r.submitted_at] : [r.submitted_at, r.reviewed_at]))
    .sort();
  let next = 0;
  return records.map((r) => {
    const submitted_at = moments[next++];
    const reviewed_at = r.reviewed_at === null ? null : moments[next++];
    return { ...r, submitted_at, reviewed_at };
  });
}
