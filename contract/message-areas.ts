/**
 * The areas of the server's messages (contract/messages-<area>-<locale>.ts): the browser loads
 * the core of the catalogue (`CORE_MESSAGES_*` in messages-<locale>.ts) at start, and an area's
 * messages only with the pages of that area or when one of its keys is asked for
 * (src/i18n.ts `ensureTexts`), so /login does not carry every area in its first files. A key
 * belongs to the area one of whose `prefixes` is its first dotted word, or that lists it in
 * `keys` (tests/unit/message-areas.test.ts checks that every key of an area module is found
 * so and that no core key is). No imports: the browser's entry asks it.
 */
export const MESSAGE_AREAS = {
  ledger: { prefixes: ['ledger'], keys: [] },
  creditors: { prefixes: ['creditor', 'batch', 'settlement', 'report'], keys: ['import.creditorMismatch'] },
  versions: { prefixes: ['version', 'title'], keys: [] },
  plans: { prefixes: ['plan'], keys: [] },
  bulk: { prefixes: ['bulk'], keys: [] },
  routing: { prefixes: ['routing', 'entrust'], keys: ['rule.regionPrefix'] },
  imports: { prefixes: ['import', 'intake'], keys: [] },
  cases: {
    prefixes: [
      'case',
      'party',
      'contact',
      'letter',
      'review',
      'attachment',
      'certification',
      'lawfirm',
      'lawyer',
      'wallet',
      'pii',
    ],
    keys: [],
  },
} as const satisfies Record<string, { prefixes: readonly string[]; keys: readonly string[] }>;

export type MessageArea = keyof typeof MESSAGE_AREAS;

const byKey = new Map<string, MessageArea>();
const byPrefix = new Map<string, MessageArea>();
for (const [area, { prefixes, keys }] of Object.entries(MESSAGE_AREAS) as [
  MessageArea,
  (typeof MESSAGE_AREAS)[MessageArea],
][]) {
  for (const p of prefixes) byPrefix.set(p, area);
  for (const k of keys) byKey.set(k, area);
}

/** The area a message key belongs to, or null for a core key (or a key of no message). */
export function messageAreaOf(key: string): MessageArea | null {
  return byKey.get(key) ?? byPrefix.get(key.slice(0, key.indexOf('.'))) ?? null;
}
