import type { Kysely } from 'kysely';
import type { WalletTransactionKind } from '../../contract/wallets';
import type { Database } from '../db/schema';

/**
 * A user's wallet in figures, one SQL aggregate over its transactions: the balance, money in,
 * money out (as a positive amount), how many transactions and the last one. Null without a wallet.
 */
export async function walletSummary(db: Kysely<Database>, userId: number) {
  const row = await db
    .selectFrom('wallets')
    .leftJoin('wallet_transactions', 'wallet_transactions.wallet_id', 'wallets.id')
    .where('wallets.user_id', '=', userId)
    .select((eb) => [
      'wallets.id',
      'wallets.balance_fen',
      'wallets.currency',
      'wallets.updated_at',
      eb.fn
        .sum<number>(
          eb
            .case()
            .when('wallet_transactions.amount_fen', '>', 0)
            .then(eb.ref('wallet_transactions.amount_fen'))
            .else(0)
            .end(),
        )
        .as('income'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when('wallet_transactions.amount_fen', '<', 0)
            .then(eb.neg(eb.ref('wallet_transactions.amount_fen')))
            .else(0)
            .end(),
        )
        .as('expense'),
      eb.fn.count<number>('wallet_transactions.id').as('transactions'),
      eb.fn.max('wallet_transactions.created_at').as('last_at'),
    ])
    .groupBy(['wallets.id', 'wallets.balance_fen', 'wallets.currency', 'wallets.updated_at'])
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    balanceFen: Number(row.balance_fen),
    currency: row.currency,
    incomeFen: Number(row.income ?? 0),
    expenseFen: Number(row.expense ?? 0),
    transactions: Number(row.transactions),
    lastTransactionAt: row.last_at ?? null,
    updatedAt: row.updated_at,
  };
}

/** Count and sum of a wallet's transactions per kind, in the order of the kinds' names. */
export async function walletByKind(db: Kysely<Database>, walletId: number) {
  const rows = await db
    .selectFrom('wallet_transactions')
    .where('wallet_id', '=', walletId)
    .select([
      'kind',
      (eb) => eb.fn.countAll<number>().as('count'),
      (eb) => eb.fn.sum<number>('amount_fen').as('sum'),
    ])
    .groupBy('kind')
    .orderBy('kind')
    .execute();
  return rows.map((r) => ({
    kind: r.kind as WalletTransactionKind,
    count: Number(r.count),
    amountFen: Number(r.sum ?? 0),
  }));
}
