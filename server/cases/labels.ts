import { CASE_FIELD_LABELS, ENUM_LABELS } from '../../contract/labels';
import type { Language } from '../../contract/messages';

/** The CSV export's texts (header, enum values), shared with the browser through contract/labels.ts. */
const LABELS: Record<Language, Record<string, string>> = {
  'zh-CN': { ...ENUM_LABELS['zh-CN'], ...CASE_FIELD_LABELS['zh-CN'] },
  'en-US': { ...ENUM_LABELS['en-US'], ...CASE_FIELD_LABELS['en-US'] },
};

export function label(lang: Language, key: string): string {
  return LABELS[lang][key] ?? LABELS['zh-CN'][key] ?? key;
}
