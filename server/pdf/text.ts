import { EventEmitter } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';
import type { PDFFont } from 'pdf-lib';

/**
 * What the product's PDFs (lawyer's letters, server/letters/; plan agreements,
 * server/cases/plans/) share: A4, Chinese as real text set in Noto Sans SC (SIL Open Font
 * License 1.1) from the npm package @embedpdf/fonts-sc, embedded as a subset of the glyphs used
 * (about 50 kB a document instead of the 8 MB font), and the line breaking.
 *
 * Subsetting goes through upstream fontkit 2, not pdf-lib's own fork @pdf-lib/fontkit 1.1.1:
 * the fork writes broken CFF subsets (poppler and FreeType refuse the whole font: blank pages
 * that pdftotext still reads) and broken TrueType ones (glyphs go missing). pdf-lib takes any
 * object with `create()`; the one gap is that pdf-lib reads a subset with `encodeStream()`,
 * which fontkit 2 replaced by `encode()`, bridged below.
 */

// The package exports only its index (dist/), which lists the files in fonts/ beside it.
const FONT_FILE = join(
  dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')),
  '..',
  'fonts',
  'NotoSansHans-Regular.otf',
);

type BridgedSubset = fontkit.Subset & { encodeStream?: () => EventEmitter };

/** fontkit 2 in the shape pdf-lib's `registerFontkit` expects. */
export const fontkitForPdfLib = {
  create(bytes: Uint8Array) {
    const font = fontkit.create(Buffer.from(bytes));
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset: BridgedSubset = createSubset();
      subset.encodeStream = () => {
        const stream = new EventEmitter();
        setImmediate(() => {
          try {
            stream.emit('data', subset.encode());
            stream.emit('end');
          } catch (err) {
            stream.emit('error', err);
          }
        });
        return stream;
      };
      return subset;
    };
    return font;
  },
};

let fontBytes: Promise<Buffer> | undefined;
/** Read once per process (8 MB), on the first letter. */
export const loadFont = () => {
  fontBytes ??= readFile(FONT_FILE);
  return fontBytes;
};

export const PAGE = { width: 595.28, height: 841.89, margin: 64 } as const;

/** Punctuation that may not open a line: it takes the character before it down with it. */
const NO_LINE_START = /^[，。、；：！？”’）》」』,.;:!?)]$/u;

interface Piece {
  text: string;
  width: number;
}

/**
 * Breaks text into lines that fit `width` at `size`: Chinese breaks between any characters,
 * Latin words and numbers stay whole while they fit a line and break between characters when
 * they do not (a 60-character name, an account number), and closing punctuation never opens a
 * line: it takes the piece before it to the next line. Nothing is drawn past `width`.
 */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const measure = (t: string): Piece => ({ text: t, width: font.widthOfTextAtSize(t, size) });
  const lines: string[] = [];
  let line: Piece[] = [];
  let used = 0;
  const breakLine = () => {
    lines.push(
      line
        .map((p) => p.text)
        .join('')
        .trimEnd(),
    );
    line = [];
    used = 0;
  };
  const add = (piece: Piece) => {
    // A space never opens a line.
    if (line.length === 0 && piece.text.trim() === '') return;
    line.push(piece);
    used += piece.width;
  };
  for (const token of text.match(/[A-Za-z0-9.,%¥\-:/()（）]+|\s|./gu) ?? []) {
    // Widths add up piece by piece: measuring the whole line again at each piece would lay
    // it out again each time (quadratic in the paragraph).
    for (const piece of piecesOf(measure(token), measure, width)) {
      if (line.length > 0 && used + piece.width > width) {
        const before = line.at(-1);
        if (NO_LINE_START.test(piece.text) && line.length > 1 && before && !NO_LINE_START.test(before.text)) {
          line.pop();
          used -= before.width;
          breakLine();
          add(before);
        } else breakLine();
      }
      add(piece);
    }
  }
  if (line.length > 0) breakLine();
  return lines;
}

/** A token as pieces no wider than `width`: itself, or its characters gathered while they fit. */
function piecesOf(token: Piece, measure: (t: string) => Piece, width: number): Piece[] {
  if (token.width <= width) return [token];
  const pieces: Piece[] = [];
  let piece: Piece = { text: '', width: 0 };
  for (const char of token.text) {
    const w = measure(char).width;
    if (piece.text && piece.width + w > width) {
      pieces.push(piece);
      piece = { text: '', width: 0 };
    }
    piece = { text: piece.text + char, width: piece.width + w };
  }
  if (piece.text) pieces.push(piece);
  return pieces;
}
