import type { DeviceRow } from '../../contract/operations-api';
import { recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import type { Caller } from '../http/route';
import { deviceInScope } from './list';

/**
 * The one way a device is unbound (account management's `POST /unbind` and the account
 * center's `POST /devices/:id/unbind`). A device outside the caller's scope (people-scope.ts),
 * missing or already unbound is 404; the unbind and its audit row share a transaction.
 */
export async function unbindDevice(
  app: AppContext,
  caller: Caller,
  deviceId: number,
  requestId: string,
): Promise<DeviceRow> {
  const now = app.clock.now();
  await app.db.transaction().execute(async (trx) => {
    const device = await deviceInScope(trx, caller, deviceId);
    if (!device) throw fail.notFound('device.notFound');
    // The guard on unbound_at lets exactly one of two simultaneous unbinds through.
    const result = await trx
      .updateTable('devices')
      .set({ unbound_at: now.toISOString() })
      .where('id', '=', deviceId)
      .where('unbound_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw fail.notFound('device.notFound');
    await recordAudit(
      trx,
      { caller, requestId, at: now },
      {
        action: 'device.unbind',
        entity: 'device',
        entityId: deviceId,
        summary: `unbound ${device.deviceName} (${device.deviceUid}) of ${device.userName}`,
        params: { device: device.deviceName, name: device.userName },
      },
    );
  });
  const device = await deviceInScope(app.db, caller, deviceId);
  if (!device) throw fail.notFound('device.notFound');
  return device;
}
