import {
  userWalletSchema,
  walletTransactionQuerySchema,
  walletTransactionSchema,
} from '../../contract/operations-api';
import { pagedSchema } from '../../contract/paging';
import { idParamsSchema } from '../../contract/users';
import { personInScope } from '../access/people-scope';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import type { Caller } from '../http/route';
import { defineRoute } from '../http/route';
import { walletByKind, walletSummary } from './summary';
import { listWalletTransactions } from './transactions';

/** The wallet of a person in the caller's scope: 404 for someone outside it, or without a wallet. */
async function walletOf(app: AppContext, caller: Caller, userId: number) {
  const person = await personInScope(app.db, caller, 'wallets.read', userId);
  const wallet = await app.db
    .selectFrom('wallets')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!wallet) throw fail.notFound('wallet.notFound');
  return { person, walletId: wallet.id };
}

export const walletRoutes = [
  defineRoute({
    method: 'GET',
    url: '/accounts/:id/wallet',
    summary: "A wallet of someone in the caller's scope: the balance, money in and out, figures per kind",
    tags: ['wallets'],
    access: 'wallets.read',
    params: idParamsSchema,
    response: userWalletSchema,
    handler: async ({ app, caller, params }) => {
      const { person, walletId } = await walletOf(app, caller, params.id);
      const [wallet, byKind] = await Promise.all([
        walletSummary(app.db, person.id),
        walletByKind(app.db, walletId),
      ]);
      if (!wallet) throw fail.notFound('wallet.notFound');
      return { ...wallet, userId: person.id, userName: person.name, byKind };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/accounts/:id/wallet/transactions',
    summary: "A wallet's transactions, newest first: kind, direction and date filters, paged",
    tags: ['wallets'],
    access: 'wallets.read',
    params: idParamsSchema,
    query: walletTransactionQuerySchema,
    response: pagedSchema(walletTransactionSchema),
    handler: async ({ app, caller, params, query }) => {
      const { walletId } = await walletOf(app, caller, params.id);
      return listWalletTransactions(app.db, walletId, query);
    },
  }),
];
