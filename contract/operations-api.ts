import { z } from 'zod';
import { caseFilterSchema } from './case-api';
import { caseStatusSchema, caseTypeSchema, PAYMENT_STATUSES, PUSH_STATUSES } from './cases';
import { deadlineItemSchema } from './deadlines';
import { MESSAGE_TYPES } from './notifications';
import { ENUMS } from './pages/enums';
import { daySchema, idValue, pageQuerySchema } from './paging';
import { roleSchema } from './role-schemas';
import { textField } from './text';
import { WALLET_TRANSACTION_KINDS } from './wallets';

/**
 * Requests and answers of the operations endpoints: device management and accounts
 * (server/devices/), wallets (server/wallets/), the business case list and case documents
 * (server/business/), statistics (server/statistics/) and the task center (server/tasks/).
 * Query names follow the page descriptors' conventions (contract/pages/descriptor.ts):
 * a `dateRange` named `bound` arrives as `boundFrom`/`boundTo`, the sorter as `sortField` and
 * `sortOrder` (ascend | descend).
 */

const text = (max: number) => textField({ min: 1, max }).optional();
const idSchema = idValue;
const booleanQuery = z
  .enum(['true', 'false', '1', '0'], 'rule.boolean')
  .transform((v) => v === 'true' || v === '1');
const sortOrder = z
  .enum(['ascend', 'descend', 'asc', 'desc'])
  .default('descend')
  .transform((o) => (o.startsWith('asc') ? ('asc' as const) : ('desc' as const)));

/** A device is bound until someone unbinds it; unbound devices stay on record. */
export const DEVICE_STATES = ['bound', 'unbound'] as const;

// ---- Devices (device management, /xiaolvban/account-center) ----

export const DEVICE_SORT_FIELDS = ['boundAt', 'lastActiveAt'] as const;

export const deviceListQuerySchema = pageQuerySchema.extend({
  /** The owner's name or phone, or the device's name, contains it. */
  keyword: text(40),
  deviceType: z.enum(ENUMS.deviceType).optional(),
  state: z.enum(DEVICE_STATES).optional(),
  role: z.optional(roleSchema),
  lawFirmId: idSchema.optional(),
  boundFrom: daySchema.optional(),
  boundTo: daySchema.optional(),
  sortField: z.enum(DEVICE_SORT_FIELDS).default('boundAt'),
  sortOrder,
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

export const deviceSchema = z.object({
  id: z.number().int(),
  deviceUid: z.string(),
  deviceName: z.string(),
  deviceType: z.string(),
  boundAt: z.string(),
  lastActiveAt: z.string().nullable(),
  unboundAt: z.string().nullable(),
});

/** A device with its owner, as device management lists it. */
export const deviceRowSchema = deviceSchema.extend({
  userId: z.number().int(),
  userName: z.string(),
  phone: z.string(),
  role: roleSchema,
  lawFirmId: z.number().int().nullable(),
  lawFirmName: z.string().nullable(),
});
export type DeviceRow = z.infer<typeof deviceRowSchema>;

// ---- Wallets ----

export const walletKindSchema = z.enum(WALLET_TRANSACTION_KINDS);

/** A wallet in figures: the balance and what went in and out, all in fen. */
export const walletSummarySchema = z.object({
  id: z.number().int(),
  balanceFen: z.number().int(),
  currency: z.string(),
  incomeFen: z.number().int(),
  /** What went out, as a positive amount. */
  expenseFen: z.number().int(),
  transactions: z.number().int(),
  lastTransactionAt: z.string().nullable(),
  updatedAt: z.string(),
});

/** The wallet page's overview: the owner, the summary, and the figures per kind. */
export const userWalletSchema = walletSummarySchema.extend({
  userId: z.number().int(),
  userName: z.string(),
  byKind: z.array(z.object({ kind: walletKindSchema, count: z.number().int(), amountFen: z.number().int() })),
});

export const WALLET_SORT_FIELDS = ['createdAt', 'amountFen'] as const;
export const WALLET_DIRECTIONS = ['income', 'expense'] as const;

/** `kind=fee&kind=withdraw` or `kind=fee,withdraw`. */
const kindList = z.preprocess(
  (v) => (Array.isArray(v) ? v : typeof v === 'string' ? [v] : v),
  z
    .array(z.string())
    .transform((items) => items.flatMap((s) => s.split(',')).filter(Boolean))
    .pipe(z.array(walletKindSchema).max(WALLET_TRANSACTION_KINDS.length)),
);

export const walletTransactionQuerySchema = pageQuerySchema.extend({
  kind: kindList.optional(),
  /** Money in (positive amounts) or out (negative ones). */
  direction: z.enum(WALLET_DIRECTIONS).optional(),
  /** Days in China Standard Time, inclusive. */
  createdFrom: daySchema.optional(),
  createdTo: daySchema.optional(),
  sortField: z.enum(WALLET_SORT_FIELDS).default('createdAt'),
  sortOrder,
});
export type WalletTransactionQuery = z.infer<typeof walletTransactionQuerySchema>;

export const walletTransactionSchema = z.object({
  id: z.number().int(),
  kind: walletKindSchema,
  /** Signed: money in is positive, money out negative. */
  amountFen: z.number().int(),
  balanceAfterFen: z.number().int(),
  note: z.string().nullable(),
  createdAt: z.string(),
});

// ---- Accounts (/xiaolvban/userAccount/:id) ----

export const accountDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  role: roleSchema,
  enabled: z.boolean(),
  accountId: z.string(),
  email: z.string().nullable(),
  nickname: z.string().nullable(),
  registeredAt: z.string(),
  lawFirmId: z.number().int().nullable(),
  lawFirmName: z.string().nullable(),
  boundDevices: z.number().int(),
  /** Every device ever bound, bound ones first. */
  devices: z.array(deviceSchema),
  /** Null for an account without a wallet. */
  wallet: walletSummarySchema.nullable(),
});
export type AccountDetail = z.infer<typeof accountDetailSchema>;

// ---- The business case list (/result/search-table-business) ----

export const businessCaseQuerySchema = caseFilterSchema.omit({ pool: true, mine: true }).extend({
  ...pageQuerySchema.shape,
  /** The payment status of the newest follow-up. */
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
  /** The status of the newest push to a law firm. */
  pushStatus: z.enum(PUSH_STATUSES).optional(),
});
export type BusinessCaseQuery = z.infer<typeof businessCaseQuerySchema>;

export const businessCaseRowSchema = z.object({
  id: z.number().int(),
  caseNo: z.string(),
  title: z.string(),
  type: caseTypeSchema,
  status: caseStatusSchema,
  debtorName: z.string(),
  clientName: z.string(),
  regionCode: z.string(),
  amountFen: z.number().int(),
  entrustExpiresOn: z.string(),
  lawyerName: z.string().nullable(),
  lawFirmName: z.string().nullable(),
  courtSessionAt: z.string().nullable(),
  createdAt: z.string(),
  /** Sum of the case's repayments. */
  repaidFen: z.number().int(),
  repayments: z.number().int(),
  /** repaidFen / amountFen, 0 for a case without an amount. */
  recoveryRate: z.number(),
  lastRepaidOn: z.string().nullable(),
  lastFollowedAt: z.string().nullable(),
  lastPaymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  lastFollowUpNote: z.string().nullable(),
  pushStatus: z.enum(PUSH_STATUSES).nullable(),
  pushedAt: z.string().nullable(),
  pushedToFirm: z.string().nullable(),
});
export type BusinessCaseRow = z.infer<typeof businessCaseRowSchema>;

// ---- Case documents (the PDF viewer, /test/pdf) ----

export const attachmentListQuerySchema = pageQuerySchema.extend({
  /** A whole case number, or a part of one. */
  caseNo: textField({ min: 1, max: 20 })
    .transform((v) => v.toUpperCase())
    .optional(),
  /** Only attachments whose name ends in .pdf. */
  pdf: booleanQuery.optional(),
});
export type AttachmentListQuery = z.infer<typeof attachmentListQuerySchema>;

export const attachmentRowSchema = z.object({
  id: z.number().int(),
  caseId: z.number().int(),
  caseNo: z.string(),
  caseTitle: z.string(),
  name: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  /** Whether the server has a PDF for it (its name ends in .pdf). */
  isPdf: z.boolean(),
});
export type AttachmentRow = z.infer<typeof attachmentRowSchema>;

export function isPdfName(name: string): boolean {
  return /\.pdf$/i.test(name);
}

// ---- Statistics (/statistics/statistics-data) ----

export const statisticsDataSchema = z.object({
  totals: z.object({
    cases: z.number().int(),
    closed: z.number().int(),
    recoveredFen: z.number().int(),
    /** Recovered over the twelve months shown. */
    recoveredYearFen: z.number().int(),
    /** Closed with a good result (mediated or repaid) over all closed. */
    successRate: z.number(),
    /** Days from creation to closing, averaged over closed cases; null with none closed. */
    averageCloseDays: z.number().nullable(),
  }),
  /** Twelve months, oldest first, months without repayments included. */
  /** Also in units of ten thousand yuan (万元), for the chart's axis. */
  recoveredByMonth: z.array(
    z.object({ month: z.string(), amountFen: z.number().int(), tenThousandYuan: z.number() }),
  ),
  /** The provinces with the most cases, most first. */
  byProvince: z.array(z.object({ regionCode: z.string(), province: z.string(), count: z.number().int() })),
  byType: z.array(z.object({ type: caseTypeSchema, count: z.number().int() })),
  closeResults: z.array(z.object({ result: z.string(), count: z.number().int() })),
  /** Average days to close per case type (types without closed cases left out). */
  closeDaysByType: z.array(z.object({ type: caseTypeSchema, days: z.number() })),
});
export type StatisticsData = z.infer<typeof statisticsDataSchema>;

// ---- The task center (/dashboard/task-center) ----

const caseItem = z.object({
  id: z.number().int(),
  caseNo: z.string(),
  title: z.string(),
  amountFen: z.number().int(),
  lawFirmName: z.string().nullable(),
  createdAt: z.string(),
  entrustExpiresOn: z.string(),
  court: z.string().nullable(),
  courtSessionAt: z.string().nullable(),
});

export const taskCenterSchema = z.object({
  counts: z.object({
    firmsAuditing: z.number().int(),
    lawyersAuditing: z.number().int(),
    lettersAuditing: z.number().int(),
    poolCases: z.number().int(),
    expiringEntrustments: z.number().int(),
    sessionsThisWeek: z.number().int(),
    /** Pushes waiting for a firm's answer, and cases flagged 委托已到期 waiting for a close or an extension. */
    pushesWaiting: z.number().int(),
    expiredEntrustments: z.number().int(),
    /** The caller's unread to-do messages. */
    todos: z.number().int(),
  }),
  /** The oldest waiting first (they have waited longest). */
  firms: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      regionCode: z.string(),
      contactName: z.string(),
      createdAt: z.string(),
    }),
  ),
  lawyers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      licenceNo: z.string(),
      lawFirmName: z.string(),
      createdAt: z.string(),
    }),
  ),
  letters: z.array(
    z.object({
      id: z.number().int(),
      letterNo: z.string(),
      title: z.string(),
      lawFirmName: z.string(),
      submittedAt: z.string(),
    }),
  ),
  pool: z.array(caseItem),
  /** Soonest expiry first. */
  expiring: z.array(caseItem),
  /** In session order. */
  sessions: z.array(caseItem),
  /** The push that lapses first first (server/deadlines/in-hand.ts). */
  pushes: z.array(deadlineItemSchema),
  /** The longest expired first. */
  expired: z.array(deadlineItemSchema),
  todos: z.array(
    z.object({
      id: z.number().int(),
      type: z.enum(MESSAGE_TYPES),
      title: z.string(),
      content: z.string(),
      status: z.union([z.literal(0), z.literal(1)]),
      createdAt: z.string(),
    }),
  ),
});
export type TaskCenter = z.infer<typeof taskCenterSchema>;
