import { type FileStorage, isStorageKey } from './storage';

/** A directory driver's half-written file (`<key>.part-<random>`): not a file to copy. */
const HALF_WRITTEN = /\.part-[0-9a-f]{12}$/;

/**
 * Copies every file under `prefix` from one storage into another, keys unchanged: what
 * switching `STORAGE=directory` to `database` needs (`npm run storage:copy`), and how the API
 * tests give a database-stored server the seeded files. Returns how many files were copied.
 */
export async function copyFiles(from: FileStorage, to: FileStorage, prefix = ''): Promise<number> {
  let copied = 0;
  for (const key of await from.list(prefix)) {
    if (HALF_WRITTEN.test(key) || !isStorageKey(key)) continue;
    const file = await from.open(key);
    if (!file) continue;
    await to.put(key, file.stream);
    copied++;
  }
  return copied;
}
