import type { Insertable, Kysely } from 'kysely';
import { LETTER_STATUSES } from '../../contract/cases';
import { WALLET_TRANSACTION_KINDS, type WalletTransactionKind } from '../../contract/wallets';
import type { Database } from '../db/schema';
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

const MESSAGES: ReadonlyArray<readonly ['message' | 'notice' | 'todo', string, string]> = [
  ['notice', '系统升级通知', '平台将于本周六 23:00 至次日 01:00 进行系统升级，期间暂停服务。'],
  ['notice', '新版案件池上线', '案件池支持按地区、金额区间筛选，欢迎体验。'],
  ['todo', '待审核律所', '有新的律所入驻申请等待审核，请及时处理。'],
  ['todo', '案件即将到期', '您有案件的委托即将到期，请尽快跟进。'],
  ['todo', '开庭提醒', '您有案件将于三日内开庭，请做好准备。'],
  ['message', '案件推送', '运营人员向您推送了新的案件，请查看。'],
  ['message', '回款到账', '案件回款已到账，请核对还款记录。'],
  ['message', '律师函审核结果', '您提交的律师函已审核通过。'],
];

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
      reviewed_at: status === 'auditing' ? null : submitted,
      reason: status === 'rejected' ? '函件缺少律所公章' : null,
    });
  }
  await insertMany(db, 'law_firm_letters', letters);

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
    return Array.from({ length: records }, (_, r) => ({
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
  });
  await insertMany(db, 'certifications', certifications);
  if (waiting.size > 0)
    await db
      .updateTable('users')
      .set({ certification: 'auditing' })
      .where('id', 'in', [...waiting])
      .execute();

  // Messages: a full bell for the demo accounts, a few for everyone else.
  const messages: Insertable<Database['messages']>[] = people.userIds.flatMap((userId) => {
    const many = demoIds.includes(userId);
    return Array.from({ length: many ? 12 : rng.int(0, 3) }, () => {
      const [type, title, content] = rng.pick(MESSAGES);
      return {
        user_id: userId,
        type,
        title,
        content,
        status: rng.chance(many ? 0.45 : 0.6) ? 1 : 0,
        created_at: at(60),
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
    letters: letters.length,
    certifications: certifications.length,
    messages: messages.length,
    devices: devices.length,
    wallets: walletIds.length,
    walletTransactions: transactions.length,
  };
}
