import type { LetterFields, LetterTemplate } from '../../contract/letters';

/**
 * What each template says. A lawyer's letter is a legal document written in Chinese whatever
 * the reader's interface language, so its wording lives here, on the server, and not in the
 * locale catalogues: the PDF is the letter itself, not a screen of the product.
 */
export interface LetterWording {
  title: string;
  /** The addressee line. */
  to: string;
  paragraphs: string[];
  /** Signature lines, bottom right. */
  signature: string[];
}

/** 12345678 fen as 人民币 123,456.78 元. */
export function yuan(amountFen: number): string {
  const [whole, cents] = (amountFen / 100).toFixed(2).split('.');
  return `人民币 ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents} 元`;
}

/** 2026-11-26 as 2026年11月26日. */
export function chineseDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${y}年${m}月${d}日`;
}

export const LETTER_TITLES: Record<LetterTemplate, string> = {
  collection: '律师函（催收函）',
  mediation: '律师函（调解邀请函）',
  repayment: '律师函（还款提醒函）',
};

const PART_NAMES = [
  ['principalFen', '本金'],
  ['interestFen', '利息'],
  ['penaltyFen', '罚息'],
  ['feesFen', '费用'],
] as const;

/** What the letter demands: the outstanding amount with its parts (those above zero), or the claim in a letter from before the ledger. */
export function amountOwed(f: LetterFields): string {
  if (f.outstandingFen === undefined) return yuan(f.amountFen);
  const parts = f.outstandingParts
    ? PART_NAMES.filter(([key]) => (f.outstandingParts?.[key] ?? 0) > 0).map(
        ([key, name]) => `${name}${yuan(f.outstandingParts?.[key] ?? 0)}`,
      )
    : [];
  return parts.length > 1 ? `${yuan(f.outstandingFen)}（其中${parts.join('，')}）` : yuan(f.outstandingFen);
}

export function letterWording(template: LetterTemplate, f: LetterFields): LetterWording {
  const amount = amountOwed(f);
  const intro = `${f.firmName}接受${f.creditorName}（以下简称“委托人”）的委托，指派${f.lawyerName}律师就委托人与您之间的债务纠纷（案号：${f.caseNo}）致函如下：`;
  const body: Record<LetterTemplate, string[]> = {
    collection: [
      intro,
      `根据委托人提供的材料，您尚欠委托人款项${amount}，经委托人多次催告仍未清偿。您的行为已构成违约，依法应当承担还款责任。`,
      '请您在收到本函之日起七日内，向委托人清偿上述全部欠款，或与本所律师联系协商还款事宜。逾期未履行的，委托人将依法通过诉讼等途径追究您的法律责任，由此产生的诉讼费、律师费等费用将由您承担。',
    ],
    mediation: [
      intro,
      `委托人主张您尚欠款项${amount}。为妥善、高效地化解纠纷，减少双方的讼累，委托人愿意通过调解方式解决本案争议。`,
      '特此邀请您在收到本函之日起十日内与本所律师联系，商定调解的时间与方式。调解遵循自愿、合法的原则，调解成功后可依法申请司法确认。',
    ],
    repayment: [
      intro,
      `截至本函发出之日，您应向委托人偿还的款项为${amount}。`,
      '请您按照约定按时足额还款，以免产生逾期利息、违约金及不良信用记录等不利后果。如您已还款，请忽略本函；如有疑问，请与本所律师联系。',
    ],
  };
  const paragraphs = [...body[template], ...(f.extra ? [f.extra] : []), '特此函告。'];
  return {
    title: LETTER_TITLES[template],
    to: `致：${f.debtorName}`,
    paragraphs,
    signature: [f.firmName, `律师：${f.lawyerName}`, chineseDate(f.date)],
  };
}
