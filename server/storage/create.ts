import type { StorageKind } from '../config';
import type { DatabaseHandle } from '../db/connect';
import { databaseStorage } from './database';
import { directoryStorage, uploadsRootFor } from './directory';
import type { FileStorage } from './storage';

/** The storage `STORAGE` names, for this database and this host's files directory. */
export function createStorage(kind: StorageKind, database: DatabaseHandle): FileStorage {
  return kind === 'database'
    ? databaseStorage(database.db)
    : directoryStorage(uploadsRootFor(database.filesDir));
}
