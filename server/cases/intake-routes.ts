import { caseRowSchema } from '../../contract/case-api';
import {
  caseImportListQuerySchema,
  caseImportSchema,
  caseImportStartedSchema,
  caseImportSummarySchema,
} from '../../contract/case-intake';
import { pagedSchema } from '../../contract/paging';
import { caseCreateRequestSchema } from '../../contract/parties';
import { idParamsSchema } from '../../contract/users';
import { defineRoute } from '../http/route';
import { receiveImport } from './imports/receive';
import {
  attachmentHeader,
  importErrorsWorkbook,
  importReport,
  importTemplate,
  listImports,
} from './imports/report';
import { startImport } from './imports/run';
import { createCase } from './intake';
import { viewerOf } from './scope';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Case intake: the form's POST /api/cases and the spreadsheet imports (server/cases/imports/). */
export const caseIntakeRoutes = [
  defineRoute({
    method: 'POST',
    url: '/cases',
    summary:
      'Create one case (the intake form): pending, awaiting review, entered by the caller; a case number already used is 409. Optional `parties` (numbers in full): parties[0] is the main debtor and names the case',
    tags: ['cases'],
    access: 'cases.create',
    body: caseCreateRequestSchema,
    response: caseRowSchema,
    handler: async ({ app, caller, body, requestId }) =>
      createCase(app, { caller, viewer: await viewerOf(app.db, caller), requestId }, body),
  }),

  defineRoute({
    method: 'GET',
    url: '/cases/imports/template',
    summary: 'The import template (.xlsx): the Chinese column headers and one example row',
    tags: ['cases'],
    access: 'cases.import',
    raw: true,
    handler: async ({ reply }) => {
      reply
        .header('content-type', XLSX)
        .header('content-disposition', attachmentHeader('case-import-template.xlsx', '案件导入模板.xlsx'))
        .header('cache-control', 'no-store')
        .send(importTemplate());
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/cases/imports',
    summary:
      'Import cases from a spreadsheet (multipart: `file` .xlsx or .csv with the template headers, `mode` all | valid); answers {id} at once and runs in the background. A bad file (empty, not a spreadsheet, wrong headers, no rows, more than IMPORT_MAX_ROWS) is 400 and leaves nothing behind',
    tags: ['cases'],
    access: 'cases.import',
    response: caseImportStartedSchema,
    handler: async ({ app, caller, request, requestId }) => {
      const file = await receiveImport(app, request);
      return { id: await startImport(app, { caller, requestId }, file) };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/cases/imports',
    summary: 'Case imports, newest first: who ran each, when, its counts',
    tags: ['cases'],
    access: 'cases.import',
    query: caseImportListQuerySchema,
    response: pagedSchema(caseImportSummarySchema),
    handler: async ({ app, query, lang }) => listImports(app.db, query, lang),
  }),

  defineRoute({
    method: 'GET',
    url: '/cases/imports/:id',
    summary:
      "One import: status (running, done, failed), counts and the first 100 refused rows with reasons in the caller's language",
    tags: ['cases'],
    access: 'cases.import',
    params: idParamsSchema,
    response: caseImportSchema,
    handler: async ({ app, params, lang }) => importReport(app.db, params.id, lang),
  }),

  defineRoute({
    method: 'GET',
    url: '/cases/imports/:id/errors',
    summary: "The refused rows of an import as .xlsx: row number, the row's cells and the reasons",
    tags: ['cases'],
    access: 'cases.import',
    params: idParamsSchema,
    raw: true,
    handler: async ({ app, params, lang, reply }) => {
      const workbook = await importErrorsWorkbook(app.db, params.id, lang);
      reply
        .header('content-type', XLSX)
        .header(
          'content-disposition',
          attachmentHeader(`case-import-${params.id}-errors.xlsx`, `案件导入-${params.id}-错误行.xlsx`),
        )
        .header('cache-control', 'no-store')
        .send(workbook);
    },
  }),
];
