/**
 * The little of fontkit 2 (no type declarations of its own) that server/letters/pdf.ts uses;
 * pdf-lib reads the rest of the font object itself.
 */
declare module 'fontkit' {
  export interface Subset {
    encode(): Uint8Array;
  }
  export interface Font {
    createSubset(): Subset;
  }
  export function create(buffer: Buffer): Font;
}
