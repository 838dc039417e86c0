import { z } from 'zod';
import { attachmentSchema } from '../../../contract/attachments';
import {
  allocationOrderAnswerSchema,
  allocationOrderRequestSchema,
  chargeRequestSchema,
  ledgerSchema,
  partsAnswerSchema,
  repaymentRequestSchema,
  repaymentSchema,
  reverseRequestSchema,
  VOUCHER_EXTENSIONS,
} from '../../../contract/ledger';
import { idParamsSchema } from '../../../contract/users';
import { canRepay } from '../../../machines/caseRules';
import { fail } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { uploadAttachment } from '../attachments';
import { handledCase } from '../payments';
import { viewerOf } from '../scope';
import { setAllocationOrder } from './allocation-order';
import { readLedger } from './read';
import { addCharge, addRepayment, reverseRepayment } from './repayments';

/** A case's ledger: repayments, their reversals, later charges and the ledger itself (README here). */
export const ledgerRoutes = [
  defineRoute({
    method: 'GET',
    url: '/cases/:id/ledger',
    summary:
      'The claim, repaid, waived and outstanding amounts by part (principal, interest, penalty, fees) and every entry with its allocation',
    tags: ['cases'],
    access: 'cases.read',
    params: idParamsSchema,
    response: ledgerSchema,
    handler: async ({ app, caller, params }) => readLedger(app.db, await viewerOf(app.db, caller), params.id),
  }),

  defineRoute({
    method: 'POST',
    url: '/cases/:id/repayments',
    summary:
      'Record a repayment on a case (its handling lawyer or operations), allocated fees -> penalty -> interest -> principal unless the case agreed another order; 409 with {outstandingFen} past the outstanding amount or on a case not in processing or suspended',
    tags: ['cases'],
    access: 'cases.run',
    params: idParamsSchema,
    body: repaymentRequestSchema,
    response: repaymentSchema,
    handler: async ({ app, caller, params, body, requestId }) =>
      addRepayment(app, { caller, viewer: await viewerOf(app.db, caller), requestId }, params.id, body),
  }),

  defineRoute({
    method: 'POST',
    url: '/cases/:id/vouchers',
    summary:
      "A repayment's voucher (multipart `file`: pdf, jpg, jpeg or png), stored as an attachment of the case by whoever may record its repayments; its id goes with the repayment",
    tags: ['cases'],
    access: 'cases.run',
    params: idParamsSchema,
    response: attachmentSchema,
    handler: async ({ app, caller, params, request, requestId }) => {
      // A request without a file is refused before the case is judged, as the attachments' upload does.
      if (!request.isMultipart()) throw fail.field('file', 'attachment.fileRequired');
      const viewer = await viewerOf(app.db, caller);
      const current = await handledCase(app, viewer, params.id);
      if (!canRepay(current)) throw fail.conflict('case.repayment.notRepayable');
      return uploadAttachment(app, { caller, viewer, requestId }, params.id, request, VOUCHER_EXTENSIONS);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/repayments/:id/reverse',
    summary:
      'Reverse (冲正) a repayment with a reason: its allocation goes back on the parts; a case it had closed as repaid is reopened by the system',
    tags: ['cases'],
    access: 'repayments.reverse',
    params: idParamsSchema,
    body: reverseRequestSchema,
    response: z.object({
      id: z.number().int(),
      repaymentId: z.number().int(),
      caseId: z.number().int(),
      reopenedCase: z.boolean(),
    }),
    handler: async ({ app, caller, params, body, requestId }) =>
      reverseRepayment(app, { caller, viewer: await viewerOf(app.db, caller), requestId }, params.id, body),
  }),

  defineRoute({
    method: 'POST',
    url: '/cases/:id/charges',
    summary:
      'A cost arising later (诉讼费, 保全费) on the fees part, by whoever may record repayments on the case',
    tags: ['cases'],
    access: 'cases.run',
    params: idParamsSchema,
    body: chargeRequestSchema,
    response: z.object({ id: z.number().int(), caseId: z.number().int(), outstanding: partsAnswerSchema }),
    handler: async ({ app, caller, params, body, requestId }) =>
      addCharge(app, { caller, viewer: await viewerOf(app.db, caller), requestId }, params.id, body),
  }),

  defineRoute({
    method: 'PUT',
    url: '/cases/:id/allocation-order',
    summary:
      'Record another agreed allocation order (each of principal, interest, penalty, fees once) with its reason, by whoever records the case’s repayments, while it is not closed (409); later repayments allocate in it',
    tags: ['cases'],
    access: 'cases.run',
    params: idParamsSchema,
    body: allocationOrderRequestSchema,
    response: allocationOrderAnswerSchema,
    handler: async ({ app, caller, params, body, requestId }) =>
      setAllocationOrder(app, { caller, viewer: await viewerOf(app.db, caller), requestId }, params.id, body),
  }),
];
