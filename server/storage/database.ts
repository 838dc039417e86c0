import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { checkKey, checkPrefix, type FileStorage } from './storage';

/** Bytes per stored row: a 20 MB file is 80 rows, never one giant value in memory or on the wire. */
export const CHUNK_BYTES = 256 * 1024;

const asBuffer = (data: Uint8Array) =>
  Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/**
 * Files in the database itself (`STORAGE=database`), so every host that shares the database
 * serves the same files whatever its disk. The bytes are rows of `stored_file_chunks`
 * (key, chunk_no, data: SQLite blob, PostgreSQL bytea, migration 0015), each inserted on its
 * own as the upload streams in (no transaction held open while a client sends), and
 * `stored_files` (key, size, chunks) is written last: a file exists once its row does, and a
 * half-written one is never served. A failed write deletes its chunks again.
 * Reads fetch one chunk at a time as the answer is sent.
 */
export function databaseStorage(db: Kysely<Database>): FileStorage {
  const removeChunks = (key: string) => db.deleteFrom('stored_file_chunks').where('key', '=', key).execute();
  const remove = (key: string) =>
    db.transaction().execute(async (trx) => {
      await trx.deleteFrom('stored_files').where('key', '=', key).execute();
      await trx.deleteFrom('stored_file_chunks').where('key', '=', key).execute();
    });
  return {
    kind: 'database',
    async put(key, source) {
      checkKey(key);
      await remove(key);
      let chunkNo = 0;
      let size = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const write = async (data: Buffer) => {
        await db.insertInto('stored_file_chunks').values({ key, chunk_no: chunkNo, data }).execute();
        chunkNo++;
      };
      try {
        const pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array> =
          source instanceof Uint8Array ? [source] : source;
        for await (const raw of pieces) {
          const piece = typeof raw === 'string' ? Buffer.from(raw) : asBuffer(raw);
          size += piece.byteLength;
          pending.push(piece);
          pendingBytes += piece.byteLength;
          if (pendingBytes < CHUNK_BYTES) continue;
          let all = Buffer.concat(pending, pendingBytes);
          while (all.byteLength >= CHUNK_BYTES) {
            await write(all.subarray(0, CHUNK_BYTES));
            all = all.subarray(CHUNK_BYTES);
          }
          pending = all.byteLength ? [all] : [];
          pendingBytes = all.byteLength;
        }
        if (pendingBytes > 0) await write(Buffer.concat(pending, pendingBytes));
        await db
          .insertInto('stored_files')
          .values({ key, size, chunks: chunkNo, created_at: new Date().toISOString() })
          .execute();
        return { size };
      } catch (err) {
        await removeChunks(key).catch(() => {});
        throw err;
      }
    },
    async open(key) {
      checkKey(key);
      const file = await db
        .selectFrom('stored_files')
        .select(['size', 'chunks'])
        .where('key', '=', key)
        .executeTakeFirst();
      if (!file) return null;
      const chunks = Number(file.chunks);
      async function* read() {
        for (let chunkNo = 0; chunkNo < chunks; chunkNo++) {
          const row = await db
            .selectFrom('stored_file_chunks')
            .select('data')
            .where('key', '=', key)
            .where('chunk_no', '=', chunkNo)
            .executeTakeFirst();
          if (!row) throw new Error(`stored file ${key} lost its chunk ${chunkNo} while being read`);
          yield asBuffer(row.data);
        }
      }
      return { size: Number(file.size), stream: Readable.from(read(), { objectMode: false }) };
    },
    async delete(key) {
      await remove(checkKey(key));
    },
    async exists(key) {
      checkKey(key);
      const row = await db.selectFrom('stored_files').select('key').where('key', '=', key).executeTakeFirst();
      return row !== undefined;
    },
    async list(prefix) {
      checkPrefix(prefix);
      const under = <T extends 'stored_files' | 'stored_file_chunks'>(table: T) =>
        db
          .selectFrom(table as 'stored_files')
          .select('key')
          .distinct()
          .where((eb) => eb.fn('substr', ['key', eb.val(1), eb.val(prefix.length)]), '=', prefix)
          .execute();
      const keys = new Set(
        [...(await under('stored_files')), ...(await under('stored_file_chunks'))].map((r) => r.key),
      );
      return [...keys].sort();
    },
  };
}
