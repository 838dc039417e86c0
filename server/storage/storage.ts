import type { Readable } from 'node:stream';
import type { StorageKind } from '../config';

/** A stored file opened for reading: its size first (for `content-length`), then its bytes. */
export interface StoredFile {
  size: number;
  stream: Readable;
}

/**
 * Files the product keeps (case attachments, generated letter PDFs), by key. Services only see
 * this interface; `STORAGE` picks the driver (server/storage/README.md).
 *
 * A key is a relative path of plain segments (`12/9f3c…`, `letters/7/ab12.pdf`): letters,
 * digits, `.`, `_` and `-`, separated by `/`, never `..`.
 */
export interface FileStorage {
  readonly kind: StorageKind;
  /**
   * Stores the bytes under `key`, replacing what was there. The file only becomes visible
   * (`open`, `exists`) once every byte is stored; if reading the source or writing fails,
   * nothing of it is left and the error is thrown.
   */
  put(key: string, source: Readable | Uint8Array): Promise<{ size: number }>;
  /** The file under `key`, streamed, or null when there is none (on this host's disk, for `directory`). */
  open(key: string): Promise<StoredFile | null>;
  /** Removes the file under `key`; no file is no error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Every key under a folder-like prefix (`12/`), half-written ones included: what a test or an
   * operator looks at to see that nothing was left behind.
   */
  list(prefix: string): Promise<string[]>;
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/** Whether a key is one the storage takes: plain segments, nothing that could reach outside it. */
export function isStorageKey(key: string): boolean {
  return key.length <= 300 && key.split('/').every((s) => SEGMENT.test(s) && !s.includes('..'));
}

/** Refuses a key that could reach outside the storage (`..`, absolute paths, odd characters). */
export function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`not a storage key: "${key}"`);
  return key;
}

/** A prefix for `list`: empty, or segments ending in `/`. */
export function checkPrefix(prefix: string): string {
  if (prefix !== '') checkKey(prefix.replace(/\/$/, ''));
  if (prefix !== '' && !prefix.endsWith('/')) throw new Error(`a storage prefix ends in "/": "${prefix}"`);
  return prefix;
}

/** The key of a case attachment's file: `<case id>/<stored key>`, the uploads layout since the start. */
export const attachmentKey = (caseId: number, storedKey: string) => checkKey(`${caseId}/${storedKey}`);

/** Where a case's attachment files are, for `list`. */
export const attachmentPrefix = (caseId: number) => `${caseId}/`;

/** The key of a letter's generated PDF: a new one each time the letter is (re)submitted. */
export const letterPdfKey = (letterId: number, token: string) => checkKey(`letters/${letterId}/${token}.pdf`);

/** The key of a repayment plan's agreement PDF (server/cases/plans/agreement-file.ts). */
export const planPdfKey = (planId: number, token: string) => checkKey(`plans/${planId}/${token}.pdf`);
