/** The stored files of `STORAGE=database` (server/storage/), part of `Database` (schema.ts). */

/** A file kept in the database (STORAGE=database): present once all its chunks are. */
export interface StoredFilesTable {
  key: string;
  size: number;
  chunks: number;
  created_at: string;
}

/** The bytes of a stored file, at most 256 KiB a row (server/storage/database.ts). */
export interface StoredFileChunksTable {
  key: string;
  chunk_no: number;
  data: Uint8Array;
}

export interface StorageTables {
  stored_files: StoredFilesTable;
  stored_file_chunks: StoredFileChunksTable;
}
