import { z } from 'zod';
import { caseFilterSchema } from './case-api';
import { closeResultSchema } from './cases';
import { bodyId } from './paging';

/**
 * Bulk jobs (server/cases/bulk-jobs/): one action for every case of the case list's filter (or
 * of the ids given), run in the background as the person who started it, each case through the
 * case machine as if done by hand. ARCHITECTURE §8 "Bulk jobs".
 */

export const BULK_JOB_ACTIONS = ['push', 'route', 'assign', 'close'] as const;
export type BulkJobAction = (typeof BULK_JOB_ACTIONS)[number];

/** What a job's row says; the API answers `queued` as `running` (it waits for a process to run it). */
export const BULK_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type BulkJobStoredStatus = (typeof BULK_JOB_STATUSES)[number];

/** The most ids one request may name (BULK_MAX_CASES caps it further). */
export const BULK_IDS_MAX = 100_000;

export const bulkJobRequestSchema = z
  .object({
    action: z.enum(BULK_JOB_ACTIONS),
    /** The case list's own query parameters: the job takes every case that list shows the caller. */
    filter: caseFilterSchema.optional(),
    caseIds: z.array(bodyId).min(1).max(BULK_IDS_MAX).optional(),
    lawFirmId: bodyId.optional(),
    lawyerId: bodyId.optional(),
    result: z.optional(closeResultSchema),
  })
  .refine((b) => (b.filter === undefined) !== (b.caseIds === undefined), {
    path: ['filter'],
    message: 'bulk.selectionRequired',
  });
export type BulkJobRequest = z.infer<typeof bulkJobRequestSchema>;

export const bulkJobCreatedSchema = z.object({ id: z.number().int() });

export const bulkJobSchema = z.object({
  id: z.number().int(),
  action: z.enum(BULK_JOB_ACTIONS),
  status: z.enum(['running', 'done', 'failed']),
  total: z.number().int(),
  done: z.number().int(),
  succeeded: z.number().int(),
  refused: z.number().int(),
  /** Why it failed, in the caller's language; null unless failed. */
  failure: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;

/** GET /cases/bulk-jobs/current: the caller's job still running (a page reloaded finds it), or null. */
export const currentBulkJobSchema = z.object({ job: bulkJobSchema.nullable() });

/** Where the browser polls and downloads. */
export const BULK_JOBS_PATH = '/cases/bulk-jobs';
export const bulkJobPath = (id: number) => `${BULK_JOBS_PATH}/${id}`;
export const bulkJobResultsPath = (id: number) => `${BULK_JOBS_PATH}/${id}/results`;
