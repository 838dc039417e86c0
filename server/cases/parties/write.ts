import type { Kysely, Updateable } from 'kysely';
import { scopeOf } from '../../../contract/access';
import type { CaseRow } from '../../../contract/case-api';
import type { Party, PartyCan, PartyInput, PartyUpdate } from '../../../contract/parties';
import { scopeRefusal } from '../../../machines/caseGuards';
import { hasCaseTag, isWorked } from '../../../machines/caseRules';
import { recordAudit } from '../../audit/audit';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import type { CasePartiesTable } from '../../db/schema-parties';
import { fail } from '../../http/errors';
import type { Caller } from '../../http/route';
import { forgetCaseCounts } from '../count-cache';
import { actorOf, type CaseViewer } from '../scope';
import { writeCaseTerms } from '../search-terms';
import { visibleCase } from '../visible-case';
import { piiHasher } from './pii-hash';
import { insertParties, nextPosition, readParties, writeAddresses, writePhones } from './store';

type Who = { caller: Caller; viewer: CaseViewer; requestId: string };

/** What the handling lawyer (`parties.write` in scope `own`) may correct on a case being worked. */
const CONTACT_FIELDS = new Set<keyof PartyUpdate>(['phones', 'addresses', 'employer']);

/**
 * The case, if the caller may write its parties now (contract/access.ts `parties.write`): in
 * scope `all` while the case awaits review or was returned (the machine's `intakeEditable`);
 * in scope `own`, its handling lawyer while it is worked, contact details only.
 */
async function writableCase(app: AppContext, viewer: CaseViewer, caseId: number, fields: string[]) {
  const current = await visibleCase(app.db, viewer, caseId);
  const scope = scopeOf('parties.write', viewer.role);
  if (scope === 'all') {
    if (!hasCaseTag(current, 'intakeEditable')) throw fail.conflict('party.notEditable');
    return current;
  }
  if (
    scope !== 'own' ||
    current.lawyerId === null ||
    current.lawyerId !== viewer.lawyerId ||
    !isWorked(current)
  )
    throw fail.forbidden('case.transition.notHandlingLawyer');
  if (fields.some((f) => !CONTACT_FIELDS.has(f as keyof PartyUpdate)))
    throw fail.forbidden('party.contactsOnly');
  return current;
}

/**
 * What the viewer may do to this case's parties now, sent with the list (`can`) so the screen
 * offers only that: reveal a value (`parties.reveal` over the case), add a party and edit every
 * field (scope `all` while intake may change it), or edit contact details only (the handling
 * lawyer of a worked case). The server checks each call again.
 */
export function partyAbilities(current: CaseRow, viewer: CaseViewer): PartyCan {
  const scope = scopeOf('parties.write', viewer.role);
  const revealScope = scopeOf('parties.reveal', viewer.role);
  const reveal = scopeRefusal(revealScope, current, actorOf(viewer)) === null;
  const all = scope === 'all' && hasCaseTag(current, 'intakeEditable');
  const own =
    scope === 'own' && current.lawyerId !== null && current.lawyerId === viewer.lawyerId && isWorked(current);
  return { reveal, add: all, edit: all || own, contactsOnly: !all && own };
}

async function answerParty(db: Kysely<Database>, caseId: number, partyId: number): Promise<Party> {
  const party = (await readParties(db, [caseId])).get(caseId)?.find((p) => p.id === partyId);
  if (!party) throw fail.notFound('party.notFound');
  return party;
}

/** POST /api/cases/:id/parties: a further party (co-debtor, guarantor, another debtor). */
export async function addParty(app: AppContext, who: Who, caseId: number, body: PartyInput): Promise<Party> {
  const current = await writableCase(app, who.viewer, caseId, Object.keys(body));
  const hash = await piiHasher(app.db);
  const now = app.clock.now();
  const id = await app.db.transaction().execute(async (trx) => {
    const position = await nextPosition(trx, caseId);
    const [partyId] = await insertParties(trx, hash, caseId, [body], position, now);
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: 'party.create',
        entity: 'case',
        entityId: caseId,
        summary: `party ${partyId} added`,
        params: { caseNo: current.caseNo, name: body.name, partyRole: body.role },
      },
    );
    return partyId;
  });
  return answerParty(app.db, caseId, id);
}

/** The main debtor's new name is the case's debtor: the case row, its search terms and version follow. */
async function renameCase(trx: Kysely<Database>, current: CaseRow, name: string, at: Date) {
  await trx
    .updateTable('cases')
    .set({ debtor_name: name, version: current.version + 1, updated_at: at.toISOString() })
    .where('id', '=', current.id)
    .execute();
  await writeCaseTerms(trx, current.id, {
    title: current.title,
    debtor_name: name,
    client_name: current.clientName,
  });
}

/** PUT /api/cases/:id/parties/:partyId: the given fields; phones and addresses as whole lists. */
export async function updateParty(
  app: AppContext,
  who: Who,
  caseId: number,
  partyId: number,
  body: PartyUpdate,
): Promise<Party> {
  const fields = Object.keys(body).filter((k) => body[k as keyof PartyUpdate] !== undefined);
  const current = await writableCase(app, who.viewer, caseId, fields);
  const stored = await app.db
    .selectFrom('case_parties')
    .selectAll()
    .where('id', '=', partyId)
    .where('case_id', '=', caseId)
    .executeTakeFirst();
  if (!stored) throw fail.notFound('party.notFound');
  if (stored.position === 0 && body.role !== undefined && body.role !== 'debtor')
    throw fail.field('role', 'party.mainDebtorStays');
  const idType = body.idType === undefined ? stored.id_type : body.idType;
  // A new document type with no number would leave the old number under the wrong type.
  if (body.idType !== undefined && body.idType !== stored.id_type && !body.idNumber && idType !== null)
    throw fail.field('idNumber', 'party.idNumberRequired');
  const hash = await piiHasher(app.db);
  const storedPhones = body.phones
    ? await app.db
        .selectFrom('party_phones')
        .select(['id', 'number'])
        .where('party_id', '=', partyId)
        .execute()
    : [];
  const phones = body.phones?.map((phone, i) => {
    const number = phone.number ?? storedPhones.find((p) => p.id === phone.id)?.number;
    if (number === undefined) throw fail.field(`phones.${i}.id`, 'party.phoneNotFound');
    return { number, label: phone.label, status: phone.status };
  });
  const now = app.clock.now();
  const changes: Updateable<CasePartiesTable> = { updated_at: now.toISOString() };
  if (body.role !== undefined) changes.role = body.role;
  if (body.name !== undefined) changes.name = body.name;
  if (body.employer !== undefined) changes.employer = body.employer;
  if (body.idType !== undefined || body.idNumber !== undefined) {
    const number = body.idNumber === undefined ? stored.id_number : body.idNumber;
    changes.id_type = number ? idType : null;
    changes.id_number = idType ? number : null;
    changes.id_number_hash = idType && number ? hash.idNumber(number) : null;
  }
  await app.db.transaction().execute(async (trx) => {
    await trx.updateTable('case_parties').set(changes).where('id', '=', partyId).execute();
    if (phones) await writePhones(trx, hash, { id: partyId, caseId }, phones);
    if (body.addresses) await writeAddresses(trx, partyId, body.addresses);
    if (stored.position === 0 && body.name !== undefined && body.name !== current.debtorName)
      await renameCase(trx, current, body.name, now);
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: 'party.update',
        entity: 'case',
        entityId: caseId,
        summary: `party ${partyId} edited: ${fields.join(', ')}`,
        params: { caseNo: current.caseNo, name: body.name ?? stored.name, partyFields: fields.join(',') },
      },
    );
  });
  if (stored.position === 0 && body.name !== undefined)
    forgetCaseCounts(app.db, { columns: ['debtor_name'] });
  return answerParty(app.db, caseId, partyId);
}
