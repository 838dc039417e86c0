import type { Kysely } from 'kysely';
import { maskPhone } from '../../../contract/access';
import { maskPartyIdNumber, type Party, type PartyIdType, type PartyInput } from '../../../contract/parties';
import { bulkInsert } from '../../db/bulk-insert';
import type { Database } from '../../db/schema';
import type { PiiHasher } from './pii-hash';

/**
 * Parties as stored and as answered. Every answer goes through `readParties`, which masks the
 * ID number and each phone: a full value leaves the server only through the reveal call.
 */

/** The parties of these cases, masked, in order (main debtor first), by case id. */
export async function readParties(
  db: Kysely<Database>,
  caseIds: readonly number[],
): Promise<Map<number, Party[]>> {
  const byCase = new Map<number, Party[]>(caseIds.map((id) => [id, []]));
  if (caseIds.length === 0) return byCase;
  const parties = await db
    .selectFrom('case_parties')
    .select(['id', 'case_id', 'role', 'name', 'id_type', 'id_number', 'employer'])
    .where('case_id', 'in', caseIds)
    .orderBy('case_id')
    .orderBy('position')
    .execute();
  if (parties.length === 0) return byCase;
  const partyIds = parties.map((p) => p.id);
  const [phones, addresses] = await Promise.all([
    db
      .selectFrom('party_phones')
      .select(['id', 'party_id', 'number', 'label', 'status'])
      .where('party_id', 'in', partyIds)
      .orderBy('party_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('party_addresses')
      .select(['id', 'party_id', 'kind', 'text'])
      .where('party_id', 'in', partyIds)
      .orderBy('party_id')
      .orderBy('position')
      .execute(),
  ]);
  const answered = new Map<number, Party>();
  for (const p of parties) {
    const idType = p.id_type as PartyIdType | null;
    const party: Party = {
      id: p.id,
      role: p.role as Party['role'],
      name: p.name,
      idType,
      idNumber: p.id_number === null ? null : maskPartyIdNumber(p.id_number),
      phones: [],
      addresses: [],
      employer: p.employer,
    };
    answered.set(p.id, party);
    byCase.get(p.case_id)?.push(party);
  }
  for (const phone of phones) {
    answered.get(phone.party_id)?.phones.push({
      id: phone.id,
      number: maskPhone(phone.number),
      label: phone.label,
      status: phone.status as Party['phones'][number]['status'],
    });
  }
  for (const address of addresses) {
    answered.get(address.party_id)?.addresses.push({
      id: address.id,
      kind: address.kind as Party['addresses'][number]['kind'],
      text: address.text,
    });
  }
  return byCase;
}

/** The next free position of a case's parties. */
export async function nextPosition(db: Kysely<Database>, caseId: number): Promise<number> {
  const row = await db
    .selectFrom('case_parties')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('case_id', '=', caseId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

export type PhoneRow = { number: string; label?: string | null; status: string };

/** Writes a party's phones, replacing what it had, in the given order. */
export async function writePhones(
  trx: Kysely<Database>,
  hash: PiiHasher,
  party: { id: number; caseId: number },
  phones: readonly PhoneRow[],
): Promise<void> {
  await trx.deleteFrom('party_phones').where('party_id', '=', party.id).execute();
  if (phones.length === 0) return;
  await trx
    .insertInto('party_phones')
    .values(
      phones.map((phone, position) => ({
        party_id: party.id,
        case_id: party.caseId,
        position,
        number: phone.number,
        number_hash: hash.phone(phone.number),
        label: phone.label ?? null,
        status: phone.status,
      })),
    )
    .execute();
}

/** Writes a party's addresses, replacing what it had. */
export async function writeAddresses(
  trx: Kysely<Database>,
  partyId: number,
  addresses: ReadonlyArray<{ kind: string; text: string }>,
): Promise<void> {
  await trx.deleteFrom('party_addresses').where('party_id', '=', partyId).execute();
  if (addresses.length === 0) return;
  await trx
    .insertInto('party_addresses')
    .values(addresses.map((a, position) => ({ party_id: partyId, position, kind: a.kind, text: a.text })))
    .execute();
}

/**
 * Stores new parties of one case from `position` on (0: the main debtor), with their phones and
 * addresses; answers their ids in order. The caller holds the transaction and checked each
 * party against contract/parties.ts.
 */
export async function insertParties(
  trx: Kysely<Database>,
  hash: PiiHasher,
  caseId: number,
  parties: readonly PartyInput[],
  position: number,
  at: Date,
): Promise<number[]> {
  return insertPartiesOfCases(trx, hash, [{ caseId, parties, position }], at);
}

/**
 * The parties of many cases at once (intake and the import: 100,000 cases and 150,000 parties
 * in a file), each case's from its `position` on: one multi-row statement per table and chunk
 * (server/db/bulk-insert.ts) instead of three statements a party. Answers the parties' ids in
 * the order given.
 */
export async function insertPartiesOfCases(
  trx: Kysely<Database>,
  hash: PiiHasher,
  cases: ReadonlyArray<{ caseId: number; parties: readonly PartyInput[]; position: number }>,
  at: Date,
): Promise<number[]> {
  const now = at.toISOString();
  const rows = cases.flatMap((c) =>
    c.parties.map((party, i) => ({
      case_id: c.caseId,
      role: party.role,
      position: c.position + i,
      name: party.name,
      id_type: party.idNumber ? (party.idType ?? null) : null,
      id_number: party.idNumber ?? null,
      id_number_hash: party.idNumber ? hash.idNumber(party.idNumber) : null,
      employer: party.employer ?? null,
      created_at: now,
      updated_at: now,
    })),
  );
  if (rows.length === 0) return [];
  const ids = await bulkInsert(trx, 'case_parties', rows, { returnIds: true });
  const phones: Record<string, unknown>[] = [];
  const addresses: Record<string, unknown>[] = [];
  let k = 0;
  for (const c of cases)
    for (const party of c.parties) {
      const partyId = ids[k++];
      for (const [position, phone] of party.phones.entries())
        phones.push({
          party_id: partyId,
          case_id: c.caseId,
          position,
          number: phone.number,
          number_hash: hash.phone(phone.number),
          label: phone.label ?? null,
          status: phone.status,
        });
      for (const [position, a] of party.addresses.entries())
        addresses.push({ party_id: partyId, position, kind: a.kind, text: a.text });
    }
  await bulkInsert(trx, 'party_phones', phones);
  await bulkInsert(trx, 'party_addresses', addresses);
  return ids;
}

/** The case's `debtor_name` changed by a case edit: its main debtor carries the same name. */
export async function renameMainDebtor(trx: Kysely<Database>, caseId: number, name: string, at: Date) {
  await trx
    .updateTable('case_parties')
    .set({ name, updated_at: at.toISOString() })
    .where('case_id', '=', caseId)
    .where('position', '=', 0)
    .execute();
}
