import type { Insertable } from 'kysely';
import { creditCodeCheckChar } from '../../contract/credit-code';
import type { PiiHasher } from '../cases/parties/pii-hash';
import type { PartyTables } from '../db/schema-parties';
import { Random } from './random';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';
const MOBILE_PREFIXES = ['13', '15', '17', '18', '19'];
const LABELS = ['本人', '本人', '家属', '单位'];

/** A fictitious 居民身份证 number of this region: a birth day from 1960 to 1999, a valid check character. */
export function fictitiousIdNumber(rng: Random, regionCode: string): string {
  const year = rng.int(1960, 1999);
  const month = rng.int(1, 12);
  const day = rng.int(1, 28);
  const first17 = `${regionCode}${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}${rng.digits(3)}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return first17 + CHECK[sum % 11];
}

/** A fictitious unified social credit code of a company registered in this region. */
function fictitiousCreditCode(rng: Random, regionCode: string): string {
  const first17 = `91${regionCode}${rng.digits(9)}`;
  return first17 + creditCodeCheckChar(first17);
}

const mobile = (rng: Random) => `${rng.pick(MOBILE_PREFIXES)}${rng.digits(9)}`;

/**
 * Each seeded case's main debtor: the case's debtor, with a fictitious ID number of the case's
 * region (a credit code for a company) and one or two phones. Drawn from a generator of its own
 * per case, so the rest of the demo data stays what it was.
 */
export function mainDebtorRows(
  cases: ReadonlyArray<{ id: number; debtor_name: string; region_code: string; created_at: string }>,
  hash: PiiHasher,
): {
  parties: Insertable<PartyTables['case_parties']>[];
  phonesOf: (partyIds: readonly number[]) => Insertable<PartyTables['party_phones']>[];
} {
  const phoneLists: string[][] = [];
  const parties = cases.map((c) => {
    const rng = new Random(c.id * 2_654_435_761);
    const company = c.debtor_name.includes('公司');
    const idNumber = company
      ? fictitiousCreditCode(rng, c.region_code)
      : fictitiousIdNumber(rng, c.region_code);
    phoneLists.push(Array.from({ length: rng.chance(0.4) ? 2 : 1 }, () => mobile(rng)));
    return {
      case_id: c.id,
      role: 'debtor',
      position: 0,
      name: c.debtor_name,
      id_type: company ? 'unifiedSocialCreditCode' : 'residentIdCard',
      id_number: idNumber,
      id_number_hash: hash.idNumber(idNumber),
      employer: null,
      created_at: c.created_at,
      updated_at: c.created_at,
    };
  });
  const phonesOf = (partyIds: readonly number[]) =>
    partyIds.flatMap((partyId, k) =>
      phoneLists[k].map((number, position) => ({
        party_id: partyId,
        case_id: cases[k].id,
        position,
        number,
        number_hash: hash.phone(number),
        label: LABELS[(partyId + position) % LABELS.length],
        status: position === 0 ? 'valid' : 'unknown',
      })),
    );
  return { parties, phonesOf };
}
