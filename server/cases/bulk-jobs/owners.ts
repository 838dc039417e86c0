/**
 * Which process runs a bulk job, and what becomes of one whose process died. A job is claimed
 * by one conditional UPDATE (`queued` -> `running` with this process as owner): of several
 * processes or hosts trying, exactly one changes the row. While it runs its owner beats
 * (`heartbeat_at`, with every batch and on a timer); a job whose owner is known gone (an
 * earlier process on this host), or whose heartbeat is older than BULK_STALE_MS, is failed by
 * whichever process looks first, again by a conditional UPDATE, keeping what it finished.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** How often a running job beats while a batch keeps it busy (each batch's commit beats too). */
export const BULK_HEARTBEAT_MS = 10_000;

/** A running job silent this long is taken for dead (a batch never takes anywhere near it). */
export const BULK_STALE_MS = 2 * 60_000;

/** A queued job nobody claimed for this long (its process died between insert and claim) is claimed by another. */
export const BULK_UNCLAIMED_MS = 30_000;

const BOOT_ID = randomBytes(6).toString('hex');

/** This process: host, pid and boot id, space-separated (`bulk_jobs.owner`). */
export function bulkOwner(): string {
  return `${hostname()} ${process.pid} ${BOOT_ID}`;
}

/**
 * Whether an owner is known to be gone: an earlier process on this host (another boot id) whose
 * pid no longer runs, or that had this very pid. Owners on other hosts: their heartbeat tells.
 */
export function ownerGone(owner: string | null, self: string = bulkOwner()): boolean {
  if (!owner || owner === self) return false;
  const [host, pid, boot] = owner.split(' ');
  const [selfHost, selfPid, selfBoot] = self.split(' ');
  if (host !== selfHost || boot === selfBoot) return false;
  if (pid === selfPid) return true;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (err) {
    return (err as { code?: string }).code !== 'EPERM';
  }
}

/** Claims a queued job for this process; true for the one process whose UPDATE changed the row. */
export async function claimJob(
  db: Kysely<Database>,
  id: number,
  at: Date,
  self = bulkOwner(),
): Promise<boolean> {
  const claimed = await db
    .updateTable('bulk_jobs')
    .set({ status: 'running', owner: self, heartbeat_at: at.toISOString(), started_at: at.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function beat(db: Kysely<Database>, id: number, at: Date, self = bulkOwner()): Promise<void> {
  await db
    .updateTable('bulk_jobs')
    .set({ heartbeat_at: at.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('owner', '=', self)
    .execute();
}

/**
 * Fails the running jobs (all, or the one `id`) whose owner is gone or whose heartbeat is stale;
 * answers how many. Each row is failed only while it is still running under that owner, so a
 * job that finished meanwhile stays done.
 */
export async function failDeadJobs(
  db: Kysely<Database>,
  at: Date,
  opts: { id?: number; self?: string } = {},
): Promise<number> {
  const self = opts.self ?? bulkOwner();
  const staleBefore = new Date(at.getTime() - BULK_STALE_MS).toISOString();
  let q = db.selectFrom('bulk_jobs').select(['id', 'owner', 'heartbeat_at']).where('status', '=', 'running');
  if (opts.id !== undefined) q = q.where('id', '=', opts.id);
  const running = await q.execute();
  let failed = 0;
  for (const job of running) {
    const dead = job.heartbeat_at === null || job.heartbeat_at < staleBefore || ownerGone(job.owner, self);
    if (!dead) continue;
    let update = db
      .updateTable('bulk_jobs')
      .set({ status: 'failed', failure: 'bulk.interrupted', finished_at: at.toISOString() })
      .where('id', '=', job.id)
      .where('status', '=', 'running');
    update = job.owner === null ? update.where('owner', 'is', null) : update.where('owner', '=', job.owner);
    const result = await update.executeTakeFirst();
    failed += Number(result.numUpdatedRows);
  }
  return failed;
}

/** Queued jobs no process claimed in BULK_UNCLAIMED_MS (their starter's process died first). */
export async function unclaimedJobs(db: Kysely<Database>, at: Date): Promise<number[]> {
  const before = new Date(at.getTime() - BULK_UNCLAIMED_MS).toISOString();
  const rows = await db
    .selectFrom('bulk_jobs')
    .select('id')
    .where('status', '=', 'queued')
    .where('created_at', '<', before)
    .execute();
  return rows.map((r) => r.id);
}
