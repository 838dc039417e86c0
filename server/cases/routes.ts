import {
  attachmentDeletedSchema,
  attachmentParamsSchema,
  attachmentSchema,
} from '../../contract/attachments';
import {
  bulkTransitionRequestSchema,
  bulkTransitionResultSchema,
  caseEditRequestSchema,
  caseExportQuerySchema,
  caseListQuerySchema,
  caseRowSchema,
  caseTransitionRequestSchema,
  lawFirmOptionSchema,
  lawFirmOptionsQuerySchema,
  lawyerOptionSchema,
  lawyerOptionsQuerySchema,
  pushListQuerySchema,
  pushRowSchema,
} from '../../contract/case-api';
import { stageStatsQuerySchema, stageStatsSchema } from '../../contract/case-stats';
import { followUpSchema } from '../../contract/contact-row';
import { followUpListQuerySchema, followUpRequestSchema, followUpRowSchema } from '../../contract/contacts';
import { formatDateTime } from '../../contract/dates';
import { pagedSchema } from '../../contract/paging';
import { caseDetailWithPlanSchema } from '../../contract/plans';
import { idParamsSchema } from '../../contract/users';
import { recordAudit } from '../audit/audit';
import { defineRoute } from '../http/route';
import { afterApproval } from './approval-hooks';
import { downloadAttachment, removeAttachment, uploadAttachment } from './attachments';
import { bulkTransition } from './bulk';
import { addFollowUp, listFollowUps } from './contacts/follow-ups';
import { mainDebtorWindow } from './contacts/window';
import { caseCsv } from './csv-export';
import { caseDetail } from './detail';
import { editCase } from './edit';
import { lawFirmOptions } from './firm-options';
import { lawyerOptions } from './lawyer-options';
import { listCases } from './list';
import { personKeyword } from './parties/pii-hash';
import { readPlans } from './plans/store';
import { listPushes } from './pushes';
import { caseRowsByIds } from './rows';
import { viewerOf } from './scope';
import { stageStats } from './stage-stats';
import { applyTransition } from './transitions';

export const caseRoutes = [
  defineRoute({
    method: 'GET',
    url: '/cases',
    summary:
      "The case list in the caller's scope: filters, sort, paging; each row with the events the caller may send",
    tags: ['cases'],
    access: 'cases.read',
    query: caseListQuerySchema,
    response: pagedSchema(caseRowSchema),
    handler: async ({ app, caller, query }) => listCases(app, await viewerOf(app.db, caller), query),
  }),

  defineRoute({
    method: 'GET',
    url: '/cases/pool',
    summary: 'The case pool: pending cases without a lawyer (for a lawyer: not pushed to another firm)',
    tags: ['cases'],
    access: 'cases.pool',
    query: caseListQuerySchema,
    response: pagedSchema(caseRowSchema),
    handler: async ({ app, caller, query }) =>
      listCases(app, await viewerOf(app.db, caller), { ...query, pool: true, mine: false }),
  }),

  defineRoute({
    method: 'GET',
    url: '/cases/mine',
    summary: "The calling lawyer's own cases",
    tags: ['cases'],
    access: 'lawyer.cases',
    query: caseListQuerySchema,
    response: pagedSchema(caseRowSchema),
    handler: async ({ app, caller, query }) =>
      listCases(app, await viewerOf(app.db, caller), { ...query, pool: false, mine: true }),
  }),

  defineRoute({
    method: 'GET',
    url: '/cases/export',
    summary: 'The case list of the current filter (or the selected ids) as CSV, streamed; UTF-8 with BOM',
    tags: ['cases'],
    access: 'cases.read',
    query: caseExportQuerySchema,
    raw: true,
    handler: async ({ app, caller, query, lang, reply, requestId }) => {
      const viewer = await viewerOf(app.db, caller);
      const now = app.clock.now();
      // Who took which data out: the export itself writes nothing else.
      const { sortField: _f, sortOrder: _o, ...filter } = query;
      // A keyword that is a person's full phone or ID number (the search by person) is not kept.
      if (filter.keyword && personKeyword(filter.keyword)) filter.keyword = '***';
      await recordAudit(
        app.db,
        { caller, requestId, at: now },
        {
          action: 'case.export',
          entity: 'case',
          entityId: null,
          summary: `CSV export ${JSON.stringify(filter)}`,
        },
      );
      // The file is named for the business time zone's minute, like the dates inside it.
      const stamp = formatDateTime(now).slice(0, 16).replace(/\D/g, '');
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="cases-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(caseCsv(app, viewer, query, lang));
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/cases/stats/stages',
    summary: 'Case-node statistics: cases per stage and status',
    tags: ['cases'],
    access: 'cases.stats',
    query: stageStatsQuerySchema,
    response: stageStatsSchema,
    handler: ({ app, query }) => stageStats(app.db, query),
  }),

  defineRoute({
    method: 'GET',
    url: '/cases/:id',
    summary: 'One case with attachments, payment follow-ups, repayments, pushes and its audit trail',
    tags: ['cases'],
    access: 'cases.read',
    params: idParamsSchema,
    response: caseDetailWithPlanSchema,
    handler: async ({ app, caller, params, lang }) => {
      const detail = await caseDetail(app.db, await viewerOf(app.db, caller), params.id, lang);
      const [plan] = await readPlans(app.db, params.id, app.clock.now(), app.config.planGraceDays);
      return {
        ...detail,
        contactWindow: await mainDebtorWindow(app, params.id),
        plan: plan ?? null,
        planId: plan?.id ?? null,
      };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/cases/:id',
    summary: 'Edit a case under optimistic locking: a stale version is answered 409 and nothing changes',
    tags: ['cases'],
    access: 'cases.edit',
    params: idParamsSchema,
    body: caseEditRequestSchema,
    response: caseRowSchema,
    handler: async ({ app, caller, params, body, requestId }) =>
      editCase(app, { caller, viewer: await viewerOf(app.db, caller), requestId }, params.id, body),
  }),

  defineRoute({
    method: 'POST',
    url: '/cases/:id/attachments',
    summary:
      'Attach one file to a case (multipart/form-data, field `file`; pdf, jpg, jpeg, png, doc, docx, xls, xlsx or zip; at most UPLOAD_MAX_MB, default 20 MB, and 50 files a case)',
    tags: ['cases'],
    access: 'cases.edit',
    params: idParamsSchema,
    response: attachmentSchema,
    handler: async ({ app, caller, params, request, requestId }) =>
      uploadAttachment(
        app,
        { caller, viewer: await viewerOf(app.db, caller), requestId },
        params.id,
        request,
      ),
  }),

  defineRoute({
    method: 'GET',
    url: '/cases/:id/attachments/:attachmentId',
    summary:
      'The file of a case attachment, streamed (Content-Disposition with RFC 5987 filename*); 404 when the record has no stored file',
    tags: ['cases'],
    access: 'cases.read',
    params: attachmentParamsSchema,
    raw: true,
    handler: async ({ app, caller, params, reply }) =>
      downloadAttachment(app, await viewerOf(app.db, caller), params.id, params.attachmentId, reply),
  }),

  defineRoute({
    method: 'DELETE',
    url: '/cases/:id/attachments/:attachmentId',
    summary: 'Remove a case attachment: its record (audited) and its file',
    tags: ['cases'],
    access: 'cases.edit',
    params: attachmentParamsSchema,
    response: attachmentDeletedSchema,
    handler: async ({ app, caller, params, requestId }) =>
      removeAttachment(
        app,
        { caller, viewer: await viewerOf(app.db, caller), requestId },
        params.id,
        params.attachmentId,
      ),
  }),

  defineRoute({
    method: 'POST',
    url: '/cases/:id/transitions',
    summary:
      'Send a status event to a case; the case status machine accepts it or refuses it (409 with the reason)',
    tags: ['cases'],
    access: 'cases.read',
    params: idParamsSchema,
    body: caseTransitionRequestSchema,
    response: caseRowSchema,
    handler: async ({ app, caller, params, body, requestId }) => {
      const viewer = await viewerOf(app.db, caller);
      const row = await applyTransition(app, { caller, viewer, requestId }, params.id, body);
      // What acts on approval (server/routing/: a rule that routes on approval) runs now.
      if (body.event !== 'APPROVE' || !(await afterApproval(app, params.id, requestId))) return row;
      const [routed] = await caseRowsByIds(app.db, [params.id], viewer);
      return routed ?? row;
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/cases/bulk-transitions',
    summary:
      'Send one event (ASSIGN, PUSH, CLOSE) to each of many cases; answered per case: done, or refused and why',
    tags: ['cases'],
    access: 'cases.read',
    body: bulkTransitionRequestSchema,
    response: bulkTransitionResultSchema,
    handler: async ({ app, caller, body, requestId, lang }) =>
      bulkTransition(app, { caller, viewer: await viewerOf(app.db, caller), requestId }, body, lang),
  }),

  defineRoute({
    method: 'POST',
    url: '/cases/:id/follow-ups',
    summary: 'Record a payment follow-up on a case (its handling lawyer or operations)',
    tags: ['cases'],
    access: 'cases.run',
    params: idParamsSchema,
    body: followUpRequestSchema,
    response: followUpSchema,
    handler: async ({ app, caller, params, body, requestId }) =>
      addFollowUp(app, { caller, viewer: await viewerOf(app.db, caller), requestId }, params.id, body),
  }),

  defineRoute({
    method: 'GET',
    url: '/follow-ups',
    summary: "Payment follow-ups across cases, newest first (a lawyer: their own cases')",
    tags: ['cases'],
    access: 'cases.run',
    query: followUpListQuerySchema,
    response: pagedSchema(followUpRowSchema),
    handler: async ({ app, caller, query }) => listFollowUps(app, await viewerOf(app.db, caller), query),
  }),

  defineRoute({
    method: 'GET',
    url: '/case-pushes',
    summary: "Cases pushed to law firms, newest first (a contact person: their firm's)",
    tags: ['cases'],
    access: 'cases.pushes',
    query: pushListQuerySchema,
    response: pagedSchema(pushRowSchema),
    handler: async ({ app, caller, query }) => listPushes(app, await viewerOf(app.db, caller), query),
  }),

  defineRoute({
    method: 'GET',
    url: '/lawyers/options',
    summary:
      "Lawyers a case can be assigned to (passed review), for a select (a contact person: their firm's)",
    tags: ['cases'],
    access: 'cases.assign',
    query: lawyerOptionsQuerySchema,
    response: pagedSchema(lawyerOptionSchema),
    handler: async ({ app, caller, query }) => lawyerOptions(app, await viewerOf(app.db, caller), query),
  }),

  defineRoute({
    method: 'GET',
    url: '/lawfirms/options',
    summary: 'Law firms a case can be pushed to (passed review), for a select',
    tags: ['cases'],
    access: 'cases.push',
    query: lawFirmOptionsQuerySchema,
    response: pagedSchema(lawFirmOptionSchema),
    handler: ({ app, query }) => lawFirmOptions(app, query),
  }),
];
