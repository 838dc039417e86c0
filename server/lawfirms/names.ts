import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The firms that passed review, by name: every one for the lists' firm filters (suspended ones
 * stay findable), or only those open to new lawyers (not suspended) for registration.
 */
export async function passedFirmNames(db: Kysely<Database>, opts: { openOnly: boolean }) {
  let query = db
    .selectFrom('law_firms')
    .select(['id', 'name', 'region_code'])
    .where('review_status', '=', 'passed');
  if (opts.openOnly) query = query.where('suspended_at', 'is', null);
  const rows = await query.orderBy('name').execute();
  return { list: rows.map((r) => ({ id: r.id, name: r.name, regionCode: r.region_code })) };
}
