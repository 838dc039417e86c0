import {
  complianceBreachRowSchema,
  complianceLawyerRowSchema,
  compliancePartyDayRowSchema,
  complianceQuerySchema,
  contactListQuerySchema,
  contactPageSchema,
  contactPhoneListSchema,
  contactRequestSchema,
  contactSchema,
  contactWindowQuerySchema,
  contactWindowSchema,
  sensitiveWordsRequestSchema,
  sensitiveWordsSchema,
  smsRequestSchema,
} from '../../../contract/contacts';
import { pagedSchema } from '../../../contract/paging';
import { idParamsSchema } from '../../../contract/users';
import { defineRoute } from '../../http/route';
import { viewerOf } from '../scope';
import { complianceBreaches, complianceByLawyer, compliancePartyDays } from './compliance';
import { addContact, listContacts } from './log';
import { replaceSensitiveWords, sensitiveWords } from './sensitive-words';
import { sendPartySms } from './sms';
import { contactPhones, windowOfParty } from './window';

const wordList = (words: string[]) => ({ words, text: words.join('\n') });

/** The contact log, its rules, party SMS, sensitive words and 合规监控 (README here). */
export const contactRoutes = [
  defineRoute({
    method: 'POST',
    url: '/cases/:id/contacts',
    summary:
      'Log a contact with a party. Outbound contact is judged by the collection rules in business time (409 naming the rule; `override: {reason}` under contacts.override records it anyway); a note with a sensitive word is 422, code 10010',
    tags: ['cases'],
    access: 'contacts.write',
    params: idParamsSchema,
    body: contactRequestSchema,
    response: contactSchema,
    handler: async ({ app, caller, params, body, requestId }) =>
      addContact(app, { caller, viewer: await viewerOf(app.db, caller), requestId }, params.id, body),
  }),

  defineRoute({
    method: 'GET',
    url: '/cases/:id/contacts',
    summary: "A case's contact log, newest first (phones masked)",
    tags: ['cases'],
    access: 'cases.read',
    params: idParamsSchema,
    query: contactListQuerySchema,
    response: contactPageSchema,
    handler: async ({ app, caller, params, query }) =>
      listContacts(app, await viewerOf(app.db, caller), params.id, query),
  }),

  defineRoute({
    method: 'GET',
    url: '/cases/:id/contact-window',
    summary: 'Whether the party may be called now: {allowed, rule?, nextAllowedAt?}',
    tags: ['cases'],
    access: 'contacts.write',
    params: idParamsSchema,
    query: contactWindowQuerySchema,
    response: contactWindowSchema,
    handler: async ({ app, caller, params, query }) =>
      windowOfParty(app, await viewerOf(app.db, caller), params.id, query.partyId),
  }),

  defineRoute({
    method: 'GET',
    url: '/cases/:id/contact-phones',
    summary: "The case's parties' phones, masked and named with their party, for the contact and SMS forms",
    tags: ['cases'],
    access: 'contacts.write',
    params: idParamsSchema,
    response: contactPhoneListSchema,
    handler: async ({ app, caller, params }) => contactPhones(app, await viewerOf(app.db, caller), params.id),
  }),

  defineRoute({
    method: 'POST',
    url: '/cases/:id/sms',
    summary:
      "A template SMS to a party's phone through the product's SMS sender, under the contact rules; logged as a contact",
    tags: ['cases'],
    access: 'contacts.write',
    params: idParamsSchema,
    body: smsRequestSchema,
    response: contactSchema,
    handler: async ({ app, caller, params, body, requestId }) =>
      sendPartySms(app, { caller, viewer: await viewerOf(app.db, caller), requestId }, params.id, body),
  }),

  defineRoute({
    method: 'GET',
    url: '/sensitive-words',
    summary: 'The sensitive words a contact note, SMS or letter paragraph may not hold',
    tags: ['compliance'],
    access: 'sensitiveWords.manage',
    response: sensitiveWordsSchema,
    handler: async ({ app }) => wordList(await sensitiveWords(app.db)),
  }),

  defineRoute({
    method: 'PUT',
    url: '/sensitive-words',
    summary: 'Replace the sensitive words (stored normalised: NFKC, lower case, no blanks)',
    tags: ['compliance'],
    access: 'sensitiveWords.manage',
    body: sensitiveWordsRequestSchema,
    response: sensitiveWordsSchema,
    handler: async ({ app, caller, body, requestId }) =>
      wordList(
        await replaceSensitiveWords(app, { caller, requestId }, 'words' in body ? body.words : body.text),
      ),
  }),

  defineRoute({
    method: 'GET',
    url: '/compliance/contacts',
    summary:
      '合规监控: contacts per firm and lawyer in a period (business days), with overrides and refusals',
    tags: ['compliance'],
    access: 'compliance.read',
    query: complianceQuerySchema,
    response: pagedSchema(complianceLawyerRowSchema),
    handler: async ({ app, query }) => complianceByLawyer(app, query),
  }),

  defineRoute({
    method: 'GET',
    url: '/compliance/breaches',
    summary: '合规监控: outbound contacts refused by a rule and contacts recorded against one, newest first',
    tags: ['compliance'],
    access: 'compliance.read',
    query: complianceQuerySchema,
    response: pagedSchema(complianceBreachRowSchema),
    handler: async ({ app, query }) => complianceBreaches(app, query),
  }),

  defineRoute({
    method: 'GET',
    url: '/compliance/party-days',
    summary: '合规监控: outbound calls per person and business day across every case, busiest first',
    tags: ['compliance'],
    access: 'compliance.read',
    query: complianceQuerySchema,
    response: pagedSchema(compliancePartyDayRowSchema),
    handler: async ({ app, query }) => compliancePartyDays(app, query),
  }),
];
