import { crc32, deflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { attachmentKey, type FileStorage } from '../storage/storage';

/**
 * Real, small files for the seeded attachments, one per kind of file the demo names: every
 * seeded attachment row gets its file in the storage (STORAGE), so each one downloads (a row
 * without a file would answer 404). Made once per seed and written once per attachment.
 */
export type SampleFiles = Record<'pdf' | 'png' | 'xlsx', Buffer>;

async function samplePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText('CaseDesk demo attachment', { x: 72, y: 760, size: 18, font });
  page.drawText('Seeded sample file: replace it with the real document.', { x: 72, y: 730, size: 11, font });
  return Buffer.from(await doc.save());
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A grey 160 x 100 card with a darker band: an ID-card copy placeholder. */
function samplePng(): Buffer {
  const width = 160;
  const height = 100;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (width + 1)] = 0;
    rows.fill(y > 30 && y < 50 ? 120 : 220, y * (width + 1) + 1, (y + 1) * (width + 1));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function sampleXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.created = new Date('2026-01-01T00:00:00Z');
  book.modified = book.created;
  const sheet = book.addWorksheet('明细');
  sheet.addRow(['序号', '摘要', '金额（元）']);
  sheet.addRow([1, '示例数据', 1000]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function makeSampleFiles(): Promise<SampleFiles> {
  return { pdf: await samplePdf(), png: samplePng(), xlsx: await sampleXlsx() };
}

export function sampleKind(name: string): keyof SampleFiles {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if (ext === 'pdf' || ext === 'png' || ext === 'xlsx') return ext;
  throw new Error(`no sample file for ${name}`);
}

/** Stores the files of seeded attachments where the download looks (`attachmentKey`). */
export async function writeAttachmentFiles(
  storage: FileStorage,
  samples: SampleFiles,
  files: ReadonlyArray<{ caseId: number; key: string; kind: keyof SampleFiles }>,
): Promise<void> {
  // A few at a time: each put is a handful of file-system calls that wait on the disk (or a
  // round trip with STORAGE=database), and one after the other they took longer than the rows.
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const f = files[next++];
      await storage.put(attachmentKey(f.caseId, f.key), samples[f.kind]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PUTS, files.length) }, worker));
}

const PARALLEL_PUTS = 8;
