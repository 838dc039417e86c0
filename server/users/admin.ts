import type { Kysely } from 'kysely';
import type { Paged } from '../../contract/paging';
import type { Role } from '../../contract/roles';
import type { UserListQuery, UserSummary } from '../../contract/users';
import type { Database } from '../db/schema';
import { containsText } from '../db/text-search';

/** The user table of account management: filters, paging, firm name and bound devices. */
export async function listUsers(db: Kysely<Database>, q: UserListQuery): Promise<Paged<UserSummary>> {
  let base = db.selectFrom('users as u');
  if (q.role) base = base.where('u.role', '=', q.role);
  if (q.phone) base = base.where(containsText('u.phone', q.phone));
  if (q.name) base = base.where(containsText('u.name', q.name));
  if (q.enabled !== undefined) base = base.where('u.enabled', '=', q.enabled ? 1 : 0);

  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('law_firms as f', 'f.id', 'u.law_firm_id')
    .select((eb) => [
      'u.id',
      'u.phone',
      'u.name',
      'u.role',
      'u.enabled',
      'u.law_firm_id',
      'u.account_id',
      'u.registered_at',
      'f.name as law_firm_name',
      eb
        .selectFrom('devices as d')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('d.user_id', '=', 'u.id')
        .where('d.unbound_at', 'is', null)
        .as('bound_devices'),
    ])
    // Newest account first: the one just created is on the first page.
    .orderBy('u.id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return {
    total: Number(total),
    list: rows.map((r) => ({
      id: r.id,
      phone: r.phone,
      name: r.name,
      role: r.role as Role,
      enabled: r.enabled === 1,
      lawFirmId: r.law_firm_id,
      lawFirmName: r.law_firm_name,
      accountId: r.account_id,
      registeredAt: r.registered_at,
      boundDevices: Number(r.bound_devices ?? 0),
    })),
  };
}
