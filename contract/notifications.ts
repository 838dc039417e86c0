import { z } from 'zod';
import { MESSAGE_TYPES } from './enum-values';
import { bodyId } from './paging';

export { MESSAGE_TYPES };

export const messageTypeSchema = z.enum(MESSAGE_TYPES);

/** A message in the navbar bell: status 0 unread, 1 read. */
export const messageSchema = z.object({
  id: z.number().int(),
  type: messageTypeSchema,
  title: z.string(),
  content: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  createdAt: z.string(),
  /** The app route where the reader acts on it (opening it marks the message read). */
  link: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageListSchema = z.object({ list: z.array(messageSchema), unread: z.number().int() });
export const readMessagesRequestSchema = z.object({
  ids: z.array(bodyId).min(1).max(200),
});
