export const WALLET_TRANSACTION_KINDS = ['recharge', 'fee', 'reward', 'withdraw', 'refund'] as const;
export type WalletTransactionKind = (typeof WALLET_TRANSACTION_KINDS)[number];
