import type { Kysely } from 'kysely';
import { businessDayEnd, businessDayStart } from '../../contract/dates';
import type { WalletTransactionQuery } from '../../contract/operations-api';
import type { Paged } from '../../contract/paging';
import type { WalletTransactionKind } from '../../contract/wallets';
import type { Database } from '../db/schema';

const SORT_COLUMNS = { createdAt: 'created_at', amountFen: 'amount_fen' } as const;

/** A page of one wallet's transactions, filtered by kind, direction and business days (BUSINESS_TZ). */
export async function listWalletTransactions(
  db: Kysely<Database>,
  walletId: number,
  query: WalletTransactionQuery,
): Promise<
  Paged<{
    id: number;
    kind: WalletTransactionKind;
    amountFen: number;
    balanceAfterFen: number;
    note: string | null;
    createdAt: string;
  }>
> {
  let matching = db.selectFrom('wallet_transactions').where('wallet_id', '=', walletId);
  if (query.kind?.length) matching = matching.where('kind', 'in', query.kind);
  if (query.direction === 'income') matching = matching.where('amount_fen', '>', 0);
  if (query.direction === 'expense') matching = matching.where('amount_fen', '<', 0);
  if (query.createdFrom) matching = matching.where('created_at', '>=', businessDayStart(query.createdFrom));
  if (query.createdTo) matching = matching.where('created_at', '<', businessDayEnd(query.createdTo));
  const [rows, count] = await Promise.all([
    matching
      .select(['id', 'kind', 'amount_fen', 'balance_after_fen', 'note', 'created_at'])
      .orderBy(SORT_COLUMNS[query.sortField], query.sortOrder)
      .orderBy('id', query.sortOrder)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind as WalletTransactionKind,
      amountFen: Number(r.amount_fen),
      balanceAfterFen: Number(r.balance_after_fen),
      note: r.note,
      createdAt: r.created_at,
    })),
    total: Number(count.n),
  };
}
