import { fillText } from './fill-text';
import type { Language } from './messages';
import { NOTICES_EN_US } from './notices-en-US';
import { NOTICES_ZH_CN, type NoticeKind } from './notices-zh-CN';

export type { NoticeKind };

export const NOTICES: Record<Language, Record<NoticeKind, { title: string; content: string }>> = {
  'zh-CN': NOTICES_ZH_CN,
  'en-US': NOTICES_EN_US,
};

export function isNoticeKind(kind: string): kind is NoticeKind {
  return Object.hasOwn(NOTICES_ZH_CN, kind);
}

/** A stored notice (kind + parameters) in the reader's language. */
export function renderNotice(
  lang: Language,
  kind: NoticeKind,
  params: Record<string, unknown>,
): { title: string; content: string } {
  const notice = NOTICES[lang][kind];
  return { title: fillText(notice.title, params), content: fillText(notice.content, params) };
}
