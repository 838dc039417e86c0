import type { Kysely } from 'kysely';
import type { UserInfo } from '../../contract/auth';
import type { Role } from '../../contract/roles';
import type { Database, UserRow } from '../db/schema';
import { rolesOf } from './sessions';

/** The browser's view of a user: every profile field, never the password hash. */
export async function loadUserInfo(
  db: Kysely<Database>,
  userId: number,
  activeRole?: Role,
): Promise<UserInfo | null> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('law_firms as f', 'f.id', 'u.law_firm_id')
    .selectAll('u')
    .select('f.name as law_firm_name')
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return toUserInfo(row, row.law_firm_name, await rolesOf(db, userId), activeRole);
}

export function toUserInfo(
  row: UserRow,
  lawFirmName: string | null,
  roles: Role[],
  activeRole?: Role,
): UserInfo {
  return {
    id: row.id,
    phone: row.phone,
    name: row.name,
    role: activeRole ?? (row.role as Role),
    roles,
    enabled: row.enabled === 1,
    lawFirmId: row.law_firm_id,
    lawFirmName,
    avatar: row.avatar,
    email: row.email,
    nickname: row.nickname,
    countryRegion: row.country_region,
    area: row.area,
    address: row.address,
    introduction: row.introduction,
    website: row.website,
    registeredAt: row.registered_at,
    accountId: row.account_id,
    certification: row.certification as UserInfo['certification'],
  };
}
