import type { Kysely } from 'kysely';
import type { AccountDetail } from '../../contract/operations-api';
import type { Role } from '../../contract/roles';
import { personInScope } from '../access/people-scope';
import { phoneFor } from '../access/phones';
import type { Database } from '../db/schema';
import type { Caller } from '../http/route';
import { walletSummary } from '../wallets/summary';

/** One account as the account page shows it: profile, firm, every device, the wallet in figures. */
export async function accountDetail(
  db: Kysely<Database>,
  caller: Caller,
  userId: number,
): Promise<AccountDetail> {
  const person = await personInScope(db, caller, 'devices.manage', userId);
  const [devices, wallet] = await Promise.all([
    db
      .selectFrom('devices')
      .where('user_id', '=', userId)
      .select(['id', 'device_uid', 'device_name', 'device_type', 'bound_at', 'last_active_at', 'unbound_at'])
      // Bound devices first, then the newest binding first.
      .orderBy((eb) => eb.case().when('unbound_at', 'is', null).then(0).else(1).end())
      .orderBy('bound_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    walletSummary(db, userId),
  ]);
  return {
    id: person.id,
    name: person.name,
    phone: phoneFor(caller, person.phone, { userId: person.id, lawFirmId: person.law_firm_id }),
    role: person.role as Role,
    enabled: person.enabled === 1,
    accountId: person.account_id,
    email: person.email,
    nickname: person.nickname,
    registeredAt: person.registered_at,
    lawFirmId: person.law_firm_id,
    lawFirmName: person.law_firm_name,
    boundDevices: devices.filter((d) => d.unbound_at === null).length,
    devices: devices.map((d) => ({
      id: d.id,
      deviceUid: d.device_uid,
      deviceName: d.device_name,
      deviceType: d.device_type,
      boundAt: d.bound_at,
      lastActiveAt: d.last_active_at,
      unboundAt: d.unbound_at,
    })),
    wallet,
  };
}
