import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { copyFiles } from '../../server/storage/copy';
import { CHUNK_BYTES, databaseStorage } from '../../server/storage/database';
import { directoryStorage } from '../../server/storage/directory';
import { checkKey, type FileStorage } from '../../server/storage/storage';

let dir: string;
const handles: DatabaseHandle[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'casedesk-storage-'));
});
afterAll(async () => {
  for (const h of handles) await h.close();
  rmSync(dir, { recursive: true, force: true });
});

async function database(url: string): Promise<DatabaseHandle> {
  const handle = connectDatabase(url, PROJECT_ROOT, { dataDir: dir });
  handles.push(handle);
  await migrateToLatest(handle.db);
  return handle;
}

/** Bytes where no two chunks are alike, and not a multiple of the chunk size. */
function bytesOf(length: number): Buffer {
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i++) out[i] = (i * 13 + (i >> 12)) & 0xff;
  return out;
}

/** A source that sends some bytes in odd pieces, then fails: a client that hangs up mid-upload. */
function brokenSource(bytes: Buffer): Readable {
  return Readable.from(
    (async function* () {
      for (let at = 0; at < bytes.length; at += 100_000) yield bytes.subarray(at, at + 100_000);
      throw new Error('connection reset');
    })(),
  );
}

const drivers: Array<[string, () => Promise<FileStorage>]> = [
  ['directory', async () => directoryStorage(mkdtempSync(join(dir, 'files-')))],
  ['database on SQLite', async () => databaseStorage((await database(`sqlite:${join(dir, 'a.db')}`)).db)],
  ['database on PostgreSQL (PGlite)', async () => databaseStorage((await database('pglite:')).db)],
];

describe.each(drivers)('storage: %s', (_name, make) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await make();
  }, 120_000);

  it('keeps bytes under a key and streams them back with their size; delete removes them', async () => {
    const bytes = bytesOf(2 * CHUNK_BYTES + 777);
    // Streamed in pieces that do not line up with the chunks.
    const pieces = Readable.from([
      bytes.subarray(0, 1000),
      bytes.subarray(1000, 300_000),
      bytes.subarray(300_000),
    ]);
    expect(await storage.put('7/abc', pieces)).toEqual({ size: bytes.length });
    expect(await storage.exists('7/abc')).toBe(true);
    const file = await storage.open('7/abc');
    expect(file?.size).toBe(bytes.length);
    expect((await buffer(file?.stream as Readable)).equals(bytes)).toBe(true);
    expect(await storage.list('7/')).toEqual(['7/abc']);

    await storage.put('7/abc', Buffer.from('replaced'));
    const again = await storage.open('7/abc');
    expect((await buffer(again?.stream as Readable)).toString()).toBe('replaced');

    await storage.delete('7/abc');
    expect(await storage.exists('7/abc')).toBe(false);
    expect(await storage.open('7/abc')).toBeNull();
    expect(await storage.list('7/')).toEqual([]);
    await storage.delete('7/abc');
  });

  it('keeps an empty file, and nested keys apart from their neighbours', async () => {
    await storage.put('letters/3/x.pdf', new Uint8Array(0));
    await storage.put('letters/30/y.pdf', Buffer.from('y'));
    expect((await storage.open('letters/3/x.pdf'))?.size).toBe(0);
    expect(await storage.list('letters/3/')).toEqual(['letters/3/x.pdf']);
    expect(await storage.list('letters/')).toEqual(['letters/3/x.pdf', 'letters/30/y.pdf']);
  });

  it('leaves nothing when the source fails part way (several chunks already written)', async () => {
    await expect(storage.put('8/broken', brokenSource(bytesOf(3 * CHUNK_BYTES)))).rejects.toThrow(
      'connection reset',
    );
    expect(await storage.exists('8/broken')).toBe(false);
    expect(await storage.list('8/')).toEqual([]);
  });

  it('refuses keys that could reach outside it', async () => {
    for (const key of ['../etc/passwd', '/abs', '7/../../x', '', '7//x', '7/.hidden', 'a b']) {
      expect(() => checkKey(key), key).toThrow(/not a storage key/);
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/not a storage key/);
    }
  });
});

describe('copyFiles', () => {
  it('copies every complete file from a directory into the database, keys unchanged', async () => {
    const root = mkdtempSync(join(dir, 'copy-'));
    const from = directoryStorage(root);
    await from.put('1/seed-a', bytesOf(CHUNK_BYTES + 1));
    await from.put('2/seed-b', Buffer.from('b'));
    const to = databaseStorage((await database(`sqlite:${join(dir, 'copy.db')}`)).db);
    expect(await copyFiles(from, to)).toBe(2);
    expect(await to.list('')).toEqual(['1/seed-a', '2/seed-b']);
    const copied = await to.open('1/seed-a');
    expect((await buffer(copied?.stream as Readable)).equals(bytesOf(CHUNK_BYTES + 1))).toBe(true);
  });
});
