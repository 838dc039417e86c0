import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { CODES } from '../../contract/codes';
import { bearerToken, callerOfTokenHash } from '../auth/sessions';
import { hashToken } from '../auth/tokens';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import type { Caller } from '../http/route';

/**
 * Why a ticket and not `?token=`: EventSource cannot send an Authorization header, and a
 * session token in a URL is written to access logs, proxy logs and browser history, where it
 * stays valid for hours and opens every API. A ticket is asked for with the header (POST
 * /api/notifications/ticket), is good for one stream only, is used up when the stream opens
 * and expires unused after TICKET_TTL_MS; only its hash is stored, in the database so any
 * process can redeem it. The stream then lives as long as the session does (stream.ts).
 */
export const TICKET_TTL_MS = 60_000;

export const ticketResponseSchema = z.object({ ticket: z.string(), expiresAt: z.string() });

export async function issueTicket(app: AppContext, authorization: string | undefined) {
  const ticket = randomBytes(32).toString('base64url');
  const now = app.clock.now();
  const expiresAt = new Date(now.getTime() + TICKET_TTL_MS).toISOString();
  const token = bearerToken(authorization);
  if (!token) throw new ApiError(401, CODES.illegalToken, 'auth.notLoggedIn');
  await app.db.transaction().execute(async (trx) => {
    // Unused tickets do not pile up.
    await trx.deleteFrom('stream_tickets').where('expires_at', '<=', now.toISOString()).execute();
    await trx
      .insertInto('stream_tickets')
      .values({ ticket_hash: hashToken(ticket), token_hash: hashToken(token), expires_at: expiresAt })
      .execute();
  });
  return { ticket, expiresAt };
}

/**
 * The caller a ticket stands for, using the ticket up (deleted whether or not its session is
 * still good). No, unknown, used or expired ticket: 401 like a missing token.
 */
export async function redeemTicket(app: AppContext, query: unknown): Promise<Caller> {
  const ticket = (query as { ticket?: unknown } | null)?.ticket;
  if (typeof ticket !== 'string' || ticket === '')
    throw new ApiError(401, CODES.illegalToken, 'auth.notLoggedIn');
  const row = await app.db
    .deleteFrom('stream_tickets')
    .where('ticket_hash', '=', hashToken(ticket))
    .where('expires_at', '>', app.clock.now().toISOString())
    .returning('token_hash')
    .executeTakeFirst();
  if (!row) throw new ApiError(401, CODES.illegalToken, 'auth.tokenInvalid');
  return callerOfTokenHash(app, row.token_hash);
}
