import type { Insertable, Kysely } from 'kysely';
import { rolesHolding } from '../../contract/access';
import { LETTER_STATUSES } from '../../contract/cases';
import { LETTER_TEMPLATES, type LetterFields } from '../../contract/letters';
import { WALLET_TRANSACTION_KINDS, type WalletTransactionKind } from '../../contract/wallets';
import { OUTSTANDING_COLUMNS, owedFields } from '../cases/ledger/claim';
import type { Database } from '../db/schema';
import { LETTER_TITLES } from '../letters/wording';
import { businessDay, letterNoOf } from '../letters/write';
import type { Notice } from '../notifications/notify';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { insertMany } from './insert-many';
import { DEVICE_MODELS, personName } from './names';
import type { SeededPeople } from './people';
import type { Random } from './random';

const DAY = 86_400_000;

export interface ExtraCounts {
  letters: number;
  certifications: number;
  messages: number;
  devices: number;
  wallets: number;
  walletTransactions: number;
}

export async function seedExtras(
  db: Kysely<Database>,
  rng: Random,
  now: Date,
  people: SeededPeople,
): Promise<ExtraCounts> {
  const at = (maxDaysAgo: number) =>
    new Date(now.getTime() - rng.int(0, maxDaysAgo) * DAY - rng.int(0, DAY)).toISOString();
  const demoIds = Object.values(people.demoUserIds);

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

  // Devices bound to accounts: most have one or two; a few were unbound.
  const devices: Insertable<Database['devices']>[] = [];
  people.userIds.forEach((userId, i) => {
    for (let d = demoIds.includes(userId) ? 2 : rng.int(0, 2); d > 0; d--) {
      const [model, type] = rng.pick(DEVICE_MODELS);
      const bound = at(400);
      devices.push({
        user_id: userId,
        device_uid: `DEV-${String(i).padStart(5, '0')}-${d}-${rng.digits(6)}`,
        device_name: model,
        device_type: type,
        bound_at: bound,
        last_active_at: at(20),
        unbound_at: rng.chance(0.1) ? at(10) : null,
      });
    }
  });
  await insertMany(db, 'devices', devices);

  // Wallets of firm people and demo accounts: transactions replayed so balances add up.
  const walletOwners = [...new Set([...people.firmAndLawyerUserIds, ...demoIds])];
  const walletIds = await insertMany(
    db,
    'wallets',
    walletOwners.map((userId) => ({
      user_id: userId,
      balance_fen: 0,
      currency: 'CNY',
      updated_at: now.toISOString(),
    })),
    { returnIds: true },
  );
  const transactions: Insertable<Database['wallet_transactions']>[] = [];
  const balances: number[] = [];
  walletIds.forEach((walletId) => {
    let balance = 0;
    const times = Array.from({ length: rng.int(4, 14) }, () => at(300)).sort();
    for (const created of times) {
      let kind: WalletTransactionKind = balance < 50_000 ? 'recharge' : rng.pick(WALLET_TRANSACTION_KINDS);
      let amount = rng.int(100, 5_000) * 100;
      if (kind === 'fee' || kind === 'withdraw') {
        amount = -Math.min(balance, amount);
        if (amount === 0) kind = 'recharge';
      }
      if (kind === 'recharge' || kind === 'reward' || kind === 'refund') amount = Math.abs(amount);
      balance += amount;
      transactions.push({
        wallet_id: walletId,
        amount_fen: amount,
        balance_after_fen: balance,
        kind,
        note: {
          recharge: '账户充值',
          fee: '平台服务费',
          reward: '结案奖励',
          withdraw: '提现到银行卡',
          refund: '服务费退回',
        }[kind],
        created_at: created,
      });
    }
    balances.push(balance);
  });
  await insertMany(db, 'wallet_transactions', transactions);
  for (let i = 0; i < walletIds.length; i++) {
    await db
      .updateTable('wallets')
      .set({ balance_fen: balances[i] })
      .where('id', '=', walletIds[i])
      .execute();
  }

  return {
    letters: letters.length + written,
    certifications: certifications.length,
    messages: messages.length,
    devices: devices.length,
    wallets: walletIds.length,
    walletTransactions: transactions.length,
  };
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
  const cases = await db
    .selectFrom('cases as c')
    .leftJoin('law_firms as f', 'f.id', 'c.law_firm_id')
    .select([
      'c.id',
      'c.case_no',
      'c.title',
      'c.status',
      'c.position',
      'c.law_firm_id',
      'c.lawyer_id',
      'f.name as firm',
      (eb) =>
        eb
          .selectFrom('case_pushes as p')
          .whereRef('p.case_id', '=', 'c.id')
          .where('p.push_status', '=', 'accepted')
          .select((s) => s.fn.countAll<number>().as('n'))
          .as('accepted_pushes'),
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
