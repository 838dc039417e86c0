import type { Insertable, Kysely } from 'kysely';
import { rolesHolding } from '../../contract/access';
import type { Database } from '../db/schema';
import type { Notice } from '../notifications/notify';
import { insertMany } from './insert-many';
import type { SeededPeople } from './people';
import type { Random } from './random';

/** The messages of the seeded users (the demo accounts' bell has five); answers how many. */
export async function seedMessages(
  db: Kysely<Database>,
  rng: Random,
  people: SeededPeople,
  at: (maxDaysAgo: number) => string,
): Promise<number> {
  const demoIds = Object.values(people.demoUserIds);
  // Messages: a few for the demo accounts, a few for everyone else. Each is a notice the
  // product itself sends (kind + parameters + link, rendered in the reader's language), about a
  // real seeded case or record of that reader, so the demo bell reads as the real one will.
  const offers = await noticeOffers(db);
  const messages: Insertable<Database['messages']>[] = people.userIds.flatMap((userId) => {
    const many = demoIds.includes(userId);
    // Each notice once: drawn without putting back.
    const offered = [...(offers.get(userId) ?? [])];
    // Five: the bell's popover (src/layout/navbar/MessageBox.tsx) does not scroll, and a longer
    // to-do list would push its newest entry above the window.
    const count = Math.min(offered.length, many ? 5 : rng.int(0, 3));
    return Array.from({ length: count }, () => {
      const [notice] = offered.splice(rng.int(0, offered.length - 1), 1);
      return {
        user_id: userId,
        type: notice.type,
        title: notice.kind,
        content: '',
        status: rng.chance(many ? 0.45 : 0.6) ? 1 : 0,
        created_at: at(60),
        kind: notice.kind,
        params: JSON.stringify(notice.params),
        link: notice.link,
      };
    });
  });
  await insertMany(db, 'messages', messages);
  return messages.length;
}

type SeededNotice = Required<Notice>;

/**
 * The notices each seeded user could have received, sent to whom the product sends them
 * (server/cases/transition-notices.ts, server/certifications/review.ts): a firm's contact persons hear
 * of cases pushed to the firm, a lawyer of cases assigned to them, whoever may push cases of
 * the firms' answers, a certified contact person of the certification.
 */
async function noticeOffers(db: Kysely<Database>): Promise<Map<number, SeededNotice[]>> {
  const offers = new Map<number, SeededNotice[]>();
  const offer = (userId: number, notice: SeededNotice) => {
    const list = offers.get(userId) ?? [];
    if (list.length < 40) list.push(notice);
    offers.set(userId, list);
  };
  // First, so a contact person's many pushed cases cannot crowd it out.
  const certified = await db
    .selectFrom('certifications')
    .select(['user_id', 'enterprise_name'])
    .where('status', '=', 'passed')
    .execute();
  for (const c of certified)
    offer(c.user_id, {
      kind: 'certification.passed',
      params: { enterprise: c.enterprise_name, reason: null },
      link: '/user/setting',
      type: 'notice',
    });
  const users = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as r', 'r.user_id', 'u.id')
    .leftJoin('lawyers as l', 'l.user_id', 'u.id')
    .select(['u.id', 'r.role', 'u.law_firm_id', 'l.id as lawyer_id'])
    .execute();
  // Accepted pushes counted once per case and joined (a count per case row was one subquery
  // per case: minutes at a million cases on PostgreSQL before its statistics exist).
  const accepted = db
    .selectFrom('case_pushes')
    .where('push_status', '=', 'accepted')
    .select((s) => ['case_id', s.fn.countAll<number>().as('n')])
    .groupBy('case_id')
    .as('ap');
  const cases = await db
    .selectFrom('cases as c')
    .leftJoin('law_firms as f', 'f.id', 'c.law_firm_id')
    .leftJoin(accepted, 'ap.case_id', 'c.id')
    .select([
      'c.id',
      'c.case_no',
      'c.title',
      'c.status',
      'c.position',
      'c.law_firm_id',
      'c.lawyer_id',
      'f.name as firm',
      'ap.n as accepted_pushes',
    ])
    .where('c.law_firm_id', 'is not', null)
    .orderBy('c.id')
    .execute();
  const pushers = new Set<string>(rolesHolding('cases.push:all'));
  for (const c of cases) {
    const params = { caseNo: c.case_no, title: c.title };
    for (const u of users) {
      if (c.position === 'pushed' && u.role === 'lawfirmContactPerson' && u.law_firm_id === c.law_firm_id)
        offer(u.id, { kind: 'case.pushed', params, link: `/form/firm-case/${c.id}`, type: 'todo' });
      if (
        c.status === 'processing' &&
        c.lawyer_id !== null &&
        u.role === 'lawyer' &&
        u.lawyer_id === c.lawyer_id
      )
        offer(u.id, { kind: 'case.assigned', params, link: `/case/processing/${c.id}`, type: 'todo' });
      if (Number(c.accepted_pushes) > 0 && pushers.has(u.role) && c.firm)
        offer(u.id, {
          kind: 'push.accepted',
          params: { caseNo: c.case_no, firm: c.firm },
          link: '/list/push-manage',
          type: 'notice',
        });
    }
  }
  return offers;
}
