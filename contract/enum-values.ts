/**
 * Value lists of enums whose schemas sit among classic zod request and response schemas
 * (letters.ts, notifications.ts, reviews.ts, which re-export them). contract/pages/enums.ts
 * names them for every descriptor, so the browser loads it on every signed-in page: from here
 * it does without pulling classic zod in with them (the descriptor schema is zod mini:
 * zod-mini.ts).
 */

/** Lawyer's letter templates; labels `enum.letterTemplate.<value>` in contract/labels-*. */
export const LETTER_TEMPLATES = ['collection', 'mediation', 'repayment'] as const;

/** Kinds of a message in the navbar bell. */
export const MESSAGE_TYPES = ['message', 'notice', 'todo'] as const;

/** Review statuses of a law firm's or lawyer's application. */
export const REVIEW_STATUSES = ['auditing', 'passed', 'rejected'] as const;

/**
 * Where a firm or lawyer stands, as the review lists show and filter it: the review status, and
 * `suspended` for one that passed and is suspended (then no longer `passed`).
 */
export const STANDINGS = ['auditing', 'passed', 'rejected', 'suspended'] as const;

/** The contact log (contract/contacts.ts); labels `enum.contactChannel.<value>` and so on. */
export const CONTACT_CHANNELS = ['call', 'sms', 'visit', 'letter', 'wechat', 'other'] as const;
export const CONTACT_DIRECTIONS = ['outbound', 'inbound'] as const;
export const CONTACT_OUTCOMES = [
  'connected',
  'noAnswer',
  'refused',
  'invalidNumber',
  'promised',
  'disputed',
  'other',
] as const;
/** The rules an outbound contact is refused by (409, `errors: [{path: 'rule', value}]`). */
export const CONTACT_RULES = [
  'contact.quietHours',
  'contact.dailyLimit',
  'contact.dailyAttempts',
  'contact.notAParty',
] as const;
export const SMS_TEMPLATES = ['repaymentReminder', 'mediationInvite', 'instalmentDue'] as const;
/** 合规监控's breaches: refused (nothing stored) or recorded against a rule with a reason. */
export const BREACH_KINDS = ['refused', 'override'] as const;
/** A promise to pay: due (its day, not paid yet), kept (paid since), broken (its day passed unpaid). */
export const PROMISE_STATUSES = ['due', 'kept', 'broken'] as const;
/** Whether the main debtor may be called now (the case detail's `contactWindow.state`). */
export const CONTACT_WINDOW_STATES = ['open', 'closed'] as const;
/** Where a repayment plan stands (contract/plans.ts); labels `enum.planStatus.<value>`. */
export const PLAN_STATUSES = ['pendingApproval', 'active', 'broken', 'completed', 'rejected'] as const;
/** The plans that are still running (waiting for approval, active, or broken): one per case at a time. */
export const OPEN_PLAN_STATUSES: readonly (typeof PLAN_STATUSES)[number][] = [
  'pendingApproval',
  'active',
  'broken',
];

/** Where an instalment of a plan stands; labels `enum.instalmentStatus.<value>`. */
export const INSTALMENT_STATUSES = ['due', 'paid', 'partial', 'overdue'] as const;

// The debt (issue 19): re-exported by contract/parties.ts and contract/ledger.ts, whose schemas
// (and the regions an ID number is checked against) stay out of the signed-in frame.
export const PARTY_ROLES = ['debtor', 'coDebtor', 'guarantor'] as const;
/** The codes match the certification's (`residentIdCard`, `passport`, ...). */
export const PARTY_ID_TYPES = [
  'residentIdCard',
  'hkMacaoTaiwanResidence',
  'passport',
  'hkMacaoPermit',
  'taiwanPermit',
  'unifiedSocialCreditCode',
] as const;
export const PHONE_STATUSES = ['valid', 'vacant', 'suspended', 'unknown'] as const;
export const ADDRESS_KINDS = ['household', 'residence', 'work'] as const;
export const REVEAL_FIELDS = ['idNumber', 'phone'] as const;
export const REVEAL_REASONS = ['contact', 'verifyIdentity', 'litigation', 'other'] as const;
export const LEDGER_PARTS = ['principal', 'interest', 'penalty', 'fees'] as const;
export const LEDGER_ENTRY_KINDS = ['repayment', 'reversal', 'charge', 'waiver'] as const;
/** 银行转账至委托方, 委托方对公账户, 第三方支付, 其他 (with a note): never cash, never a collector's own account. */
export const REPAYMENT_CHANNELS = ['bankTransfer', 'corporateAccount', 'thirdParty', 'other'] as const;
/** The ledger's rows as the case's pages show them: a row per part and the total. */
export const LEDGER_ROWS = [...LEDGER_PARTS, 'total'] as const;

/** The deadlines in someone's hands (contract/deadlines.ts); labels `enum.deadlineKind.<value>`. */
export const DEADLINE_KINDS = [
  'courtSession',
  'instalmentDue',
  'instalmentOverdue',
  'pushAnswer',
  'entrustExpiring',
  'entrustExpired',
] as const;
