import { ABILITY_NAMES, ACCESS_SCOPES } from '../access';
import {
  CASE_EVENTS,
  CASE_POSITIONS,
  CASE_STAGES,
  CASE_STATUSES,
  CASE_TYPES,
  CLOSE_RESULTS,
  LETTER_STATUSES,
  PAYMENT_STATUSES,
  PUSH_STATUSES,
} from '../cases';
import {
  ADDRESS_KINDS,
  BREACH_KINDS,
  CONTACT_CHANNELS,
  CONTACT_DIRECTIONS,
  CONTACT_OUTCOMES,
  CONTACT_RULES,
  CONTACT_WINDOW_STATES,
  DEADLINE_KINDS,
  INSTALMENT_STATUSES,
  LEDGER_ENTRY_KINDS,
  LEDGER_ROWS,
  LETTER_TEMPLATES,
  MESSAGE_TYPES,
  PARTY_ID_TYPES,
  PARTY_ROLES,
  PHONE_STATUSES,
  PLAN_STATUSES,
  PROMISE_STATUSES,
  REPAYMENT_CHANNELS,
  REVEAL_FIELDS,
  REVEAL_REASONS,
  REVIEW_STATUSES,
  SMS_TEMPLATES,
  STANDINGS,
} from '../enum-values';
import { ROLES } from '../roles';
import { WALLET_TRANSACTION_KINDS } from '../wallets';

/**
 * Named enums a descriptor may show (enum and status widgets) or offer (select inputs).
 * Labels are i18n keys `enum.<name>.<value>`; status colours live in the registry.
 */
export const ENUMS = {
  caseStatus: CASE_STATUSES,
  caseType: CASE_TYPES,
  closeResult: CLOSE_RESULTS,
  caseStage: CASE_STAGES,
  reviewStatus: REVIEW_STATUSES,
  standing: STANDINGS,
  paymentStatus: PAYMENT_STATUSES,
  pushStatus: PUSH_STATUSES,
  casePosition: CASE_POSITIONS,
  caseEvent: CASE_EVENTS,
  letterStatus: LETTER_STATUSES,
  letterTemplate: LETTER_TEMPLATES,
  planStatus: PLAN_STATUSES,
  instalmentStatus: INSTALMENT_STATUSES,
  role: ROLES,
  messageType: MESSAGE_TYPES,
  walletKind: WALLET_TRANSACTION_KINDS,
  deviceType: ['ios', 'android', 'web'],
  certificationStatus: ['auditing', 'passed', 'rejected', 'withdrawn'],
  enabled: ['true', 'false'],
  ability: ABILITY_NAMES,
  accessScope: ACCESS_SCOPES,
  contactChannel: CONTACT_CHANNELS,
  contactDirection: CONTACT_DIRECTIONS,
  contactOutcome: CONTACT_OUTCOMES,
  contactRule: CONTACT_RULES,
  smsTemplate: SMS_TEMPLATES,
  breachKind: BREACH_KINDS,
  promiseStatus: PROMISE_STATUSES,
  contactWindowState: CONTACT_WINDOW_STATES,
  ledgerPart: LEDGER_ROWS,
  ledgerEntryKind: LEDGER_ENTRY_KINDS,
  repaymentChannel: REPAYMENT_CHANNELS,
  partyRole: PARTY_ROLES,
  partyIdType: PARTY_ID_TYPES,
  phoneStatus: PHONE_STATUSES,
  addressKind: ADDRESS_KINDS,
  revealField: REVEAL_FIELDS,
  revealReason: REVEAL_REASONS,
  deadlineKind: DEADLINE_KINDS,
} as const satisfies Record<string, readonly string[]>;

export type EnumName = keyof typeof ENUMS;
export const ENUM_NAMES = Object.keys(ENUMS) as [EnumName, ...EnumName[]];

export function enumLabelKey(name: EnumName, value: string): string {
  return `enum.${name}.${value}`;
}
