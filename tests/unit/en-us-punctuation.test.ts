import { describe, expect, it } from 'vitest';
import { AUDIT_TEXTS_EN_US } from '../../contract/audit-texts-en-US';
import { ENUM_LABELS_EN_US } from '../../contract/labels-en-US';
import { MESSAGES_EN_US } from '../../contract/messages';
import { NOTICES_EN_US } from '../../contract/notices-en-US';
import { CATALOGUES } from '../../locales/all';

/** Chinese full-width punctuation; English text uses the ASCII marks (curly quotes are English too). */
const FULL_WIDTH = /[：，。（）；！？、【】《》]/;

function offenders(texts: Record<string, unknown>): string[] {
  return Object.entries(texts).flatMap(([key, value]) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return FULL_WIDTH.test(text) ? [`${key}: ${text}`] : [];
  });
}

describe('the en-US catalogue', () => {
  it('uses ASCII punctuation, never Chinese full-width marks', () => {
    expect(offenders(CATALOGUES['en-US'])).toEqual([]);
    expect(offenders(MESSAGES_EN_US)).toEqual([]);
    expect(offenders(ENUM_LABELS_EN_US)).toEqual([]);
    expect(offenders(NOTICES_EN_US)).toEqual([]);
    expect(offenders(AUDIT_TEXTS_EN_US)).toEqual([]);
  });

  it('puts an ASCII colon after a label, and zh-CN a full-width one', () => {
    const text = (locale: 'en-US' | 'zh-CN') =>
      (CATALOGUES[locale] as Record<string, string>)['common.colon'];
    expect(text('en-US')).toBe(':');
    expect(text('zh-CN')).toBe('：');
  });

  it('catches a full-width mark when one slips in', () => {
    expect(offenders({ 'case.caseNo': 'Case no.：' })).toEqual(['case.caseNo: Case no.：']);
  });
});
