import type { Random } from './random';

/** Word lists for realistic Chinese demo data (no real firm or person is meant). */

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN =
  '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华建国志强晓明海燕丹玉兰红梅鹏飞浩然子涵宇轩欣怡思远嘉怡俊杰雨涵博文婷婷佳琪文博梓萱子豪晨曦一鸣';

export function personName(rng: Random): string {
  const surname = rng.pick([...SURNAMES]);
  const chars = [...GIVEN];
  return surname + rng.pick(chars) + (rng.chance(0.7) ? rng.pick(chars) : '');
}

const FIRM_WORDS = [
  '恒信',
  '正和',
  '德衡',
  '君诚',
  '明达',
  '泰和',
  '华远',
  '嘉安',
  '瑞丰',
  '鼎盛',
  '融信',
  '弘毅',
  '博睿',
  '中正',
  '金典',
  '天平',
  '尚法',
  '致远',
  '海川',
  '立诚',
  '国晟',
  '信达',
  '汇德',
  '启明',
];

export function firmName(rng: Random, provinceShort: string, used: Set<string>): string {
  for (;;) {
    const name = `${provinceShort}${rng.pick(FIRM_WORDS)}律师事务所`;
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
}

const BANKS = [
  '中国工商银行股份有限公司',
  '中国建设银行股份有限公司',
  '中国农业银行股份有限公司',
  '中国银行股份有限公司',
  '交通银行股份有限公司',
  '招商银行股份有限公司',
  '浦发银行股份有限公司',
  '兴业银行股份有限公司',
  '平安银行股份有限公司',
  '中信银行股份有限公司',
];
const LENDERS = ['消费金融有限公司', '小额贷款有限公司', '融资租赁有限公司', '融资担保有限公司'];
const BRAND = ['安信', '汇通', '聚财', '中银', '宜信', '众诚', '华融', '金信', '惠民', '长银'];

/** Each kind of lender is one seeded creditor, of one brand. */
const LENDER_CREDITORS: Record<string, string> = {
  消费金融有限公司: '深圳安信消费金融有限公司',
  小额贷款有限公司: '重庆汇通小额贷款有限公司',
  融资租赁有限公司: '上海聚财融资租赁有限公司',
  融资担保有限公司: '广州众诚融资担保有限公司',
};

/**
 * The creditor (委托方) that entrusts the case: one of ten banks (head office) or four licensed
 * lenders, each a seeded creditor record (seed/creditors.ts). Draws as the branch names did
 * (a chance, a bank; or a brand and a kind), so the rest of the demo data stays the same.
 */
export function clientName(rng: Random, _cityName: string): string {
  if (rng.chance(0.65)) return rng.pick(BANKS);
  rng.pick(BRAND);
  return LENDER_CREDITORS[rng.pick(LENDERS)];
}

const COMPANY_TAIL = [
  '商贸有限公司',
  '科技有限公司',
  '建材有限公司',
  '餐饮管理有限公司',
  '物流有限公司',
  '服饰有限公司',
];

/** Most debtors are people; some are small companies. */
export function debtorName(rng: Random, cityName: string): string {
  if (rng.chance(0.8)) return personName(rng);
  return `${cityName.replace(/市$/, '')}${rng.pick(BRAND)}${rng.pick(COMPANY_TAIL)}`;
}

export const DISPUTES = [
  '金融借款合同纠纷',
  '信用卡纠纷',
  '小额借款合同纠纷',
  '融资租赁合同纠纷',
  '保证合同纠纷',
  '追偿权纠纷',
  '民间借贷纠纷',
];

export const FOLLOW_UP_NOTES = [
  '电话联系债务人，承诺月底前还款',
  '债务人表示经营困难，申请分期还款',
  '已发送律师函，等待回复',
  '债务人电话无人接听，已短信提醒',
  '上门走访，债务人同意调解',
  '债务人已部分还款，剩余款项约定下月结清',
  '与债务人家属沟通，了解还款能力',
  '债务人对欠款金额有异议，已提供对账单',
];

export const DEVICE_MODELS: ReadonlyArray<readonly [string, string]> = [
  ['iPhone 15', 'ios'],
  ['iPhone 14 Pro', 'ios'],
  ['HUAWEI Mate 60', 'android'],
  ['Xiaomi 14', 'android'],
  ['OPPO Find X7', 'android'],
  ['vivo X100', 'android'],
  ['iPad Air', 'ios'],
  ['Windows 11 · Chrome', 'web'],
  ['macOS · Safari', 'web'],
];

export const ATTACHMENT_NAMES = [
  '借款合同.pdf',
  '委托书.pdf',
  '还款明细.xlsx',
  '身份证复印件.png',
  '催收函.pdf',
  '证据清单.xlsx',
  '起诉状.pdf',
  '调解协议.pdf',
];
