import type { Kysely } from 'kysely';
import { creditCodeCheckChar } from '../../contract/credit-code';
import { cityList, provinceCodeOf, provinceList } from '../../contract/regions';
import type { Role } from '../../contract/roles';
import { newAccountPasswordHash } from '../auth/set-password';
import type { Database } from '../db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { insertMany } from './insert-many';
import { firmName, personName } from './names';
import type { Random } from './random';

const CREDIT_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** A valid law-firm credit code: 3 (judicial administration) 1 (law firm), region, org code, check. */
export function lawFirmCreditCode(rng: Random, regionCode: string): string {
  let body = `31${regionCode}`;
  while (body.length < 17) body += CREDIT_ALPHABET[rng.int(0, CREDIT_ALPHABET.length - 1)];
  return body + creditCodeCheckChar(body);
}

const SHORT_PROVINCE = (name: string) =>
  name.replace(/(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/, '');

/**
 * `days` after a registration, but no later than the seed's moment (a registration seeded at
 * most a few days ago is then reviewed at that moment).
 */
function laterThan(registered: string, days: number, now: number): string {
  const at = Math.min(Date.parse(registered) + days * 86_400_000, now);
  return new Date(Math.max(at, Date.parse(registered))).toISOString();
}

export interface SeededPeople {
  firmIds: number[];
  passedFirmIds: number[];
  /** lawyers.id of lawyers who passed review, with their firm. */
  lawyers: Array<{ id: number; firmId: number; userId: number }>;
  /** Every seeded lawyer: those who passed review, wait for it or were rejected. */
  lawyerCount: number;
  demoLawyerId: number;
  demoFirmId: number;
  userIds: number[];
  demoUserIds: Record<Role, number>;
  firmAndLawyerUserIds: number[];
}

export async function seedPeople(
  db: Kysely<Database>,
  rng: Random,
  at: (daysAgo: number) => string,
  counts: { firms: number; lawyers: number },
): Promise<SeededPeople> {
  const seededAt = Date.parse(at(0));
  // Firms: the first is the demo contact person's; two wait for or failed review.
  const usedNames = new Set<string>();
  const bigCities = cityList.filter(([code]) =>
    ['11', '31', '44', '32', '33', '51', '42', '37', '35', '61'].includes(code.slice(0, 2)),
  );
  const firms = Array.from({ length: counts.firms }, (_, i) => {
    const [cityCode] =
      i === 0 ? (cityList.find(([c]) => c === '440300') ?? bigCities[0]) : rng.pick(bigCities);
    const province = provinceList.find(([c]) => c === provinceCodeOf(cityCode))?.[1] ?? '';
    const status = i === counts.firms - 1 ? 'rejected' : i === counts.firms - 2 ? 'auditing' : 'passed';
    const created = at(rng.int(400, 900));
    return {
      name: i === 0 ? '深圳恒信律师事务所' : firmName(rng, SHORT_PROVINCE(province), usedNames),
      region_code: cityCode,
      credit_code: lawFirmCreditCode(rng, cityCode),
      contact_name: i === 0 ? DEMO_ACCOUNTS[3].name : personName(rng),
      contact_phone: i === 0 ? DEMO_ACCOUNTS[3].phone : `139${String(10000000 + i).slice(-8)}`,
      address: `${rng.pick(['人民路', '中山路', '解放路', '建设路', '深南大道', '世纪大道'])}${rng.int(1, 999)}号${rng.int(5, 40)}楼`,
      review_status: status,
      review_reason: status === 'rejected' ? '营业执照与执业许可证信息不一致' : null,
      // Reviewed a day or more after it registered (derived, not drawn: the random stream stays).
      reviewed_at: status === 'auditing' ? null : laterThan(created, (i % 5) + 1, seededAt),
      created_at: created,
      updated_at: created,
    };
  });
  usedNames.add(firms[0].name);
  const firmIds = await insertMany(db, 'law_firms', firms, { returnIds: true });
  const passedFirmIds = firmIds.filter((_, i) => firms[i].review_status === 'passed');

  // Users: the six demo accounts, a contact person per firm, then the lawyers.
  type Person = { phone: string; name: string; role: Role; firmId: number | null; extraRoles: Role[] };
  const people: Person[] = DEMO_ACCOUNTS.map((a) => ({
    phone: a.phone,
    name: a.name,
    role: a.role,
    extraRoles: a.extraRoles,
    firmId: a.role === 'lawfirmContactPerson' || a.role === 'lawyer' ? firmIds[0] : null,
  }));
  firms.forEach((f, i) => {
    if (i > 0)
      people.push({
        phone: f.contact_phone,
        name: f.contact_name,
        role: 'lawfirmContactPerson',
        firmId: firmIds[i],
        extraRoles: [],
      });
  });
  const lawyerPeople: Person[] = [];
  for (let i = 1; i < counts.lawyers; i++) {
    // Lawyers belong to passed firms; the demo firm gets a few more.
    const firmId = i < 6 ? firmIds[0] : rng.pick(passedFirmIds);
    lawyerPeople.push({
      phone: `137${String(10000000 + i).slice(-8)}`,
      name: personName(rng),
      role: 'lawyer',
      firmId,
      extraRoles: [],
    });
  }
  people.push(...lawyerPeople);

  // Every account has its own salt, so each hash is computed (in parallel on libuv's pool).
  const hashes = await Promise.all(people.map(() => newAccountPasswordHash(DEMO_PASSWORD)));
  const userRows = people.map((p, i) => {
    const registered = at(rng.int(30, 800));
    return {
      phone: p.phone,
      password_hash: hashes[i],
      name: p.name,
      role: p.role,
      enabled: i >= DEMO_ACCOUNTS.length && rng.chance(0.04) ? 0 : 1,
      law_firm_id: p.firmId,
      email: `user${p.phone.slice(-4)}@casedesk.cn`,
      nickname: p.name,
      country_region: 'china',
      area: p.firmId ? firms[firmIds.indexOf(p.firmId)].region_code : '440300',
      address: null,
      introduction: p.role === 'lawyer' ? '专注金融借款、信用卡纠纷的诉讼与调解。' : null,
      website: null,
      registered_at: registered,
      account_id: `CD${String(100000 + i).padStart(10, '0')}`,
      certification: p.role === 'lawfirmContactPerson' ? 'enterprise' : 'none',
      updated_at: registered,
    };
  });
  const userIds = await insertMany(db, 'users', userRows, { returnIds: true });
  await insertMany(
    db,
    'user_roles',
    people.flatMap((p, i) => [p.role, ...p.extraRoles].map((role) => ({ user_id: userIds[i], role }))),
  );
  const demoUserIds = Object.fromEntries(DEMO_ACCOUNTS.map((a, i) => [a.role, userIds[i]])) as Record<
    Role,
    number
  >;

  // Lawyers: the demo lawyer first (passed); a handful wait for review or were rejected.
  const lawyerUserIndexes = people.map((p, i) => (p.role === 'lawyer' ? i : -1)).filter((i) => i >= 0);
  const lawyerRows = lawyerUserIndexes.map((ui, n) => {
    const status = n === 0 ? 'passed' : n % 13 === 5 ? 'auditing' : n % 29 === 7 ? 'rejected' : 'passed';
    const created = userRows[ui].registered_at;
    return {
      user_id: userIds[ui],
      // 17 digits: 1, region (4), licence year (4), 1, serial (7).
      licence_no: `1${firms[firmIds.indexOf(people[ui].firmId ?? firmIds[0])].region_code.slice(0, 4)}20${rng.int(10, 24)}1${String(n).padStart(7, '0')}`,
      law_firm_id: people[ui].firmId ?? firmIds[0],
      review_status: status,
      review_reason: status === 'rejected' ? '执业证书照片不清晰，请重新上传' : null,
      reviewed_at: status === 'auditing' ? null : laterThan(created, (n % 5) + 1, seededAt),
      created_at: created,
    };
  });
  const lawyerIds = await insertMany(db, 'lawyers', lawyerRows, { returnIds: true });
  const lawyers = lawyerIds
    .map((id, n) => ({
      id,
      firmId: lawyerRows[n].law_firm_id,
      userId: lawyerRows[n].user_id,
      status: lawyerRows[n].review_status,
    }))
    .filter((l) => l.status === 'passed')
    .map(({ id, firmId, userId }) => ({ id, firmId, userId }));

  return {
    firmIds,
    passedFirmIds,
    lawyers,
    lawyerCount: lawyerIds.length,
    demoLawyerId: lawyerIds[0],
    demoFirmId: firmIds[0],
    userIds,
    demoUserIds,
    firmAndLawyerUserIds: userIds.filter((_, i) => people[i].firmId !== null),
  };
}
