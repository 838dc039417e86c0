import { accountDetailSchema, deviceListQuerySchema, deviceRowSchema } from '../../contract/operations-api';
import { pagedSchema } from '../../contract/paging';
import { idParamsSchema } from '../../contract/users';
import { defineRoute } from '../http/route';
import { accountDetail } from './account';
import { listDevices } from './list';
import { unbindDevice } from './unbind';

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
    handler: ({ app, caller, params, requestId }) => unbindDevice(app, caller, params.id, requestId),
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
