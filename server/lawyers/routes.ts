import {
  lawyerEditRequestSchema,
  lawyerListQuerySchema,
  lawyerProfileSchema,
  lawyerRowSchema,
} from '../../contract/firm-api';
import { pagedSchema } from '../../contract/paging';
import { defineRoute } from '../http/route';
import { listLawyers } from './list';
import { editOwnProfile, ownProfile } from './profile';

/** The lawyer pages' data: lawyers with their review and case counts, and a lawyer's own profile. */
export const lawyerRoutes = [
  defineRoute({
    method: 'GET',
    url: '/lawyers',
    summary:
      "Lawyers with their firm, review and case counts: filters, sort, paging (a contact person: their firm's)",
    tags: ['lawyers'],
    access: 'lawyers.read',
    query: lawyerListQuerySchema,
    response: pagedSchema(lawyerRowSchema),
    handler: ({ app, caller, query }) => listLawyers(app.db, caller, query),
  }),

  defineRoute({
    method: 'GET',
    url: '/lawyers/mine',
    summary: "The calling lawyer's own profile: licence, firm, review, contact details and case counts",
    tags: ['lawyers'],
    access: 'lawyer.profile',
    response: lawyerProfileSchema,
    handler: ({ app, caller }) => ownProfile(app, caller),
  }),

  defineRoute({
    method: 'PUT',
    url: '/lawyers/mine',
    summary: "Update the calling lawyer's email and introduction",
    tags: ['lawyers'],
    access: 'lawyer.profile',
    body: lawyerEditRequestSchema,
    response: lawyerProfileSchema,
    handler: ({ app, caller, body, requestId }) => editOwnProfile(app, { caller, requestId }, body),
  }),
];
