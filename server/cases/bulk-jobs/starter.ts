import type { Kysely } from 'kysely';
import type { Role } from '../../../contract/roles';
import { rolesOf } from '../../auth/sessions';
import type { Database } from '../../db/schema';
import type { Caller } from '../../http/route';
import { viewerOf } from '../scope';
import type { Who } from '../transitions';

/**
 * The person who started a job, as its cases are judged: read again before every batch, so a
 * starter disabled or stripped of the role meanwhile stops the job (null) rather than acting
 * with rights they no longer have. Their audit rows carry `bulk-job-<id>` as the request.
 */
export async function starterOf(
  db: Kysely<Database>,
  job: { id: number; started_by: number; role: string },
): Promise<Who | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'phone', 'name', 'enabled', 'law_firm_id'])
    .where('id', '=', job.started_by)
    .executeTakeFirst();
  if (user?.enabled !== 1) return null;
  const roles = await rolesOf(db, user.id);
  const role = job.role as Role;
  if (!roles.includes(role)) return null;
  const caller: Caller = {
    userId: user.id,
    sessionId: 0,
    role,
    roles,
    phone: user.phone,
    name: user.name,
    lawFirmId: user.law_firm_id,
  };
  return { caller, viewer: await viewerOf(db, caller), requestId: `bulk-job-${job.id}` };
}
