import {
  bulkJobCreatedSchema,
  bulkJobRequestSchema,
  bulkJobSchema,
  currentBulkJobSchema,
} from '../../../contract/bulk-jobs';
import { idParamsSchema } from '../../../contract/users';
import { defineRoute } from '../../http/route';
import { attachmentHeader } from '../imports/report';
import { viewerOf } from '../scope';
import { bulkJobStatus, currentBulkJob, ownJob, startBulkJob } from './jobs';
import { bulkResultsWorkbook } from './results-file';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const bulkJobRoutes = [
  defineRoute({
    method: 'POST',
    url: '/cases/bulk-jobs',
    summary:
      "Start a background job of one action (push, route, assign, close) on every case of the case list's filter, or of the ids given (at most BULK_MAX_CASES, default 10,000); each case goes through the case machine as the caller",
    tags: ['cases'],
    access: 'cases.bulk',
    body: bulkJobRequestSchema,
    response: bulkJobCreatedSchema,
    handler: async ({ app, caller, body, requestId }) => ({
      id: await startBulkJob(app, { caller, viewer: await viewerOf(app.db, caller), requestId }, body),
    }),
  }),

  defineRoute({
    method: 'GET',
    url: '/cases/bulk-jobs/current',
    summary: "The caller's bulk job still running (so a reloaded page finds it), or null",
    tags: ['cases'],
    access: 'cases.bulk',
    response: currentBulkJobSchema,
    handler: ({ app, caller, lang }) => currentBulkJob(app, caller.userId, lang),
  }),

  defineRoute({
    method: 'GET',
    url: '/cases/bulk-jobs/:id',
    summary: "A bulk job's progress: status, total, done, succeeded, refused (its starter only)",
    tags: ['cases'],
    access: 'cases.bulk',
    params: idParamsSchema,
    response: bulkJobSchema,
    handler: ({ app, caller, params, lang }) => bulkJobStatus(app, params.id, caller.userId, lang),
  }),

  defineRoute({
    method: 'GET',
    url: '/cases/bulk-jobs/:id/results',
    summary: "Each case of a bulk job with its outcome and reason, in the reader's language, as .xlsx",
    tags: ['cases'],
    access: 'cases.bulk',
    params: idParamsSchema,
    raw: true,
    handler: async ({ app, caller, params, lang, reply }) => {
      await ownJob(app.db, params.id, caller.userId);
      reply
        .header('content-type', XLSX)
        .header(
          'content-disposition',
          attachmentHeader(`bulk-job-${params.id}-results.xlsx`, `批量任务-${params.id}-结果.xlsx`),
        )
        .header('cache-control', 'no-store')
        .send(bulkResultsWorkbook(app.db, params.id, lang));
    },
  }),
];
