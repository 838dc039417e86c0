import type { Insertable } from 'kysely';
import { creditCodeCheckChar } from '../../contract/credit-code';
import { regionName } from '../../contract/regions';
import type { PiiHasher } from '../cases/parties/pii-hash';
import type { PartyTables } from '../db/schema-parties';
import { personName } from './names';
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
  addressesOf: (partyIds: readonly number[]) => Insertable<PartyTables['party_addresses']>[];
} {
  const phoneLists: string[][] = [];
  const parties = cases.map((c) => {
    const rng = new Random(c.id * 2_654_435_761);
    const company = c.debtor_name.includes('公司');
    const idNumber = company
      ? fictitiousCreditCode(rng, c.region_code)
      : fictitiousIdNumber(rng, c.region_code);
    phoneLists.push(Array.from({ length: rng.chance(0.4) ? 2 : 1 }, () => mobile(rng)));
    // Drawn from a generator of its own, so the numbers above stay what they were.
    const more = new Random(c.id * 40_503 + 7);
    return {
      case_id: c.id,
      role: 'debtor',
      position: 0,
      name: c.debtor_name,
      id_type: company ? 'unifiedSocialCreditCode' : 'residentIdCard',
      id_number: idNumber,
      id_number_hash: hash.idNumber(idNumber),
      employer: company || more.chance(0.4) ? null : more.pick(EMPLOYERS),
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
  const addressesOf = (partyIds: readonly number[]) =>
    partyIds.flatMap((partyId, k) => addressRows(partyId, cases[k] as { id: number; region_code: string }));
  return { parties, phonesOf, addressesOf };
}

const STREETS = ['人民路', '解放路', '中山路', '建设路', '和平街', '新华路', '文化路', '滨江大道'];
const EMPLOYERS = [
  '某商贸有限公司',
  '某物流有限公司',
  '某建筑工程有限公司',
  '某餐饮管理有限公司',
  '某科技有限公司',
];

/** One or two fictitious addresses in the case's region (a 户籍地址, often a 居住地址). */
function addressRows(partyId: number, c: { id: number; region_code: string }) {
  const rng = new Random(partyId * 69_069 + 3);
  const place = regionName(c.region_code, '') ?? '';
  const street = () => `${place}${rng.pick(STREETS)}${rng.int(1, 399)}号`;
  const rows: Insertable<PartyTables['party_addresses']>[] = [
    { party_id: partyId, position: 0, kind: 'household', text: street() },
  ];
  if (rng.chance(0.6))
    rows.push({
      party_id: partyId,
      position: 1,
      kind: 'residence',
      text: `${street()}${rng.int(1, 30)}栋${rng.int(101, 2801)}室`,
    });
  return rows;
}

/**
 * A co-debtor or guarantor on about a third of the seeded cases (position 1), with a fictitious
 * ID number of the case's region, a phone and an address.
 */
export function furtherPartyRows(
  cases: ReadonlyArray<{ id: number; region_code: string; created_at: string }>,
  hash: PiiHasher,
) {
  const picked = cases.filter((c) => new Random(c.id * 97 + 11).chance(0.35));
  const phones: string[] = [];
  const parties = picked.map((c) => {
    const rng = new Random(c.id * 31_337 + 5);
    const idNumber = fictitiousIdNumber(rng, c.region_code);
    phones.push(mobile(rng));
    return {
      case_id: c.id,
      role: rng.chance(0.6) ? 'guarantor' : 'coDebtor',
      position: 1,
      name: personName(rng),
      id_type: 'residentIdCard',
      id_number: idNumber,
      id_number_hash: hash.idNumber(idNumber),
      employer: rng.chance(0.5) ? rng.pick(EMPLOYERS) : null,
      created_at: c.created_at,
      updated_at: c.created_at,
    };
  });
  const phonesOf = (partyIds: readonly number[]): Insertable<PartyTables['party_phones']>[] =>
    partyIds.map((partyId, k) => ({
      party_id: partyId,
      case_id: (picked[k] as { id: number }).id,
      position: 0,
      number: phones[k] as string,
      number_hash: hash.phone(phones[k] as string),
      label: '本人',
      status: 'valid',
    }));
  const addressesOf = (partyIds: readonly number[]) =>
    partyIds.flatMap((partyId, k) => addressRows(partyId, picked[k] as { id: number; region_code: string }));
  return { parties, phonesOf, addressesOf };
}
