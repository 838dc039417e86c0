import type {
  ColumnDescriptor,
  DetailPage,
  PageDescriptor,
  TablePage,
  TabsPage,
} from '../../../contract/pages/descriptor';
import { SCHEMA_VERSION } from '../../../contract/pages/descriptor';
import { col, field, go } from './builders';

/**
 * The 小律伴 operations pages: device management (the account center), a user's account and
 * wallet. Their endpoints are in server/devices/ and server/wallets/; requests and answers in
 * contract/operations-api.ts.
 */

const v = SCHEMA_VERSION;

const accountLink = '/xiaolvban/userAccount/:userId';
const walletLink = '/xiaolvban/userWallet/:userId';

const deviceColumns: ColumnDescriptor[] = [
  col('deviceName', 'operations.device.name', { width: 160 }),
  col('deviceType', 'operations.device.type', { widget: 'enum', enum: 'deviceType', width: 90 }),
  col('deviceUid', 'operations.device.uid', { width: 200, defaultHidden: true }),
  col('boundAt', 'operations.device.boundAt', { widget: 'datetime', sortable: true, width: 170 }),
  col('lastActiveAt', 'operations.device.lastActiveAt', { widget: 'datetime', sortable: true, width: 170 }),
  col('unboundAt', 'operations.device.unboundAt', { widget: 'datetime', width: 170 }),
];

const accountCenter: TablePage = {
  schemaVersion: v,
  id: 'account-center',
  type: 'table',
  title: 'menu.accountCenter',
  source: { path: '/devices' },
  rowKey: 'id',
  filters: [
    field(
      'keyword',
      'operations.device.keyword',
      { kind: 'input', maxLength: 40 },
      { placeholder: 'operations.device.keywordPlaceholder' },
    ),
    field('state', 'operations.device.state', {
      kind: 'select',
      options: [
        { value: 'bound', label: 'operations.device.bound' },
        { value: 'unbound', label: 'operations.device.unboundState' },
      ],
    }),
    field('deviceType', 'operations.device.type', { kind: 'select', enum: 'deviceType' }),
    field(
      'role',
      'operations.account.role',
      { kind: 'select', enum: 'role' },
      { access: 'devices.manage:all' },
    ),
    field(
      'lawFirmId',
      'operations.account.lawFirm',
      { kind: 'select', optionsFrom: { path: '/lawfirms/names', value: 'id', label: 'name' } },
      { access: 'devices.manage:all' },
    ),
    field('bound', 'operations.device.boundRange', { kind: 'dateRange' }),
  ],
  columns: [
    col('userName', 'operations.account.name', {
      widget: 'link',
      link: accountLink,
      fixed: 'left',
      width: 110,
    }),
    col('phone', 'operations.account.phone', { widget: 'phone', width: 130 }),
    col('role', 'operations.account.role', { widget: 'enum', enum: 'role', width: 110 }),
    col('lawFirmName', 'operations.account.lawFirm', { width: 180 }),
    ...deviceColumns,
  ],
  rowActions: [
    {
      kind: 'api',
      key: 'unbind',
      label: 'operations.device.unbind',
      method: 'POST',
      path: '/devices/:id/unbind',
      confirm: 'operations.device.unbindConfirm',
      successMessage: 'operations.device.unbindDone',
      danger: true,
      when: { field: 'unboundAt', in: [null] },
    },
    go('account', 'operations.account.open', accountLink),
    go('wallet', 'operations.wallet.open', walletLink),
  ],
  toolbar: [],
  bulkActions: [],
  pageSize: 20,
  defaultSort: { field: 'boundAt', order: 'descend' },
};

const walletFigures: ColumnDescriptor[] = [
  col('balanceFen', 'operations.wallet.balance', { widget: 'money' }),
  col('incomeFen', 'operations.wallet.income', { widget: 'money' }),
  col('expenseFen', 'operations.wallet.expense', { widget: 'money' }),
  col('transactions', 'operations.wallet.transactions', { widget: 'number' }),
  col('lastTransactionAt', 'operations.wallet.lastTransactionAt', { widget: 'datetime' }),
];

const userAccountDetail: DetailPage = {
  schemaVersion: v,
  id: 'user-account-detail',
  type: 'detail',
  title: 'menu.userAccountDetail',
  source: { path: '/accounts/:id' },
  subtitleField: 'name',
  sections: [
    {
      kind: 'descriptions',
      title: 'operations.account.profile',
      columns: 3,
      items: [
        col('name', 'operations.account.name'),
        col('phone', 'operations.account.phone', { widget: 'phone' }),
        col('role', 'operations.account.role', { widget: 'enum', enum: 'role' }),
        col('enabled', 'operations.account.enabled', { widget: 'status', enum: 'enabled' }),
        col('lawFirmName', 'operations.account.lawFirm'),
        col('accountId', 'operations.account.accountId'),
        col('nickname', 'operations.account.nickname'),
        col('email', 'operations.account.email'),
        col('registeredAt', 'operations.account.registeredAt', { widget: 'datetime' }),
        col('boundDevices', 'operations.account.boundDevices', { widget: 'number' }),
      ],
    },
    {
      kind: 'descriptions',
      title: 'operations.account.wallet',
      columns: 3,
      items: walletFigures.map((c) => ({ ...c, field: `wallet.${c.field}` })),
    },
    { kind: 'table', title: 'operations.account.devices', field: 'devices', columns: deviceColumns },
  ],
  actions: [
    go('wallet', 'operations.wallet.open', '/xiaolvban/userWallet/:id'),
    go('devices', 'operations.account.toDevices', '/xiaolvban/account-center'),
  ],
};

const walletOverview: DetailPage = {
  schemaVersion: v,
  id: 'user-wallet-overview',
  type: 'detail',
  title: 'operations.wallet.overview',
  source: { path: '/accounts/:id/wallet' },
  subtitleField: 'userName',
  sections: [
    {
      kind: 'descriptions',
      title: 'operations.wallet.summary',
      columns: 3,
      items: [
        ...walletFigures,
        col('currency', 'operations.wallet.currency'),
        col('updatedAt', 'operations.wallet.updatedAt', { widget: 'datetime' }),
      ],
    },
    {
      kind: 'table',
      title: 'operations.wallet.byKind',
      field: 'byKind',
      columns: [
        col('kind', 'operations.wallet.kind', { widget: 'enum', enum: 'walletKind' }),
        col('count', 'operations.wallet.count', { widget: 'number' }),
        col('amountFen', 'operations.wallet.amount', { widget: 'money' }),
      ],
    },
  ],
  actions: [go('account', 'operations.account.open', accountLink)],
};

const walletTransactions: TablePage = {
  schemaVersion: v,
  id: 'user-wallet-transactions',
  type: 'table',
  title: 'operations.wallet.transactionsTab',
  source: { path: '/accounts/:id/wallet/transactions' },
  rowKey: 'id',
  filters: [
    field('kind', 'operations.wallet.kind', { kind: 'select', enum: 'walletKind', multiple: true }),
    field('direction', 'operations.wallet.direction', {
      kind: 'select',
      options: [
        { value: 'income', label: 'operations.wallet.income' },
        { value: 'expense', label: 'operations.wallet.expense' },
      ],
    }),
    field('created', 'operations.wallet.createdRange', { kind: 'dateRange' }),
  ],
  columns: [
    col('createdAt', 'operations.wallet.createdAt', { widget: 'datetime', sortable: true, width: 170 }),
    col('kind', 'operations.wallet.kind', { widget: 'enum', enum: 'walletKind', width: 100 }),
    col('amountFen', 'operations.wallet.amount', { widget: 'money', sortable: true, width: 140 }),
    col('balanceAfterFen', 'operations.wallet.balanceAfter', { widget: 'money', width: 140 }),
    col('note', 'operations.wallet.note'),
  ],
  rowActions: [],
  toolbar: [],
  bulkActions: [],
  pageSize: 20,
  defaultSort: { field: 'createdAt', order: 'descend' },
};

/** The wallet: its figures first, then every transaction with filters. */
const userWallet: TabsPage = {
  schemaVersion: v,
  id: 'user-wallet',
  type: 'tabs',
  title: 'menu.userWallet',
  tabs: [
    { key: 'overview', title: 'operations.wallet.overview', page: walletOverview },
    { key: 'transactions', title: 'operations.wallet.transactionsTab', page: walletTransactions },
  ],
};

export const userAccountPages: PageDescriptor[] = [accountCenter, userAccountDetail, userWallet];
