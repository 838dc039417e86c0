import { z } from 'zod';
import {
  messageListSchema,
  messageTypeSchema,
  readMessagesRequestSchema,
} from '../../contract/notifications';
import { wholeNumber } from '../../contract/paging';
import { recordAudit } from '../audit/audit';
import { defineRoute } from '../http/route';
import { SHOWN_COLUMNS, shownMessage } from './shown';
import { openStream, streamQuerySchema } from './stream';
import { issueTicket, ticketResponseSchema } from './tickets';

/** The bell shows the newest messages; older ones are not paged through here. */
export const MESSAGE_LIST_MAX = 100;

export const messageListQuerySchema = z.object({
  type: z.optional(messageTypeSchema),
  limit: wholeNumber(1, MESSAGE_LIST_MAX).default(50),
});

/** How many of the ids were marked read now, and what is left unread, for the bell's badge. */
export const readMessagesResponseSchema = z.object({
  read: z.number().int().min(0),
  unread: z.number().int().min(0),
});

export const notificationRoutes = [
  defineRoute({
    method: 'GET',
    url: '/message/list',
    summary: "The caller's messages, newest first, with the unread count (same type filter)",
    tags: ['notifications'],
    access: 'signedIn',
    query: messageListQuerySchema,
    response: messageListSchema,
    handler: async ({ app, caller, query, lang }) => {
      let mine = app.db.selectFrom('messages').where('user_id', '=', caller.userId);
      if (query.type) mine = mine.where('type', '=', query.type);
      const [rows, unread] = await Promise.all([
        mine
          .select([...SHOWN_COLUMNS])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(query.limit)
          .execute(),
        mine
          .where('status', '=', 0)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map((r) => shownMessage(r, lang)),
        unread: Number(unread.n),
      };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/message/read',
    summary: "Mark messages read; ids of other users' messages are ignored (nothing is revealed about them)",
    tags: ['notifications'],
    access: 'signedIn',
    body: readMessagesRequestSchema,
    response: readMessagesResponseSchema,
    handler: async ({ app, caller, body, requestId }) => {
      const now = app.clock.now();
      return app.db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('messages')
          .set({ status: 1 })
          .where('user_id', '=', caller.userId)
          .where('id', 'in', body.ids)
          .where('status', '=', 0)
          .executeTakeFirst();
        const read = Number(result.numUpdatedRows);
        // Marking already-read (or foreign) messages changes nothing and is not logged.
        if (read > 0) {
          await recordAudit(
            trx,
            { caller, requestId, at: now },
            {
              action: 'message.read',
              entity: 'message',
              entityId: null,
              summary: `marked ${read} read`,
              params: { count: read },
            },
          );
        }
        const unread = await trx
          .selectFrom('messages')
          .where('user_id', '=', caller.userId)
          .where('status', '=', 0)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return { read, unread: Number(unread.n) };
      });
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/notifications/ticket',
    summary:
      'A one-time ticket (valid 60 s) that opens the live message stream, which EventSource cannot open with a header',
    tags: ['notifications'],
    access: 'signedIn',
    // Each ticket is a stored row: a client looping on this cannot fill the table.
    throttle: 'ticket',
    response: ticketResponseSchema,
    handler: ({ app, request }) => issueTicket(app, request.headers.authorization),
  }),

  defineRoute({
    method: 'GET',
    url: '/notifications/stream',
    summary:
      "The caller's new messages as server-sent events (id = message id; resumes after Last-Event-ID or ?after=), opened with ?ticket=",
    tags: ['notifications'],
    access: 'signedIn',
    credential: 'ticket',
    query: streamQuerySchema,
    raw: true,
    handler: async ({ app, caller, query, request, reply, lang }) =>
      openStream(app, caller, query, request, reply, lang),
  }),
];
