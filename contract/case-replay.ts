import { z } from 'zod';

/**
 * `GET /api/dev/cases/:caseNo/history`: a case's stored history (its audit trail of
 * transitions) replayed through the case machine (machines/caseReplay.ts). States are named as
 * the audit writes them (`pending.pool`, `processing`); `matches` is false when the history
 * does not replay, every event accepted, to the stored status and position.
 */
export const caseReplayStepSchema = z.object({
  type: z.string(),
  at: z.string(),
  actor: z.object({ id: z.number().nullable(), role: z.string().nullable(), name: z.string().nullable() }),
  from: z.string(),
  to: z.string(),
  /** The machine has no transition for this event where the replay stood. */
  refused: z.boolean(),
  /** What the audit entry itself recorded, when it did; differs from `from`/`to` where the history broke. */
  recordedFrom: z.string().nullable(),
  recordedTo: z.string().nullable(),
  reason: z.string().nullable(),
  result: z.string().nullable(),
});

export const caseReplaySchema = z.object({
  caseId: z.number(),
  caseNo: z.string(),
  title: z.string(),
  start: z.string(),
  stored: z.string(),
  final: z.string(),
  matches: z.boolean(),
  steps: z.array(caseReplayStepSchema),
});

export type CaseReplayStep = z.infer<typeof caseReplayStepSchema>;
export type CaseReplayAnswer = z.infer<typeof caseReplaySchema>;

export const caseReplayParamsSchema = z.object({ caseNo: z.string().trim().min(1).max(40) });
