import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkKey, checkPrefix, type FileStorage } from './storage';

/** The directory driver's root beside the database: `<filesDir>/uploads`, as it always was. */
export function uploadsRootFor(filesDir: string): string {
  return join(filesDir, 'uploads');
}

const missing = (err: unknown) => (err as { code?: string } | null)?.code === 'ENOENT';

/**
 * Files under a directory of this host (`STORAGE=directory`, the default): a key is a path
 * below `root`. A file is written to a temporary name beside its final one and renamed when
 * complete, so a reader never sees half a file. Another host with another disk does not see
 * these files: several hosts need `STORAGE=database` (or one shared mount).
 */
export function directoryStorage(root: string): FileStorage {
  const pathOf = (key: string) => join(root, ...checkKey(key).split('/'));
  return {
    kind: 'directory',
    async put(key, source) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.part-${randomBytes(6).toString('hex')}`;
      try {
        let size: number;
        if (source instanceof Uint8Array) {
          // Bytes in hand (the seed writes hundreds of thousands): one write call, not a stream.
          await writeFile(temporary, source, { flag: 'wx' });
          size = source.byteLength;
        } else {
          await pipeline(source, createWriteStream(temporary, { flags: 'wx' }));
          size = (await stat(temporary)).size;
        }
        await rename(temporary, path);
        return { size };
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
    },
    async open(key) {
      const path = pathOf(key);
      try {
        const { size, isFile } = await stat(path).then((s) => ({ size: s.size, isFile: s.isFile() }));
        if (!isFile) return null;
        return { size, stream: createReadStream(path) };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      return stat(pathOf(key)).then(
        (s) => s.isFile(),
        (err) => {
          if (missing(err)) return false;
          throw err;
        },
      );
    },
    async list(prefix) {
      const dir = join(root, ...checkPrefix(prefix).split('/').filter(Boolean));
      const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch((err) => {
        if (missing(err)) return [];
        throw err;
      });
      return entries
        .filter((e) => e.isFile())
        .map((e) => {
          const rel = join(e.parentPath, e.name).slice(root.length + 1);
          return rel.split(/[\\/]/).join('/');
        })
        .sort();
    },
  };
}
