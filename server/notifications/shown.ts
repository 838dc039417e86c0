import type { Language } from '../../contract/messages';
import { isNoticeKind, renderNotice } from '../../contract/notices';
import type { Message } from '../../contract/notifications';

/** The columns of a stored message that the bell shows. */
export const SHOWN_COLUMNS = [
  'id',
  'type',
  'title',
  'content',
  'status',
  'created_at',
  'kind',
  'params',
  'link',
] as const;

type StoredMessage = {
  id: number;
  type: string;
  title: string;
  content: string;
  status: number;
  created_at: string;
  kind: string | null;
  params: string | null;
  link: string | null;
};

/** A message's title and content in the reader's language: rendered from its kind, or as stored (older rows). */
function shownText(row: StoredMessage, lang: Language): { title: string; content: string } {
  if (!row.kind || !isNoticeKind(row.kind)) return { title: row.title, content: row.content };
  let params: Record<string, unknown> = {};
  try {
    params = JSON.parse(row.params ?? '{}') as Record<string, unknown>;
  } catch {
    // A broken parameter list still shows the message, with empty slots.
  }
  return renderNotice(lang, row.kind, params);
}

/** A stored message as the bell, the stream and the user center show it. */
export function shownMessage(row: StoredMessage, lang: Language): Message {
  return {
    id: row.id,
    type: row.type as Message['type'],
    ...shownText(row, lang),
    status: row.status === 1 ? 1 : 0,
    createdAt: row.created_at,
    link: row.link,
  };
}
