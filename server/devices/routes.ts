import { accountDetailSchema, deviceListQuerySchema, deviceRowSchema } from '../../contract/operations-api';
import { pagedSchema } from '../../contract/paging';
import { idParamsSchema } from '../../contract/users';
import { recordAudit } from '../audit/audit';
import { fail } from '../http/errors';
import { defineRoute } from '../http/route';
import { accountDetail } from './account';
import { deviceInScope, listDevices } from './list';

export const deviceRoutes = [
  defineRoute({
    method: 'GET',
    url: '/devices',
    summary: "Device management: devices of the people in the caller's scope, with their owners",
    tags: ['devices'],
    access: 'devices.manage',
    query: deviceListQuerySchema,
    response: pagedSchema(deviceRowSchema),
    handler: ({ app, caller, query }) => listDevices(app.db, caller, query),
  }),

  defineRoute({
    method: 'POST',
    url: '/devices/:id/unbind',
    summary:
      "Unbind a device of someone in the caller's scope; a device outside it, or already unbound, is 404",
    tags: ['devices'],
    access: 'devices.manage',
    params: idParamsSchema,
    response: deviceRowSchema,
    handler: async ({ app, caller, params, requestId }) => {
      const now = app.clock.now();
      await app.db.transaction().execute(async (trx) => {
        const device = await deviceInScope(trx, caller, params.id);
        if (!device) throw fail.notFound('device.notFound');
        // The guard on unbound_at lets exactly one of two simultaneous unbinds through.
        const result = await trx
          .updateTable('devices')
          .set({ unbound_at: now.toISOString() })
          .where('id', '=', params.id)
          .where('unbound_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw fail.notFound('device.notFound');
        await recordAudit(
          trx,
          { caller, requestId, at: now },
          {
            action: 'device.unbind',
            entity: 'device',
            entityId: params.id,
            summary: `unbound ${device.deviceName} (${device.deviceUid}) of ${device.userName}`,
          },
        );
      });
      const device = await deviceInScope(app.db, caller, params.id);
      if (!device) throw fail.notFound('device.notFound');
      return device;
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/accounts/:id',
    summary: "One account in the caller's scope: profile, role, firm, every device, the wallet in figures",
    tags: ['devices'],
    access: 'devices.manage',
    params: idParamsSchema,
    response: accountDetailSchema,
    handler: ({ app, caller, params }) => accountDetail(app.db, caller, params.id),
  }),
];
