import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { CaseCondition } from '../scope';
import { personKeyword, piiHasher } from './pii-hash';

/**
 * A case list keyword that is a party's whole phone or ID number finds that party's cases
 * through the stored hashes (an exact match; the index holds no readable numbers). Null for
 * any other keyword. Not a reveal: the cases answer masked as always, and the typed value is
 * neither stored nor logged.
 */
export async function personCasesCondition(
  db: Kysely<Database>,
  keyword: string,
): Promise<CaseCondition | null> {
  const person = personKeyword(keyword);
  if (!person) return null;
  const hash = await piiHasher(db);
  if (person.kind === 'phone') {
    const digest = hash.phone(person.value);
    return (eb) =>
      eb(
        'cases.id',
        'in',
        eb
          .selectFrom('party_phones')
          .select('party_phones.case_id')
          .where('party_phones.number_hash', '=', digest),
      );
  }
  const digest = hash.idNumber(person.value);
  return (eb) =>
    eb(
      'cases.id',
      'in',
      eb
        .selectFrom('case_parties')
        .select('case_parties.case_id')
        .where('case_parties.id_number_hash', '=', digest),
    );
}
