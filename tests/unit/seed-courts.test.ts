import { describe, expect, it } from 'vitest';
import { cityList, countyList } from '../../contract/regions';
import { basicCourtName, intermediateCourtName, isCourtSeat } from '../../server/seed/courts';

/** The seed's court names (server/seed/courts.ts), over every mainland city and county. */

const MAINLAND = cityList.filter(([code]) => !/^(71|81|82)/.test(code));
const cityName = new Map(cityList);

describe('seeded court names', () => {
  it('names basic and intermediate courts as the real ones are named', () => {
    expect(basicCourtName('440300', '深圳市', '南山区')).toBe('深圳市南山区人民法院');
    expect(basicCourtName('110100', '北京市', '朝阳区')).toBe('北京市朝阳区人民法院');
    expect(basicCourtName('532500', '红河哈尼族彝族自治州', '个旧市')).toBe('云南省个旧市人民法院');
    expect(basicCourtName('500200', '县', '城口县')).toBe('重庆市城口县人民法院');
    expect(basicCourtName('429000', '省直辖县', '仙桃市')).toBe('湖北省仙桃市人民法院');
    expect(intermediateCourtName('532500', '红河哈尼族彝族自治州', 0)).toBe(
      '红河哈尼族彝族自治州中级人民法院',
    );
    expect(intermediateCourtName('152200', '兴安盟', 0)).toBe('兴安盟中级人民法院');
    expect(intermediateCourtName('110100', '北京市', 1)).toBe('北京市第二中级人民法院');
    expect(intermediateCourtName('429000', '省直辖县', 0)).toBeNull();
  });

  it('never makes a court of a town, a street, a development zone or a placeholder', () => {
    expect(isCourtSeat('441903', '南城街道')).toBe(false);
    expect(isCourtSeat('441912', '虎门镇')).toBe(false);
    expect(isCourtSeat('130171', '石家庄高新技术产业开发区')).toBe(false);
    expect(isCourtSeat('130390', '经济技术开发区')).toBe(false);
    expect(isCourtSeat('532501', '个旧市')).toBe(true);
    const odd: string[] = [];
    for (const [code, name] of countyList) {
      const city = `${code.slice(0, 4)}00`;
      if (!isCourtSeat(code, name) || !MAINLAND.some(([c]) => c === city)) continue;
      const court = basicCourtName(city, cityName.get(city) ?? '', name);
      if (/(自治州|地区|盟)市|市辖区|省直辖县|^县|直辖县级|镇人民|街道|开发区|管理区/.test(court))
        odd.push(court);
    }
    for (const [code, name] of MAINLAND) {
      const court = intermediateCourtName(code, name, 0);
      if (court !== null && !/^[\u4e00-\u9fa5]+(市|自治州|地区|盟)(第[一二])?中级人民法院$/.test(court))
        odd.push(court);
    }
    expect(odd).toEqual([]);
  });
});
