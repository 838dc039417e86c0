import type { z } from 'zod';
import { isMessageKey, type MessageKey } from '../../../contract/messages';

/**
 * Why a row was refused, stored as data (never prose) and rendered in the reader's language:
 * a catalogue key with parameters, or zod's own issue (its locales render it).
 */
export type Reason =
  | { field: string; key: MessageKey; params?: Record<string, string | number> }
  | { field: string; issue: Record<string, unknown> };

/** A zod issue at `field` as a stored reason: its message key, or the issue itself (its input cut short). */
export function reasonOf(field: string, issue: z.core.$ZodIssue): Reason {
  if (isMessageKey(issue.message)) return { field, key: issue.message };
  const { message: _m, path: _p, input, ...rest } = issue as z.core.$ZodIssue & { input?: unknown };
  const shortInput = typeof input === 'string' ? input.slice(0, 50) : input;
  return { field, issue: { ...rest, input: shortInput } };
}
