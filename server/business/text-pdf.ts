/**
 * A one-page PDF of plain text lines, written by hand (PDF 1.4, ISO 32000-1 §7): no package,
 * no embedded font. Printable ASCII is set in the standard Helvetica; anything else in Adobe's
 * predefined Chinese font STSong-Light through the UniGB-UCS2-H CMap (§9.7.5.2), which PDF
 * viewers supply themselves (PDFium and pdf.js do), written as UCS-2 hex.
 */

export interface PdfLine {
  text: string;
  /** Font size in points. */
  size: number;
  /** Extra space above the line, in points. */
  gapBefore?: number;
  /** Grey level 0 (black) to 1 (white). */
  grey?: number;
}

const PAGE = { width: 595, height: 842, margin: 56 } as const; // A4 in points
const LATIN_ONLY = /^[\x20-\x7e]*$/;

/** A PDF literal string: ( ) and \ escaped. Only called with printable ASCII. */
function literal(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** UCS-2 big-endian hex; characters outside the BMP become '?'. */
function ucs2Hex(text: string): string {
  let hex = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0x3f;
    hex += (code > 0xffff ? 0x3f : code).toString(16).padStart(4, '0').toUpperCase();
  }
  return `<${hex}>`;
}

/**
 * Helvetica's advance widths (thousandths of an em) of printable ASCII, 0x20-0x7E, from Adobe's
 * Helvetica.afm; every viewer sets the standard font with these. STSong-Light's are all 1000
 * (the font's /DW, with no /W).
 */
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** A character's width in points at `size`, as the viewer sets it. */
export function charWidth(char: string, size: number): number {
  const code = char.codePointAt(0) ?? 0;
  return ((code >= 0x20 && code <= 0x7e ? (HELVETICA_WIDTHS[code - 0x20] ?? 1000) : 1000) / 1000) * size;
}

/** Splits a line to fit the page, between any two characters, by the widths the viewer sets them at. */
function wrap(line: PdfLine): PdfLine[] {
  const room = PAGE.width - 2 * PAGE.margin;
  const out: PdfLine[] = [];
  let current = '';
  let width = 0;
  for (const char of line.text) {
    const w = charWidth(char, line.size);
    if (width + w > room && current) {
      out.push({ ...line, text: current, gapBefore: out.length === 0 ? line.gapBefore : 0 });
      current = '';
      width = 0;
    }
    current += char;
    width += w;
  }
  out.push({ ...line, text: current, gapBefore: out.length === 0 ? line.gapBefore : 0 });
  return out;
}

/** A line as runs of one font each: printable ASCII in Helvetica, the rest in STSong-Light. */
function runs(text: string, size: number): string {
  return (text.match(/[\x20-\x7e]+|[^\x20-\x7e]+/g) ?? [])
    .map((run) =>
      LATIN_ONLY.test(run) ? `/F1 ${size} Tf ${literal(run)} Tj` : `/F2 ${size} Tf ${ucs2Hex(run)} Tj`,
    )
    .join(' ');
}

function contentStream(lines: readonly PdfLine[]): string {
  const ops: string[] = [];
  let y = PAGE.height - PAGE.margin;
  for (const line of lines.flatMap(wrap)) {
    y -= (line.gapBefore ?? 0) + line.size * 1.4;
    // One text object per line: the viewer advances along each run by its font's own widths.
    const shown = runs(line.text, line.size);
    ops.push(`BT ${line.grey ?? 0} g 1 0 0 1 ${PAGE.margin} ${y.toFixed(1)} Tm ${shown} ET`);
  }
  // A rule under the first line, like a letterhead.
  const rule = PAGE.height - PAGE.margin - (lines[0]?.size ?? 12) * 1.4 - 8;
  ops.push(`0.8 G 0.5 w ${PAGE.margin} ${rule} m ${PAGE.width - PAGE.margin} ${rule} l S`);
  return ops.join('\n');
}

/** Text in a PDF string of the document information dictionary: ASCII as is, else UTF-16BE with a BOM. */
function infoString(text: string): string {
  if (LATIN_ONLY.test(text)) return literal(text);
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

/** The bytes of a one-page PDF showing the lines, top to bottom. */
export function textPdf(lines: readonly PdfLine[], info: { title: string; createdAt: Date }): Buffer {
  const stream = contentStream(lines);
  const date = info.createdAt
    .toISOString()
    .replace(/[-:T]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 8 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [6 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 7 0 R /DW 1000 >>',
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    `<< /Title ${infoString(info.title)} /Producer (CaseDesk) /CreationDate (D:${date}) >>`,
  ];
  // A binary comment on line two tells transfer tools the file is binary (§7.5.2).
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  // Each cross-reference entry is exactly 20 bytes, its end of line a space and a newline.
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
