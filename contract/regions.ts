import { areaList } from '@vant/area-data';

/**
 * GB/T 2260 administrative divisions (province, city, county; six-digit codes), from
 * @vant/area-data. Pure data, but about 40 kB gzip: the browser loads it lazily.
 */

export function provinceCodeOf(code: string): string {
  return `${code.slice(0, 2)}0000`;
}

export function cityCodeOf(code: string): string {
  return `${code.slice(0, 4)}00`;
}

/** The full name of a code: 广东省 深圳市 南山区, or null when the code is unknown. */
export function regionName(code: string, separator = ' '): string | null {
  const province = areaList.province_list[provinceCodeOf(code)];
  if (!province) return null;
  const parts = [province];
  if (!code.endsWith('0000')) {
    const city = areaList.city_list[cityCodeOf(code)];
    if (!city) return null;
    // Municipalities (北京市 北京市) name the city like the province: say it once.
    if (city !== province) parts.push(city);
    if (!code.endsWith('00')) {
      const county = areaList.county_list[code];
      if (!county) return null;
      parts.push(county);
    }
  }
  return parts.join(separator);
}

export function isKnownRegion(code: string): boolean {
  return regionName(code) !== null;
}

export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

/** Province > city > county tree for cascaders. */
export function regionTree(depth: 1 | 2 | 3 = 3): RegionOption[] {
  const cities = new Map<string, RegionOption[]>();
  const counties = new Map<string, RegionOption[]>();
  if (depth >= 3) {
    for (const [code, name] of Object.entries(areaList.county_list)) {
      const list = counties.get(cityCodeOf(code)) ?? [];
      list.push({ value: code, label: name });
      counties.set(cityCodeOf(code), list);
    }
  }
  if (depth >= 2) {
    for (const [code, name] of Object.entries(areaList.city_list)) {
      const list = cities.get(provinceCodeOf(code)) ?? [];
      list.push({ value: code, label: name, ...(depth >= 3 ? { children: counties.get(code) ?? [] } : {}) });
      cities.set(provinceCodeOf(code), list);
    }
  }
  return Object.entries(areaList.province_list).map(([code, name]) => ({
    value: code,
    label: name,
    ...(depth >= 2 ? { children: cities.get(code) ?? [] } : {}),
  }));
}

export const cityList: ReadonlyArray<readonly [code: string, name: string]> = Object.entries(
  areaList.city_list,
);
export const countyList: ReadonlyArray<readonly [code: string, name: string]> = Object.entries(
  areaList.county_list,
);
export const provinceList: ReadonlyArray<readonly [code: string, name: string]> = Object.entries(
  areaList.province_list,
);
