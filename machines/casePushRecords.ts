import type { PushStatus } from '../contract/cases';

/**
 * A case's push records (`case_pushes`: one per push of the case to a firm) follow the case
 * status machine's decisions: each transition that touches them says how, as these changes,
 * and the server applies them in the transition's own transaction (server/cases/transitions.ts).
 *
 * - `withdraw`: the open pushes (pushed or accepted) of this firm, or of every firm when
 *   `lawFirmId` is null, are closed as withdrawn;
 * - `open`: a new push to this firm, waiting for its answer (pushed);
 * - `answer`: the firm's push that waits for its answer is accepted or declined (with the reason);
 * - `acceptBy`: one of the firm's lawyers has the case: the firm's waiting push is accepted, and
 *   a firm never pushed to (nor already accepted) gets an accepted record of its own.
 */
export type PushRecordChange =
  | { kind: 'withdraw'; lawFirmId: number | null }
  | { kind: 'open'; lawFirmId: number }
  | { kind: 'answer'; lawFirmId: number; status: 'accepted' | 'declined'; reason: string | null }
  | { kind: 'acceptBy'; lawFirmId: number };

/** A push that still stands: waiting for the firm's answer, or accepted by it. */
export const OPEN_PUSH_STATUSES = ['pushed', 'accepted'] as const satisfies readonly PushStatus[];
/** A push waiting for the firm's answer. */
export const WAITING_PUSH_STATUS = 'pushed' satisfies PushStatus;
