import { AUDIT_TEXTS_EN_US, POSITION_IN_STATUS_EN_US } from './audit-texts-en-US';
import { AUDIT_TEXTS_ZH_CN, type AuditAction, POSITION_IN_STATUS_ZH_CN } from './audit-texts-zh-CN';
import { fillText } from './fill-text';
import { CASE_FIELD_LABELS, ENUM_LABELS } from './labels';
import type { Language } from './messages';

export type { AuditAction };

const TEXTS: Record<Language, Record<AuditAction, { label: string; detail?: string }>> = {
  'zh-CN': AUDIT_TEXTS_ZH_CN,
  'en-US': AUDIT_TEXTS_EN_US,
};
const POSITION_IN_STATUS: Record<Language, string> = {
  'zh-CN': POSITION_IN_STATUS_ZH_CN,
  'en-US': POSITION_IN_STATUS_EN_US,
};

export function isAuditAction(action: string): action is AuditAction {
  return Object.hasOwn(AUDIT_TEXTS_ZH_CN, action);
}

function enumLabel(lang: Language, name: string, value: string): string {
  return (ENUM_LABELS[lang] as Record<string, string>)[`enum.${name}.${value}`] ?? value;
}

/** `pending.pool` or `processing` as the reader says it. */
function stateLabel(lang: Language, state: string): string {
  const [status, position] = state.split('.');
  const statusText = enumLabel(lang, 'caseStatus', status);
  if (!position) return statusText;
  return fillText(POSITION_IN_STATUS[lang], {
    status: statusText,
    position: enumLabel(lang, 'casePosition', position),
  });
}

/** The edit form's field names where the case field labels name them differently. */
const FIELD_LABEL_OF: Record<string, string> = { regionCode: 'region', amountFen: 'amountYuan' };

/** `title,amountFen` as the reader says it: 案件名称、标的金额（元）. */
function fieldLabels(lang: Language, fields: string): string {
  const labels = CASE_FIELD_LABELS[lang] as Record<string, string>;
  return fields
    .split(',')
    .filter(Boolean)
    .map((f) => labels[`case.${FIELD_LABEL_OF[f] ?? f}`] ?? f)
    .join(lang === 'zh-CN' ? '、' : ', ');
}

/** A stored parameter as the reader reads it: amounts in yuan; states, results, statuses, roles and templates by their labels. */
function shownValue(lang: Language, name: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (name === 'amountFen' && typeof value === 'number') {
    const yuan = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      value / 100,
    );
    return lang === 'zh-CN' ? `${yuan} 元` : `¥${yuan}`;
  }
  if (name === 'from' || name === 'to') return stateLabel(lang, String(value));
  if (name === 'result') return enumLabel(lang, 'closeResult', String(value));
  if (name === 'paymentStatus') return enumLabel(lang, 'paymentStatus', String(value));
  if (name === 'fields') return fieldLabels(lang, String(value));
  if (name === 'role' || name === 'fromRole') return enumLabel(lang, 'role', String(value));
  if (name === 'template') return enumLabel(lang, 'letterTemplate', String(value));
  if (name === 'partyRole') return enumLabel(lang, 'partyRole', String(value));
  if (name === 'channel') return enumLabel(lang, 'contactChannel', String(value));
  if (name === 'outcome') return enumLabel(lang, 'contactOutcome', String(value));
  if (name === 'rule') return enumLabel(lang, 'contactRule', String(value));
  if (name === 'smsTemplate') return enumLabel(lang, 'smsTemplate', String(value));
  // An allocation order (`fees,penalty,interest,principal`): 费用 → 罚息 → 利息 → 本金.
  if (name === 'order')
    return String(value)
      .split(',')
      .filter(Boolean)
      .map((part) => enumLabel(lang, 'ledgerPart', part))
      .join(' → ');
  if (name === 'partyFields')
    return String(value)
      .split(',')
      .filter(Boolean)
      .map((f) => enumLabel(lang, 'partyField', f))
      .join(lang === 'zh-CN' ? '、' : ', ');
  return String(value);
}

/**
 * An audit row (action + parameters) in the reader's language: its label, and its detail when
 * the row has the parameters the detail needs (older rows without them show the label alone;
 * an action this catalogue does not know shows its code).
 */
export function renderAudit(
  lang: Language,
  action: string,
  params: Record<string, unknown> | string | null,
): { label: string; detail: string } {
  if (!isAuditAction(action)) return { label: action, detail: '' };
  const text = TEXTS[lang][action];
  let values: Record<string, unknown> | null = null;
  if (typeof params === 'string') {
    try {
      values = JSON.parse(params) as Record<string, unknown>;
    } catch {
      values = null;
    }
  } else values = params;
  if (!text.detail || !values) return { label: text.label, detail: '' };
  const shown = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, shownValue(lang, k, v)]));
  return { label: text.label, detail: fillText(text.detail, shown) };
}
