import type { Kysely } from 'kysely';
import { businessDayEnd, businessDayStart } from '../../contract/dates';
import type { DeviceListQuery, DeviceRow } from '../../contract/operations-api';
import type { Paged } from '../../contract/paging';
import type { Role } from '../../contract/roles';
import { peopleInScope } from '../access/people-scope';
import { maySearchPhones, phoneFor } from '../access/phones';
import type { Database } from '../db/schema';
import { containsText } from '../db/text-search';
import type { Caller } from '../http/route';

const SORT_COLUMNS = { boundAt: 'devices.bound_at', lastActiveAt: 'devices.last_active_at' } as const;

/** Devices with their owners, the caller's scope and the filters applied, without paging. */
export function devicesQuery(db: Kysely<Database>, caller: Caller, filter: Partial<DeviceListQuery>) {
  let query = db
    .selectFrom('devices')
    .innerJoin('users', 'users.id', 'devices.user_id')
    .leftJoin('law_firms', 'law_firms.id', 'users.law_firm_id')
    .where(peopleInScope(caller, 'devices.manage'));
  const { keyword, deviceType, state, role, lawFirmId, boundFrom, boundTo } = filter;
  if (keyword) {
    query = query.where((eb) =>
      eb.or(
        [
          'users.name',
          'devices.device_name',
          'devices.device_uid',
          ...(maySearchPhones(caller) ? ['users.phone'] : []),
        ].map((column) => containsText(column, keyword)),
      ),
    );
  }
  if (deviceType) query = query.where('devices.device_type', '=', deviceType);
  if (state === 'bound') query = query.where('devices.unbound_at', 'is', null);
  if (state === 'unbound') query = query.where('devices.unbound_at', 'is not', null);
  if (role) query = query.where('users.role', '=', role);
  if (lawFirmId !== undefined) query = query.where('users.law_firm_id', '=', lawFirmId);
  if (boundFrom) query = query.where('devices.bound_at', '>=', businessDayStart(boundFrom));
  if (boundTo) query = query.where('devices.bound_at', '<', businessDayEnd(boundTo));
  return query;
}

const ROW_COLUMNS = [
  'devices.id',
  'devices.device_uid',
  'devices.device_name',
  'devices.device_type',
  'devices.bound_at',
  'devices.last_active_at',
  'devices.unbound_at',
  'users.id as user_id',
  'users.name as user_name',
  'users.phone',
  'users.role',
  'users.law_firm_id',
  'law_firms.name as law_firm_name',
] as const;

type StoredRow = {
  id: number;
  device_uid: string;
  device_name: string;
  device_type: string;
  bound_at: string;
  last_active_at: string | null;
  unbound_at: string | null;
  user_id: number;
  user_name: string;
  phone: string;
  role: string;
  law_firm_id: number | null;
  law_firm_name: string | null;
};

/** A device row as this caller may see it (the owner's number masked unless they may read it). */
function deviceRowOf(r: StoredRow, caller: Caller): DeviceRow {
  return {
    id: r.id,
    deviceUid: r.device_uid,
    deviceName: r.device_name,
    deviceType: r.device_type,
    boundAt: r.bound_at,
    lastActiveAt: r.last_active_at,
    unboundAt: r.unbound_at,
    userId: r.user_id,
    userName: r.user_name,
    phone: phoneFor(caller, r.phone, { userId: r.user_id, lawFirmId: r.law_firm_id }),
    role: r.role as Role,
    lawFirmId: r.law_firm_id,
    lawFirmName: r.law_firm_name,
  };
}

/** One device in the caller's scope, or undefined. */
export async function deviceInScope(db: Kysely<Database>, caller: Caller, id: number) {
  const row = await devicesQuery(db, caller, {})
    .where('devices.id', '=', id)
    .select(ROW_COLUMNS)
    .executeTakeFirst();
  return row ? deviceRowOf(row, caller) : undefined;
}

/** A page of device management: newest bound first unless sorted otherwise. */
export async function listDevices(
  db: Kysely<Database>,
  caller: Caller,
  query: DeviceListQuery,
): Promise<Paged<DeviceRow>> {
  const matching = devicesQuery(db, caller, query);
  const column = SORT_COLUMNS[query.sortField];
  const [rows, count] = await Promise.all([
    matching
      .select(ROW_COLUMNS)
      // Devices never active come last either way.
      .orderBy(column, (ob) => (query.sortOrder === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('devices.id', query.sortOrder)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map((r) => deviceRowOf(r, caller)), total: Number(count.n) };
}
