import { z } from 'zod';
import { publicLawFirmSchema } from '../../contract/auth';
import { lawFirmEditRequestSchema, lawFirmListQuerySchema, lawFirmRowSchema } from '../../contract/firm-api';
import { pagedSchema } from '../../contract/paging';
import { defineRoute } from '../http/route';
import { listLawFirms } from './list';
import { passedFirmNames } from './names';
import { editOwnFirm, ownFirm } from './own-firm';

/** The law-firm pages' data: the firms under review (operations) and a contact person's own firm. */
export const lawFirmRoutes = [
  defineRoute({
    method: 'GET',
    url: '/lawfirms',
    summary: 'Law firms with their review and figures: filters, sort, paging (business operations)',
    tags: ['lawfirms'],
    access: 'firms.read',
    query: lawFirmListQuerySchema,
    response: pagedSchema(lawFirmRowSchema),
    handler: ({ app, caller, query }) => listLawFirms(app.db, caller, query),
  }),

  defineRoute({
    method: 'GET',
    url: '/lawfirms/names',
    summary:
      "Every law firm that passed review, suspended ones included, by name: the options of the lists' firm filters (a lawyer registers only with the firms of GET /register/lawfirms)",
    tags: ['lawfirms'],
    access: 'signedIn',
    response: z.object({ list: z.array(publicLawFirmSchema) }),
    handler: ({ app }) => passedFirmNames(app.db, { openOnly: false }),
  }),

  defineRoute({
    method: 'GET',
    url: '/lawfirms/mine',
    summary: "The calling contact person's own law firm, with its review and figures",
    tags: ['lawfirms'],
    access: 'firm.profile',
    response: lawFirmRowSchema,
    handler: ({ app, caller }) => ownFirm(app, caller),
  }),

  defineRoute({
    method: 'PUT',
    url: '/lawfirms/mine',
    summary: "Update the calling contact person's firm: region, address, contact name and phone",
    tags: ['lawfirms'],
    access: 'firm.profile',
    body: lawFirmEditRequestSchema,
    response: lawFirmRowSchema,
    handler: ({ app, caller, body, requestId }) => editOwnFirm(app, { caller, requestId }, body),
  }),
];
