import { PDFDocument, rgb } from 'pdf-lib';
import { ENUM_LABELS_ZH_CN } from '../../../contract/labels-zh-CN';
import { fontkitForPdfLib, loadFont, PAGE, wrap } from '../../pdf/text';
import type { AgreementFields } from './agreement-fields';
import { yuanText } from './money';

/**
 * A plan's agreement (分期还款协议) as a PDF, in the letters' font (Noto Sans SC, a subset
 * embedded; server/letters/pdf.ts) and layout. A document, not a screen: Chinese legal text
 * whatever the reader's language, rendered from the fields copied when the plan was proposed,
 * so one plan always gives the same bytes.
 */
export async function renderAgreementPdf(fields: AgreementFields, meta: { planId: number; at: Date }) {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkitForPdfLib as never);
  const font = await doc.embedFont(await loadFont(), { subset: true });
  doc.setTitle(`分期还款协议 ${fields.caseNo}`);
  doc.setCreator('CaseDesk');
  doc.setProducer('CaseDesk');
  doc.setCreationDate(meta.at);
  doc.setModificationDate(meta.at);

  const room = PAGE.width - 2 * PAGE.margin;
  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const write = (text: string, size = 11, opts: { align?: 'center'; indent?: number } = {}) => {
    for (const line of wrap(text, font, size, room - (opts.indent ?? 0))) {
      y -= size * 1.7;
      if (y < PAGE.margin) {
        page = doc.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin - size * 1.7;
      }
      const x =
        opts.align === 'center'
          ? (PAGE.width - font.widthOfTextAtSize(line, size)) / 2
          : PAGE.margin + (opts.indent ?? 0);
      page.drawText(line, { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
    }
  };
  const role = (r: string) => (ENUM_LABELS_ZH_CN as Record<string, string>)[`enum.partyRole.${r}`] ?? r;

  write('分期还款协议', 20, { align: 'center' });
  write(`案号：${fields.caseNo}    协议编号：FQ${String(meta.planId).padStart(6, '0')}`, 10, {
    align: 'center',
  });
  y -= 8;
  write(`甲方（债权人）：${fields.creditor}`);
  if (fields.firmName)
    write(`委托代理：${fields.firmName}${fields.lawyerName ? `（承办律师 ${fields.lawyerName}）` : ''}`);
  for (const p of fields.parties)
    write(`乙方（${role(p.role)}）：${p.name}${p.address ? `，地址：${p.address}` : ''}`);
  y -= 6;
  write('一、债务确认', 12);
  write(
    `乙方确认尚欠甲方款项人民币 ${yuanText(fields.outstandingFen)} 元（原债权金额 ${yuanText(fields.claimFen)} 元）。`,
    11,
    { indent: 22 },
  );
  if (fields.claimParts) {
    const c = fields.claimParts;
    write(
      `其中本金 ${yuanText(c.principalFen)} 元、利息 ${yuanText(c.interestFen)} 元、罚息 ${yuanText(c.penaltyFen)} 元、费用 ${yuanText(c.feesFen)} 元。`,
      11,
      { indent: 22 },
    );
  }
  write('二、分期安排', 12);
  const reduced = fields.totalFen < fields.outstandingFen;
  write(
    `乙方按下列期限分 ${fields.instalments.length} 期向甲方偿还共计人民币 ${yuanText(fields.totalFen)} 元${reduced ? `，甲方同意减免 ${yuanText(fields.outstandingFen - fields.totalFen)} 元，减免以乙方按期足额履行为条件` : ''}：`,
    11,
    { indent: 22 },
  );
  for (const [i, row] of fields.instalments.entries())
    write(`第 ${i + 1} 期：${row.dueOn} 前支付人民币 ${yuanText(row.amountFen)} 元`, 11, { indent: 44 });
  write('三、违约责任', 12);
  write(
    '乙方任一期逾期未足额还款，且同时有两期逾期的，视为违约，甲方有权解除本协议，就全部未清偿债务（含已减免部分）主张权利。',
    11,
    { indent: 22 },
  );
  write('四、其他', 12);
  write('乙方的还款按费用、罚息、利息、本金的顺序冲抵。本协议自双方签字（盖章）之日起生效。', 11, {
    indent: 22,
  });
  y -= 28;
  write('甲方（签章）：____________________        乙方（签字）：____________________');
  y -= 10;
  write(`日期：${fields.day}                                  日期：____________________`);
  return doc.save();
}
