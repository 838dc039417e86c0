import { CASE_FIELD_LABELS_EN_US, ENUM_LABELS_EN_US } from './labels-en-US';
import {
  CASE_FIELD_LABELS_ZH_CN,
  type CaseFieldLabelKey,
  ENUM_LABELS_ZH_CN,
  type EnumLabelKey,
} from './labels-zh-CN';
import type { Language } from './messages';

/**
 * Labels the server writes outside the envelope as well as the browser shows them: named
 * enum values (`enum.<name>.<value>`) and the case fields of the CSV export's header. Kept
 * here, one module per language (labels-zh-CN.ts, labels-en-US.ts), so the server needs
 * nothing from locales/; locales/ re-exports them (locales/zh-CN/enums.ts, case-fields.ts), so
 * each text is written once and the browser loads one language.
 */
export const ENUM_LABELS: Record<Language, Record<EnumLabelKey, string>> = {
  'zh-CN': ENUM_LABELS_ZH_CN,
  'en-US': ENUM_LABELS_EN_US,
};

export const CASE_FIELD_LABELS: Record<Language, Record<CaseFieldLabelKey, string>> = {
  'zh-CN': CASE_FIELD_LABELS_ZH_CN,
  'en-US': CASE_FIELD_LABELS_EN_US,
};
