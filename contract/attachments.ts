import { z } from 'zod';
import { idValue } from './paging';

/** A case's attachments (server/cases/attachments.ts): the answer, the file types and the paths. */
export const attachmentSchema = z.object({
  id: z.number().int(),
  caseId: z.number().int(),
  name: z.string(),
  url: z.string(),
  size: z.number().int(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
});

export type Attachment = z.infer<typeof attachmentSchema>;

/**
 * Case attachments: the file types a case takes (by extension, lower case), how many files a
 * case holds at most, and where one is downloaded (under /api; also the stored `url`).
 */
export const ATTACHMENT_EXTENSIONS = [
  'pdf',
  'jpg',
  'jpeg',
  'png',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'zip',
] as const;
export const ATTACHMENTS_PER_CASE = 50;
/** The `accept` of a file input for the allowed extensions. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export function attachmentExtension(name: string): string | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  return (ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext) ? ext : null;
}

export const attachmentDownloadPath = (caseId: number, attachmentId: number) =>
  `/cases/${caseId}/attachments/${attachmentId}`;

/** GET and DELETE /cases/:id/attachments/:attachmentId. */
export const attachmentParamsSchema = z.object({
  id: idValue,
  attachmentId: idValue,
});
/** POST /cases/:id/attachments answers the new attachment (attachmentSchema); DELETE this. */
export const attachmentDeletedSchema = z.object({ id: z.number().int() });
