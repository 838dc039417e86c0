import { cityList, countyList, provinceCodeOf, provinceList } from '../../contract/regions';

/**
 * Court names for seeded cases, formed as China's courts are named:
 * - a district's basic court after its city: 深圳市南山区人民法院, 北京市朝阳区人民法院;
 * - a county's, a county-level city's or a banner's after its province: 云南省个旧市人民法院,
 *   河北省正定县人民法院 (after the municipality in one: 重庆市城口县人民法院);
 * - an intermediate court after its city, prefecture, autonomous prefecture or league:
 *   红河哈尼族彝族自治州中级人民法院, 兴安盟中级人民法院; a municipality's are numbered
 *   (北京市第一中级人民法院).
 * The divisions that are no court's seat (towns and streets of cities without districts,
 * development zones and other functional areas, coded 70 and above within their city) and
 * the placeholder "cities" of directly administered counties (省直辖县, 县) never appear.
 */

const MUNICIPALITIES = new Set(['110000', '120000', '310000', '500000']);

/** Placeholder city names in GB/T 2260 for counties a province or municipality administers directly. */
const NOT_A_CITY = /^(省直辖县|县|自治区直辖县级行政区划|省直辖县级行政区划)$/;

const provinceNames = new Map(provinceList);

/** Is this county-level division a basic court's seat (a district, county, county-level city or banner)? */
export function isCourtSeat(countyCode: string, countyName: string): boolean {
  const serial = Number(countyCode.slice(4));
  if (serial >= 70 && serial < 80) return false;
  if (serial >= 90) return false;
  if (/(市辖区|开发区|管理区|园区|新城|示范区|实验区)$/.test(countyName)) return false;
  return /(区|县|市|旗)$/.test(countyName);
}

/** The basic court of a county-level division (call only for a court seat). */
export function basicCourtName(cityCode: string, cityName: string, countyName: string): string {
  const province = provinceCodeOf(cityCode);
  const provinceName = provinceNames.get(province) ?? '';
  if (MUNICIPALITIES.has(province)) return `${provinceName}${countyName}人民法院`;
  if (countyName.endsWith('区') && !NOT_A_CITY.test(cityName)) return `${cityName}${countyName}人民法院`;
  return `${provinceName}${countyName}人民法院`;
}

/**
 * The intermediate court over a city, or null where the "city" is a placeholder for
 * directly administered counties (those take their county's basic court instead).
 * `n` picks among a municipality's numbered intermediate courts (each has at least two).
 */
export function intermediateCourtName(cityCode: string, cityName: string, n: number): string | null {
  if (NOT_A_CITY.test(cityName)) return null;
  const province = provinceCodeOf(cityCode);
  if (MUNICIPALITIES.has(province))
    return `${provinceNames.get(province)}第${n % 2 === 0 ? '一' : '二'}中级人民法院`;
  return `${cityName}中级人民法院`;
}

/** Mainland cities only: the courts and creditors of these disputes are in the mainland. */
export const MAINLAND_CITIES = cityList.filter(([code]) => !/^(71|81|82)/.test(code));

/** Counties grouped by city, for courts in the case's own city. */
export const countiesByCity = new Map<string, Array<readonly [code: string, name: string]>>();
for (const [code, name] of countyList) {
  const city = `${code.slice(0, 4)}00`;
  const list = countiesByCity.get(city) ?? [];
  list.push([code, name]);
  countiesByCity.set(city, list);
}

/**
 * The court of a case in a city: the drawn county's basic court when it is a court's seat,
 * else the city's intermediate court, else (a placeholder "city" of directly administered
 * counties) one of its counties' basic courts, chosen by `n`. Nothing is drawn here, so the
 * random stream (and with it the rest of the demo data) stays as it was.
 */
export function courtOf(
  cityCode: string,
  cityName: string,
  county: readonly [code: string, name: string] | null,
  n: number,
): string {
  if (county && isCourtSeat(...county)) return basicCourtName(cityCode, cityName, county[1]);
  const intermediate = intermediateCourtName(cityCode, cityName, n);
  if (intermediate) return intermediate;
  const seats = (countiesByCity.get(cityCode) ?? []).filter(([code, name]) => isCourtSeat(code, name));
  const [, seat] = seats[n % Math.max(1, seats.length)] ?? ['', cityName];
  return basicCourtName(cityCode, cityName, seat);
}
