import { z } from 'zod';
import {
  batchDetailSchema,
  batchListQuerySchema,
  batchPageSchema,
  creditorListQuerySchema,
  creditorOptionSchema,
  creditorRequestSchema,
  creditorSchema,
  reportRangeSchema,
  settlementExportParamsSchema,
  settlementQuerySchema,
  settlementSchema,
} from '../../contract/creditors';
import { formatDate } from '../../contract/dates';
import { pagedSchema } from '../../contract/paging';
import { idParamsSchema } from '../../contract/users';
import { attachmentHeader } from '../http/attachment-header';
import { defineRoute } from '../http/route';
import { batchReport } from './batch-report';
import { batchDetail, listBatches } from './batches';
import { repaymentReconciliation } from './reconciliation';
import { settlementWorkbook } from './settlement-export';
import { settlements } from './settlements';
import { createCreditor, creditorById, listCreditors, updateCreditor } from './store';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Creditors (委托方) and batches (委托批次): README here. */
export const creditorRoutes = [
  defineRoute({
    method: 'GET',
    url: '/creditors',
    summary: 'Creditors (委托方) with their fee rates per firm and their figures summed over their batches',
    tags: ['creditors'],
    access: 'creditors.read',
    query: creditorListQuerySchema,
    response: pagedSchema(creditorSchema),
    handler: async ({ app, caller, query }) => listCreditors(app.db, caller, query),
  }),

  defineRoute({
    method: 'GET',
    url: '/creditors/options',
    summary: 'Every creditor by name, for a select: {list: [{id, name}]}',
    tags: ['creditors'],
    access: 'creditors.read',
    response: z.object({ list: z.array(creditorOptionSchema) }),
    handler: async ({ app }) => ({
      list: await app.db.selectFrom('creditors').select(['id', 'name']).orderBy('name').limit(2000).execute(),
    }),
  }),

  defineRoute({
    method: 'GET',
    url: '/creditors/:id',
    summary: 'One creditor with its fee rates and figures',
    tags: ['creditors'],
    access: 'creditors.read',
    params: idParamsSchema,
    response: creditorSchema,
    handler: async ({ app, caller, params }) => creditorById(app.db, caller, params.id),
  }),

  defineRoute({
    method: 'POST',
    url: '/creditors',
    summary:
      'Add a creditor: name (unique), unified social credit code (checked, unique), contact person and phone, fee rates per firm that passed review, the largest reduction its plans may take',
    tags: ['creditors'],
    access: 'creditors.manage',
    body: creditorRequestSchema,
    response: creditorSchema,
    handler: async ({ app, caller, body, requestId }) => createCreditor(app, { caller, requestId }, body),
  }),

  defineRoute({
    method: 'PUT',
    url: '/creditors/:id',
    summary:
      "Edit a creditor (the same fields; `feeRates` absent leaves the rates, given replaces them); a new name becomes its cases' 委托方",
    tags: ['creditors'],
    access: 'creditors.manage',
    params: idParamsSchema,
    body: creditorRequestSchema,
    response: creditorSchema,
    handler: async ({ app, caller, params, body, requestId }) =>
      updateCreditor(app, { caller, requestId }, params.id, body),
  }),

  defineRoute({
    method: 'GET',
    url: '/batches',
    summary:
      'Batches (委托批次), newest entrustment first, with cases, claimed, repaid, outstanding and recovery rate from their summary rows; filters creditorId, entrustedFrom, entrustedTo, keyword',
    tags: ['creditors'],
    access: 'creditors.read',
    query: batchListQuerySchema,
    response: batchPageSchema,
    handler: async ({ app, query }) => listBatches(app.db, query),
  }),

  defineRoute({
    method: 'GET',
    url: '/batches/:id',
    summary: 'One batch: its figures, cases by status, position and firm, repaid per week',
    tags: ['creditors'],
    access: 'creditors.read',
    params: idParamsSchema,
    response: batchDetailSchema,
    handler: async ({ app, params }) => batchDetail(app.db, params.id),
  }),

  defineRoute({
    method: 'GET',
    url: '/batches/:id/report',
    summary:
      "A batch's progress report for its creditor (.xlsx, streamed): a summary sheet (batch, creditor, dates, totals, recovery rate, cases per firm) and one row per case (main debtor's ID masked)",
    tags: ['creditors'],
    access: 'creditors.read',
    params: idParamsSchema,
    raw: true,
    handler: async ({ app, params, lang, reply }) => {
      const { batchNo, stream } = await batchReport(app.db, params.id, lang, app.clock.now());
      reply
        .header('content-type', XLSX)
        .header(
          'content-disposition',
          attachmentHeader(`batch-${params.id}.xlsx`, `委托批次-${batchNo}-进度报告.xlsx`),
        )
        .header('cache-control', 'no-store')
        .send(stream);
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/creditors/:id/repayments',
    summary:
      "The creditor's repayment reconciliation (.xlsx, streamed): every repayment and reversal booked from `from` to `to` (days) on its cases, with case, day, amount (reversals negative), allocation, channel and voucher, and the totals",
    tags: ['creditors'],
    access: 'creditors.read',
    params: idParamsSchema,
    query: reportRangeSchema,
    raw: true,
    handler: async ({ app, params, query, lang, reply }) => {
      const { name, stream } = await repaymentReconciliation(app.db, params.id, query, lang);
      reply
        .header('content-type', XLSX)
        .header(
          'content-disposition',
          attachmentHeader(
            `repayments-${params.id}-${query.from}-${query.to}.xlsx`,
            `${name}-回款对账-${query.from}-${query.to}.xlsx`,
          ),
        )
        .header('cache-control', 'no-store')
        .send(stream);
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/settlements',
    summary:
      "The firms' monthly settlement (`month` YYYY-MM): per firm and creditor what it recovered (repayments recorded while it held the case, less reversals recorded that month) and its fee (the creditor's rate, half up to the fen); a firm's contact person sees their firm only",
    tags: ['creditors'],
    access: 'settlements.read',
    query: settlementQuerySchema,
    response: settlementSchema,
    handler: async ({ app, caller, query }) =>
      settlements(app.db, caller, {
        ...query,
        month: query.month ?? formatDate(app.clock.now()).slice(0, 7),
      }),
  }),

  defineRoute({
    method: 'GET',
    url: '/settlements/:lawFirmId/export',
    summary:
      "One firm's monthly settlement as .xlsx (`month`; a contact person gets their own firm's whatever the path names): the fee per creditor and every entry it counts",
    tags: ['creditors'],
    access: 'settlements.read',
    params: settlementExportParamsSchema,
    query: settlementQuerySchema,
    raw: true,
    handler: async ({ app, caller, params, query, lang, reply }) => {
      const { lawFirmId } = params;
      const month = query.month ?? formatDate(app.clock.now()).slice(0, 7);
      const stream = await settlementWorkbook(app.db, caller, { month, lawFirmId }, lang);
      reply
        .header('content-type', XLSX)
        .header(
          'content-disposition',
          attachmentHeader(`settlement-${lawFirmId}-${month}.xlsx`, `律所结算-${month}.xlsx`),
        )
        .header('cache-control', 'no-store')
        .send(stream);
    },
  }),
];
