import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const PDFJS_DIR = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/** One run of text as Mozilla's pdf.js lays it out: where it starts and ends on its page, in points. */
export interface TextExtent {
  page: number;
  text: string;
  left: number;
  right: number;
  pageWidth: number;
}

/**
 * Every run of text of a PDF with its horizontal extent, as a viewer sets it (pdf.js with its
 * CMaps and standard fonts, so the hand-written PDFs' Helvetica and STSong-Light are measured too).
 */
export async function textExtents(bytes: Uint8Array): Promise<TextExtent[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    useSystemFonts: false,
    cMapUrl: `${join(PDFJS_DIR, 'cmaps')}/`,
    cMapPacked: true,
    standardFontDataUrl: `${join(PDFJS_DIR, 'standard_fonts')}/`,
  }).promise;
  const extents: TextExtent[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [, , pageWidth] = page.view as [number, number, number, number];
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const left = item.transform[4] as number;
      extents.push({ page: n, text: item.str, left, right: left + item.width, pageWidth });
    }
  }
  await doc.destroy();
  return extents;
}
