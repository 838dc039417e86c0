import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Who a party is across cases, firms and lawyers, for the daily limits: the same ID number
 * (`id:` + the keyed hash of server/cases/parties/pii-hash.ts, already stored with the party),
 * else the same phone (`phone:` + its hash). A contact stores the key it counts under: the ID's,
 * else the phone's it used (or the party's first phone), else `party:<id>`.
 */
export interface PartyOfCase {
  id: number;
  name: string;
  /** The keys a rule check counts over. */
  keys: string[];
  /** The key a contact with this party (by `phoneId`) is stored under. */
  keyFor(phoneId: number | null): string;
  phones: Map<number, { number: string; hash: string }>;
}

/** A party of the case with its phones, or null when the party is not the case's. */
export async function partyOfCase(
  db: Kysely<Database>,
  caseId: number,
  partyId: number,
): Promise<PartyOfCase | null> {
  const party = await db
    .selectFrom('case_parties')
    .select(['id', 'name', 'id_number_hash'])
    .where('id', '=', partyId)
    .where('case_id', '=', caseId)
    .executeTakeFirst();
  if (!party) return null;
  const phoneRows = await db
    .selectFrom('party_phones')
    .select(['id', 'number', 'number_hash'])
    .where('party_id', '=', partyId)
    .orderBy('position')
    .execute();
  const phones = new Map(phoneRows.map((p) => [p.id, { number: p.number, hash: p.number_hash }]));
  const idKey = party.id_number_hash ? `id:${party.id_number_hash}` : null;
  const phoneKeys = phoneRows.map((p) => `phone:${p.number_hash}`);
  return {
    id: party.id,
    name: party.name,
    keys: idKey ? [idKey] : phoneKeys.length > 0 ? phoneKeys : [`party:${party.id}`],
    keyFor: (phoneId) => {
      if (idKey) return idKey;
      const used = phoneId === null ? undefined : phones.get(phoneId);
      if (used) return `phone:${used.hash}`;
      return phoneKeys[0] ?? `party:${party.id}`;
    },
    phones,
  };
}
