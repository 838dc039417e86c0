import { PDFDocument, rgb } from 'pdf-lib';
import type { LetterFields, LetterTemplate } from '../../contract/letters';
import { fontkitForPdfLib, loadFont, PAGE, wrap } from '../pdf/text';
import { letterWording } from './wording';

/**
 * A letter as a PDF (A4) whose Chinese text is real text, in the product's PDF font and line
 * breaking (server/pdf/text.ts).
 *
 * Rendered on demand from the letter's stored fields, with fixed document dates, so a letter
 * always gives the same bytes and nothing is written to disk.
 */
const BODY = 12;
const LEADING = 1.75;

export async function renderLetterPdf(
  template: LetterTemplate,
  fields: LetterFields,
  meta: { letterNo: string; writtenAt: Date },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkitForPdfLib as never);
  const font = await doc.embedFont(await loadFont(), { subset: true });
  const wording = letterWording(template, fields);
  doc.setTitle(`${wording.title} ${meta.letterNo}`);
  doc.setAuthor(fields.firmName);
  doc.setCreator('CaseDesk');
  doc.setProducer('CaseDesk');
  doc.setCreationDate(meta.writtenAt);
  doc.setModificationDate(meta.writtenAt);

  const room = PAGE.width - 2 * PAGE.margin;
  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const newLineAt = (size: number) => {
    y -= size * LEADING;
    if (y < PAGE.margin) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin - size * LEADING;
    }
  };
  const write = (text: string, size: number, opts: { indent?: number; align?: 'center' | 'right' } = {}) => {
    const indent = opts.indent ?? 0;
    for (const line of wrap(text, font, size, room - indent)) {
      newLineAt(size);
      const w = font.widthOfTextAtSize(line, size);
      const x =
        opts.align === 'center'
          ? (PAGE.width - w) / 2
          : opts.align === 'right'
            ? PAGE.width - PAGE.margin - w
            : PAGE.margin + indent;
      page.drawText(line, { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
    }
  };

  write(wording.title, 20, { align: 'center' });
  write(`函号：${meta.letterNo}    案号：${fields.caseNo}`, 10, { align: 'center' });
  y -= 6;
  page.drawLine({
    start: { x: PAGE.margin, y },
    end: { x: PAGE.width - PAGE.margin, y },
    thickness: 0.6,
    color: rgb(0.6, 0.6, 0.6),
  });
  y -= 8;
  write(wording.to, BODY + 1);
  // A line break the lawyer typed starts a paragraph of its own.
  for (const paragraph of wording.paragraphs
    .flatMap((p) => p.split(/\r?\n/))
    .map((p) => p.replaceAll('\t', ' ').trim())) {
    // The first line of a Chinese paragraph is indented by two characters.
    const [first, ...rest] = wrap(paragraph, font, BODY, room - 2 * BODY);
    newLineAt(BODY);
    page.drawText(first ?? '', { x: PAGE.margin + 2 * BODY, y, size: BODY, font });
    const remainder = paragraph.slice((first ?? '').length).trimStart();
    if (rest.length) write(remainder, BODY);
    y -= 4;
  }
  y -= BODY * 2;
  for (const line of wording.signature) write(line, BODY, { align: 'right' });
  return doc.save();
}
