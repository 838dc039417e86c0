import { z } from 'zod';
import { userInfoSchema } from '../../contract/auth';
import { pagedSchema } from '../../contract/paging';
import { FIRM_MEMBER_ROLES, type Role } from '../../contract/roles';
import {
  createUserRequestSchema,
  createUserResponseSchema,
  editUserRequestSchema,
  enableToggleResponseSchema,
  idParamsSchema,
  idQuerySchema,
  randomPasswordResponseSchema,
  saveInfoRequestSchema,
  unbindRequestSchema,
  userDetailSchema,
  userListQuerySchema,
  userSummarySchema,
} from '../../contract/users';
import { maySearchPhones, phoneFor } from '../access/phones';
import { recordAudit } from '../audit/audit';
import { generatePassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions';
import { newAccountPasswordHash, setPassword } from '../auth/set-password';
import { loadUserInfo } from '../auth/user-info';
import type { AppContext } from '../context';
import { unbindDevice } from '../devices/unbind';
import { fail } from '../http/errors';
import { defineRoute } from '../http/route';
import { listUsers } from './admin';
import { assertLicenceFree, assertPhoneFree, createAccount } from './create-account';
import { assertSuperAdminRemains, holdsSuperAdmin } from './super-admins';

async function requireUser(app: AppContext, id: number) {
  const user = await app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) throw fail.notFound('user.notFound');
  return user;
}

async function requireFirm(app: AppContext, id: number) {
  const firm = await app.db.selectFrom('law_firms').select('id').where('id', '=', id).executeTakeFirst();
  if (!firm) throw fail.field('lawFirmId', 'lawfirm.notFound');
}

async function summaryOf(app: AppContext, id: number) {
  const user = await requireUser(app, id);
  const page = await listUsers(app.db, { page: 1, pageSize: 1, phone: user.phone });
  return page.list[0];
}

export const userRoutes = [
  defineRoute({
    method: 'GET',
    url: '/users',
    summary: 'Account management: users, paged and filtered',
    tags: ['users'],
    access: 'accounts.manage',
    query: userListQuerySchema,
    response: pagedSchema(userSummarySchema),
    handler: async ({ app, caller, query }) => {
      // A number is searched and shown in full only for a caller who may read every number.
      const page = await listUsers(app.db, maySearchPhones(caller) ? query : { ...query, phone: undefined });
      const list = page.list.map((u) => ({
        ...u,
        phone: phoneFor(caller, u.phone, { userId: u.id, lawFirmId: u.lawFirmId }),
      }));
      return { ...page, list };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/users',
    summary: 'Create an account; its generated password is returned once',
    tags: ['users'],
    access: 'accounts.manage',
    body: createUserRequestSchema,
    response: createUserResponseSchema,
    handler: async ({ app, body, caller, requestId }) => {
      await assertPhoneFree(app.db, body.phone);
      if (FIRM_MEMBER_ROLES.includes(body.role) && !body.lawFirmId)
        throw fail.field('lawFirmId', 'user.lawFirmRequired');
      if (body.lawFirmId) await requireFirm(app, body.lawFirmId);
      if (body.role === 'lawyer') {
        if (!body.licenceNo) throw fail.field('licenceNo', 'user.licenceRequired');
        await assertLicenceFree(app.db, body.licenceNo);
      }
      const password = generatePassword();
      const passwordHash = await newAccountPasswordHash(password);
      const { userId } = await app.db.transaction().execute((trx) =>
        createAccount(
          trx,
          {
            phone: body.phone,
            passwordHash,
            name: body.name,
            role: body.role,
            lawFirmId: body.lawFirmId ?? null,
            licence:
              body.role === 'lawyer' && body.licenceNo
                ? { licenceNo: body.licenceNo, review: { status: 'passed', reviewerId: caller.userId } }
                : undefined,
          },
          {
            caller,
            requestId,
            at: app.clock.now(),
            entry: ({ userId }) => ({
              action: 'user.create',
              entity: 'user',
              entityId: userId,
              summary: `created ${body.role} ${body.name}`,
              params: { name: body.name, role: body.role },
            }),
          },
        ),
      );
      return { user: await summaryOf(app, userId), initialPassword: password };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/user/random-password/:id',
    summary: "Replace a user's password with a random one (shown once); their sessions end",
    tags: ['users'],
    access: 'accounts.manage',
    params: idParamsSchema,
    response: randomPasswordResponseSchema,
    handler: async ({ app, params, caller, requestId }) => {
      const user = await requireUser(app, params.id);
      const password = generatePassword();
      // Its sessions end and a lock earned with the old password is lifted, so the one just
      // handed over works at once.
      await setPassword(app, {
        userId: params.id,
        phone: user.phone,
        password,
        who: { caller, requestId },
        audit: {
          action: 'user.randomPassword',
          summary: 'password replaced by a random one',
          params: { name: user.name },
        },
      });
      return { password };
    },
  }),

  defineRoute({
    method: 'PUT',
    url: '/users/enable/:id',
    summary: 'Enable or disable a user (toggle); disabling ends their sessions',
    tags: ['users'],
    access: 'accounts.manage',
    params: idParamsSchema,
    response: enableToggleResponseSchema,
    handler: async ({ app, params, caller, requestId }) => {
      const user = await requireUser(app, params.id);
      if (user.id === caller.userId) throw fail.conflict('user.cannotDisableSelf');
      const enabled = user.enabled === 1 ? 0 : 1;
      const now = app.clock.now();
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ enabled, updated_at: now.toISOString() })
          .where('id', '=', user.id)
          .execute();
        if (!enabled) {
          if (await holdsSuperAdmin(trx, user.id)) await assertSuperAdminRemains(trx);
          await revokeUserSessions(trx, user.id, now);
        }
        await recordAudit(
          trx,
          { caller, requestId, at: now },
          {
            action: enabled ? 'user.enable' : 'user.disable',
            entity: 'user',
            entityId: user.id,
            summary: `${enabled ? 'enabled' : 'disabled'} ${user.name}`,
            params: { name: user.name },
          },
        );
      });
      return { enabled: enabled === 1 };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/user-info',
    summary: 'One user with profile and bound devices',
    tags: ['users'],
    access: 'accounts.manage',
    query: idQuerySchema,
    response: userDetailSchema,
    handler: async ({ app, caller, query }) => {
      const info = await loadUserInfo(app.db, query.id);
      if (!info) throw fail.notFound('user.notFound');
      const devices = await app.db
        .selectFrom('devices')
        .selectAll()
        .where('user_id', '=', query.id)
        .where('unbound_at', 'is', null)
        .orderBy('bound_at', 'desc')
        .execute();
      return {
        ...info,
        phone: phoneFor(caller, info.phone, { userId: info.id, lawFirmId: info.lawFirmId }),
        devices: devices.map((d) => ({
          id: d.id,
          deviceUid: d.device_uid,
          deviceName: d.device_name,
          deviceType: d.device_type,
          boundAt: d.bound_at,
          lastActiveAt: d.last_active_at,
        })),
      };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/user-edit',
    summary: "Edit a user's name, role, law firm, email or nickname; a role change ends their sessions",
    tags: ['users'],
    access: 'accounts.manage',
    body: editUserRequestSchema,
    response: userSummarySchema,
    handler: async ({ app, body, caller, requestId }) => {
      const user = await requireUser(app, body.id);
      const role = body.role ?? (user.role as Role);
      if (user.id === caller.userId && role !== user.role) throw fail.conflict('user.cannotChangeOwnRole');
      const lawFirmId = body.lawFirmId === undefined ? user.law_firm_id : body.lawFirmId;
      if (FIRM_MEMBER_ROLES.includes(role) && !lawFirmId)
        throw fail.field('lawFirmId', 'user.lawFirmRequired');
      if (lawFirmId && lawFirmId !== user.law_firm_id) await requireFirm(app, lawFirmId);
      // A lawyer's licence lives in `lawyers`; this form cannot create one (POST /users can).
      const licence = await app.db
        .selectFrom('lawyers')
        .select('id')
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (role === 'lawyer' && !licence) throw fail.field('role', 'user.licenceRequired');
      const now = app.clock.now();
      await app.db.transaction().execute(async (trx) => {
        if (licence && lawFirmId && lawFirmId !== user.law_firm_id) {
          await trx
            .updateTable('lawyers')
            .set({ law_firm_id: lawFirmId })
            .where('id', '=', licence.id)
            .execute();
        }
        await trx
          .updateTable('users')
          .set({
            name: body.name ?? user.name,
            role,
            law_firm_id: lawFirmId,
            email: body.email === undefined ? user.email : body.email,
            nickname: body.nickname === undefined ? user.nickname : body.nickname,
            updated_at: now.toISOString(),
          })
          .where('id', '=', user.id)
          .execute();
        if (role !== user.role) {
          const wasSuperAdmin = await holdsSuperAdmin(trx, user.id);
          await trx
            .deleteFrom('user_roles')
            .where('user_id', '=', user.id)
            .where('role', '=', user.role)
            .execute();
          await trx
            .insertInto('user_roles')
            .values({ user_id: user.id, role })
            .onConflict((oc) => oc.doNothing())
            .execute();
          if (wasSuperAdmin) await assertSuperAdminRemains(trx);
          await revokeUserSessions(trx, user.id, now);
        }
        await recordAudit(
          trx,
          { caller, requestId, at: now },
          {
            action: 'user.edit',
            entity: 'user',
            entityId: user.id,
            summary: `edited ${
              Object.keys(body)
                .filter((k) => k !== 'id')
                .join(', ') || 'nothing'
            }`,
            params: { name: user.name },
          },
        );
      });
      return summaryOf(app, user.id);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/unbind',
    summary: 'Unbind a device from its account',
    tags: ['users'],
    access: 'accounts.manage',
    body: unbindRequestSchema,
    response: z.null(),
    handler: async ({ app, body, caller, requestId }) => {
      await unbindDevice(app, caller, body.deviceId, requestId);
      return null;
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/user/save-info',
    summary: "Save the caller's own profile (basic information)",
    tags: ['users'],
    access: 'signedIn',
    body: saveInfoRequestSchema,
    response: userInfoSchema,
    handler: async ({ app, body, caller, requestId }) => {
      const now = app.clock.now();
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({
            email: body.email,
            nickname: body.nickname,
            country_region: body.countryRegion,
            area: body.area,
            address: body.address || null,
            introduction: body.introduction || null,
            website: body.website || null,
            updated_at: now.toISOString(),
          })
          .where('id', '=', caller.userId)
          .execute();
        await recordAudit(
          trx,
          { caller, requestId, at: now },
          {
            action: 'user.saveInfo',
            entity: 'user',
            entityId: caller.userId,
            summary: 'updated own profile',
          },
        );
      });
      const info = await loadUserInfo(app.db, caller.userId, caller.role);
      if (!info) throw fail.notFound('user.notFound');
      return info;
    },
  }),
];
