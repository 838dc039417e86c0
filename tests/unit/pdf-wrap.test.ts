import { describe, expect, it } from 'vitest';
import { textPdf } from '../../server/business/text-pdf';
import { renderLetterPdf } from '../../server/letters/pdf';
import { textExtents } from '../pdf-extents';

/** Texts that ran past the right edge (6 of 9 did): unbroken words, long names, runs of digits and punctuation. */
const HOSTILE = [
  'Supercalifragilisticexpialidocious'.repeat(6),
  '6222021234567890123'.repeat(8),
  '欧阳'.repeat(30),
  'Wolfeschlegelsteinhausenbergerdorff Maximilian Alexander Christopher',
  'W'.repeat(120),
  `https://example.com/${'a/'.repeat(80)}`,
  '，'.repeat(80),
  `阿依古丽·买买提${'·'.repeat(60)}`,
  `${'借款'.repeat(20)}${'M'.repeat(60)}。${'9'.repeat(50)}`,
];

const fields = (text: string) => ({
  caseNo: 'MS20260001',
  debtorName: text.slice(0, 60),
  creditorName: text.slice(0, 60),
  amountFen: 123_456_789,
  firmName: text.slice(0, 60),
  lawyerName: text.slice(0, 60),
  date: '2026-11-26',
  extra: `${text}\n${text}`,
});

describe('PDF text stays inside the right margin', () => {
  it.each(HOSTILE.map((t, i) => [i + 1, t] as const))('a letter with hostile text %i', async (_, text) => {
    const bytes = await renderLetterPdf('collection', fields(text), {
      letterNo: 'LF-2026-000001',
      writtenAt: new Date('2026-11-26T08:00:00Z'),
    });
    const extents = await textExtents(bytes);
    expect(extents.length).toBeGreaterThan(10);
    const margin = 64;
    const past = extents.filter((e) => e.right > e.pageWidth - margin + 0.5 || e.left < margin - 0.5);
    expect(past).toEqual([]);
    // Nothing was lost in the wrapping: every character of the text is on the pages.
    const all = extents.map((e) => e.text).join('');
    for (const char of new Set(text.replace(/\s/g, ''))) expect(all).toContain(char);
  });

  it.each(HOSTILE.map((t, i) => [i + 1, t] as const))(
    'an attachment preview with hostile text %i',
    async (_, text) => {
      const bytes = textPdf(
        [
          { text: 'CaseDesk', size: 20 },
          { text, size: 16, gapBefore: 14 },
          { text: `案件 MS20260001：${text}`, size: 12 },
        ],
        { title: 'x.pdf', createdAt: new Date('2026-11-26T08:00:00Z') },
      );
      const extents = await textExtents(new Uint8Array(bytes));
      const margin = 56;
      const past = extents.filter((e) => e.right > e.pageWidth - margin + 0.5);
      expect(extents.length).toBeGreaterThan(2);
      expect(past).toEqual([]);
    },
  );
});
