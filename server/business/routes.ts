import {
  attachmentListQuerySchema,
  attachmentRowSchema,
  businessCaseQuerySchema,
  businessCaseRowSchema,
} from '../../contract/operations-api';
import { pagedSchema } from '../../contract/paging';
import { idParamsSchema } from '../../contract/users';
import { viewerOf } from '../cases/scope';
import { defineRoute } from '../http/route';
import { attachmentPdf, listAttachments } from './attachments';
import { listBusinessCases } from './cases';

export const businessRoutes = [
  defineRoute({
    method: 'GET',
    url: '/business/cases',
    summary:
      "The business operations' case list: the case list's filters and sort, with repaid totals, the newest follow-up and the newest push",
    tags: ['business'],
    access: 'business.cases',
    query: businessCaseQuerySchema,
    response: pagedSchema(businessCaseRowSchema),
    handler: async ({ app, caller, query }) => listBusinessCases(app, await viewerOf(app.db, caller), query),
  }),

  defineRoute({
    method: 'GET',
    url: '/attachments',
    summary:
      'Case attachments, newest first, by case number and optionally only PDFs (roles that see every case)',
    tags: ['business'],
    access: 'attachments.read',
    query: attachmentListQuerySchema,
    response: pagedSchema(attachmentRowSchema),
    handler: ({ app, query }) => listAttachments(app.db, query),
  }),

  defineRoute({
    method: 'GET',
    url: '/attachments/:id/file',
    summary:
      "The file of an attachment of a case in the caller's scope, as application/pdf: the demo data stores no files, so a *.pdf is generated from its record; other kinds answer 404",
    tags: ['business'],
    access: 'cases.read',
    params: idParamsSchema,
    raw: true,
    handler: async ({ app, caller, params, reply }) => {
      const viewer = await viewerOf(app.db, caller);
      const file = await attachmentPdf(app.db, viewer, params.id, app.clock.now());
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  }),
];
