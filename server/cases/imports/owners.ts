/**
 * Who runs an import, and what becomes of one whose process stopped: a running job's owner and
 * heartbeat (`case_imports.owner`, `heartbeat_at`), and at start-up the failing of imports left
 * running by a process that is gone, with their temporary files.
 */
import { randomBytes } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { importTempDirFor } from './receive';

/** How often a running import tells the database it still runs (`heartbeat_at`). */
export const IMPORT_HEARTBEAT_MS = 30_000;

/**
 * A running import whose heartbeat is older than this is taken for dead by a process starting.
 * Far longer than the heartbeat, and than a write that keeps it waiting: on SQLite the
 * heartbeat waits for the one connection while a batch is written.
 */
export const IMPORT_STALE_MS = 10 * 60_000;

/** This process's own, so a later process with the same pid (pid 1 in a container) is another. */
const BOOT_ID = randomBytes(6).toString('hex');

/** Who runs an import: host, pid and boot id, space-separated (`case_imports.owner`). */
export function importOwner(): string {
  return `${hostname()} ${process.pid} ${BOOT_ID}`;
}

/** A running import's heartbeat. */
export async function beat(db: Kysely<Database>, id: number, at: Date): Promise<void> {
  await db
    .updateTable('case_imports')
    .set({ heartbeat_at: at.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/**
 * Whether an import's owner is known to be gone: an earlier process on this host (another boot
 * id) whose pid no longer runs, or that had this very pid (a restarted container's pid 1).
 * Owners on other hosts cannot be asked: their heartbeat tells.
 */
function ownerGone(owner: string | null, self: string): boolean {
  if (!owner || owner === self) return false;
  const [host, pid, boot] = owner.split(' ');
  const [selfHost, selfPid, selfBoot] = self.split(' ');
  if (host !== selfHost || boot === selfBoot) return false;
  if (pid === selfPid) return true;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (err) {
    // EPERM: the pid runs, as another user's process.
    return (err as { code?: string }).code !== 'EPERM';
  }
}

/**
 * At start-up: imports left running by a process that stopped are failed, and their temporary
 * files removed. Several processes and hosts share the database, so an import another process
 * still runs must survive: only those whose heartbeat is older than IMPORT_STALE_MS (or that
 * have none, from before migration 0018) or whose owner was an earlier process on this host
 * that is gone are failed. Either mode keeps the batches it committed, as its counts say (mode
 * `all` writes only after every row passed). This host's `import-tmp` keeps the
 * files of imports still running and of uploads too recent to be abandoned.
 */
export async function failInterruptedImports(
  db: Kysely<Database>,
  filesDir: string,
  at: Date,
  self: string = importOwner(),
): Promise<number> {
  const staleBefore = new Date(at.getTime() - IMPORT_STALE_MS).toISOString();
  const running = await db
    .selectFrom('case_imports')
    .select(['id', 'owner', 'heartbeat_at', 'temp_file'])
    .where('status', '=', 'running')
    .execute();
  const dead = running.filter(
    (r) => r.heartbeat_at === null || r.heartbeat_at < staleBefore || ownerGone(r.owner, self),
  );
  let failed = 0;
  if (dead.length > 0) {
    const result = await db
      .updateTable('case_imports')
      .set({ status: 'failed', failure: 'import.interrupted', finished_at: at.toISOString() })
      .where(
        'id',
        'in',
        dead.map((r) => r.id),
      )
      .where('status', '=', 'running')
      .executeTakeFirst();
    failed = Number(result.numUpdatedRows);
  }
  const deadIds = new Set(dead.map((r) => r.id));
  await removeAbandonedFiles(importTempDirFor(filesDir), {
    kept: new Set(running.filter((r) => !deadIds.has(r.id)).map((r) => r.temp_file)),
    failed: new Set(dead.map((r) => r.temp_file)),
    before: at.getTime() - IMPORT_STALE_MS,
  });
  return failed;
}

/**
 * In this host's `import-tmp`: the files of the imports just failed go, and so do files no
 * import names that nothing has touched since `before` (epoch ms: an upload whose process
 * died before its job existed). A running import's file, or an upload in progress, stays.
 */
async function removeAbandonedFiles(
  dir: string,
  files: { kept: Set<string | null>; failed: Set<string | null>; before: number },
) {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (files.kept.has(name)) continue;
    const path = join(dir, name);
    if (files.failed.has(name)) {
      await rm(path, { force: true });
      continue;
    }
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < files.before) await rm(path, { force: true, recursive: true });
  }
}
