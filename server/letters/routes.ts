import {
  letterListQuerySchema,
  letterQueueQuerySchema,
  letterResubmitRequestSchema,
  letterReviewRequestSchema,
  letterRowSchema,
} from '../../contract/firm-api';
import { writeLetterRequestSchema, writeLetterResponseSchema } from '../../contract/letters';
import { pagedSchema } from '../../contract/paging';
import { idParamsSchema } from '../../contract/users';
import { fail } from '../http/errors';
import { defineRoute } from '../http/route';
import { resubmitLetter, reviewLetter } from './decisions';
import { sendLetterPdf } from './file';
import { letterInScope, letterScopeOf, listLetters } from './list';
import { writeLetter } from './write';

export const letterRoutes = [
  defineRoute({
    method: 'GET',
    url: '/letters',
    summary: "Lawyer's letters in the caller's scope: filters, sort, paging (a contact person: their firm's)",
    tags: ['letters'],
    access: 'letters.read',
    query: letterListQuerySchema,
    response: pagedSchema(letterRowSchema),
    handler: async ({ app, caller, query }) =>
      listLetters(app.db, await letterScopeOf(app.db, caller, 'letters.read'), query),
  }),

  defineRoute({
    method: 'GET',
    url: '/letters/auditing',
    summary: 'Letters waiting for review (business operations)',
    tags: ['letters'],
    access: 'letters.review',
    query: letterQueueQuerySchema,
    response: pagedSchema(letterRowSchema),
    handler: async ({ app, caller, query }) =>
      listLetters(app.db, await letterScopeOf(app.db, caller, 'letters.review'), {
        ...query,
        status: ['auditing'],
      }),
  }),

  defineRoute({
    method: 'GET',
    url: '/letters/sent-back',
    summary: "Letters sent back, with the reason (a contact person: their firm's; a lawyer: their own)",
    tags: ['letters'],
    access: 'letters.resubmit',
    query: letterQueueQuerySchema,
    response: pagedSchema(letterRowSchema),
    handler: async ({ app, caller, query }) =>
      listLetters(app.db, await letterScopeOf(app.db, caller, 'letters.resubmit'), {
        ...query,
        status: ['rejected'],
      }),
  }),

  defineRoute({
    method: 'GET',
    url: '/letters/:id',
    summary: "One letter in the caller's scope (404 outside it)",
    tags: ['letters'],
    access: 'letters.read',
    params: idParamsSchema,
    response: letterRowSchema,
    handler: async ({ app, caller, params }) => {
      const letter = await letterInScope(
        app.db,
        await letterScopeOf(app.db, caller, 'letters.read'),
        params.id,
      );
      if (!letter) throw fail.notFound('letter.notFound');
      return letter;
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/letters/:id/review',
    summary:
      'Pass a letter under review, or send it back with a reason, naming the version read (409 when it changed, was already reviewed, or its case is closed)',
    tags: ['letters'],
    access: 'letters.review',
    params: idParamsSchema,
    body: letterReviewRequestSchema,
    response: letterRowSchema,
    handler: ({ app, caller, params, body, requestId }) =>
      reviewLetter(app, { caller, requestId }, params.id, body),
  }),

  defineRoute({
    method: 'POST',
    url: '/letters/:id/resubmit',
    summary:
      'Send a letter that was sent back in for review again, stamped anew (409 unless sent back, when its case is closed, or on an older `version`)',
    tags: ['letters'],
    access: 'letters.resubmit',
    params: idParamsSchema,
    body: letterResubmitRequestSchema,
    response: letterRowSchema,
    handler: ({ app, caller, params, body, requestId }) =>
      resubmitLetter(app, { caller, requestId }, params.id, body),
  }),

  defineRoute({
    method: 'POST',
    url: '/cases/:id/letters',
    summary:
      'The handling lawyer writes a letter for a case in processing from a template; it waits for review (403 not the handler, 409 not in processing)',
    tags: ['letters'],
    access: 'letters.write',
    params: idParamsSchema,
    body: writeLetterRequestSchema,
    response: writeLetterResponseSchema,
    handler: ({ app, caller, params, body, requestId }) =>
      writeLetter(app, { caller, requestId }, params.id, body),
  }),

  defineRoute({
    method: 'GET',
    url: '/letters/:id/pdf',
    summary:
      "A letter's PDF (application/pdf, Chinese as real text): its writer, their firm's contact person, reviewers",
    tags: ['letters'],
    access: 'letters.file',
    params: idParamsSchema,
    raw: true,
    handler: ({ app, caller, params, reply }) => sendLetterPdf(app, caller, params.id, reply),
  }),
];
