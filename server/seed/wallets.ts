import type { Insertable, Kysely } from 'kysely';
import { WALLET_TRANSACTION_KINDS, type WalletTransactionKind } from '../../contract/wallets';
import type { Database } from '../db/schema';
import { insertMany } from './insert-many';
import type { SeededPeople } from './people';
import type { Random } from './random';

/** Wallets and their transactions; answers how many of each. */
export async function seedWallets(
  db: Kysely<Database>,
  rng: Random,
  now: Date,
  people: SeededPeople,
  at: (maxDaysAgo: number) => string,
): Promise<{ wallets: number; walletTransactions: number }> {
  const demoIds = Object.values(people.demoUserIds);
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
  return { wallets: walletIds.length, walletTransactions: transactions.length };
}
