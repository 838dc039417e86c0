import { formatDateTime } from '../../../contract/dates';
import {
  partyInputSchema,
  partyListSchema,
  partyParamsSchema,
  partySchema,
  partyUpdateSchema,
  piiAccessPageSchema,
  piiAccessQuerySchema,
  revealAnswerSchema,
  revealRequestSchema,
} from '../../../contract/parties';
import { idParamsSchema } from '../../../contract/users';
import { recordAudit } from '../../audit/audit';
import { defineRoute } from '../../http/route';
import { viewerOf } from '../scope';
import { visibleCase } from '../visible-case';
import { listPiiAccess, piiAccessCsv } from './access-log';
import { revealPartyValue } from './reveal';
import { readParties } from './store';
import { addParty, updateParty } from './write';

/** A case's parties and the reveal of their personal data (README here says who may do what). */
export const partyRoutes = [
  defineRoute({
    method: 'GET',
    url: '/cases/:id/parties',
    summary:
      "A case's parties, main debtor first, to whoever may read the case; ID numbers and phones masked",
    tags: ['cases'],
    access: 'cases.read',
    params: idParamsSchema,
    response: partyListSchema,
    handler: async ({ app, caller, params }) => {
      await visibleCase(app.db, await viewerOf(app.db, caller), params.id);
      return { list: (await readParties(app.db, [params.id])).get(params.id) ?? [] };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/cases/:id/parties',
    summary:
      'Add a party (numbers in full) while the case awaits review or was returned (409 otherwise); answered masked',
    tags: ['cases'],
    access: 'parties.write:all',
    params: idParamsSchema,
    body: partyInputSchema,
    response: partySchema,
    handler: async ({ app, caller, params, body, requestId }) =>
      addParty(app, { caller, viewer: await viewerOf(app.db, caller), requestId }, params.id, body),
  }),

  defineRoute({
    method: 'PUT',
    url: '/cases/:id/parties/:partyId',
    summary:
      'Change a party: case operations while the case awaits review or was returned; the handling lawyer the phones, addresses and employer of a case being worked. Phones and addresses are whole lists; a phone with its id and no number keeps its number',
    tags: ['cases'],
    access: 'parties.write',
    params: partyParamsSchema,
    body: partyUpdateSchema,
    response: partySchema,
    handler: async ({ app, caller, params, body, requestId }) =>
      updateParty(
        app,
        { caller, viewer: await viewerOf(app.db, caller), requestId },
        params.id,
        params.partyId,
        body,
      ),
  }),

  defineRoute({
    method: 'POST',
    url: '/cases/:id/parties/:partyId/reveal',
    summary:
      'One ID number or phone in full, with a reason (`other` needs a note), recorded as a personal data access; PII_REVEAL_PER_HOUR a user (429 beyond)',
    tags: ['cases'],
    access: 'parties.reveal',
    params: partyParamsSchema,
    body: revealRequestSchema,
    response: revealAnswerSchema,
    handler: async ({ app, caller, params, body, ip }) =>
      revealPartyValue(
        app,
        { caller, viewer: await viewerOf(app.db, caller), ip },
        params.id,
        params.partyId,
        body,
      ),
  }),

  defineRoute({
    method: 'GET',
    url: '/pii-access',
    summary: 'Every reveal of personal data, newest first: filter by user, case and business day',
    tags: ['cases'],
    access: 'pii.audit',
    query: piiAccessQuerySchema,
    response: piiAccessPageSchema,
    handler: async ({ app, query }) => listPiiAccess(app.db, query),
  }),

  defineRoute({
    method: 'GET',
    url: '/pii-access/export',
    summary:
      'The reveals of the current filter as CSV (UTF-8 with BOM): who, role, case, party, field, reason, time, address; never a value',
    tags: ['cases'],
    access: 'pii.audit',
    query: piiAccessQuerySchema,
    raw: true,
    handler: async ({ app, caller, query, lang, reply, requestId }) => {
      const now = app.clock.now();
      const { page: _p, pageSize: _s, ...filter } = query;
      await recordAudit(
        app.db,
        { caller, requestId, at: now },
        {
          action: 'piiAccess.export',
          entity: 'pii_access',
          entityId: null,
          summary: `CSV export ${JSON.stringify(filter)}`,
        },
      );
      const stamp = formatDateTime(now).slice(0, 16).replace(/\D/g, '');
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="pii-access-${stamp}.csv"`)
        .send(piiAccessCsv(app.db, filter, lang));
    },
  }),
];
