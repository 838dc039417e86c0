import { http } from 'msw';
import type { z } from 'zod';
import { type UserInfo, userInfoSchema } from '../../contract/auth';
import {
  type CertificationOverview,
  type CertificationRecord,
  certificationOverviewSchema,
  certificationRecordSchema,
  submitCertificationRequestSchema,
} from '../../contract/certifications';
import { CODES } from '../../contract/codes';
import { type MessageKey, translate } from '../../contract/messages';
import {
  createUserRequestSchema,
  type deviceSchema,
  saveInfoRequestSchema,
  type UserSummary,
  userDetailSchema,
  userSummarySchema,
} from '../../contract/users';
import { fail, ok } from '../envelope';
import { demoUserInfo } from './login';

/**
 * The signed-in user's own endpoints (profile, password, phone, certification) and account
 * management. Builders return the handlers and the requests they received, parsed with the
 * contract's schemas, so a test reads what the server would have validated.
 */

type Device = z.infer<typeof deviceSchema>;

const zh = (key: MessageKey, params?: Record<string, string | number>) => translate('zh-CN', key, params);

function fieldFailure(status: number, code: number, path: string, key: MessageKey) {
  return fail(status, code, zh(key), [{ path, message: zh(key) }]);
}

/** GET /api/user/info answering the given user. */
export function userInfoHandler(info: UserInfo = demoUserInfo()) {
  return http.get('/api/user/info', () => ok(userInfoSchema.parse(info)));
}

/** POST /api/user/save-info: stores the profile and answers the updated user info. */
export function saveInfoHandler(info: UserInfo = demoUserInfo()) {
  const requests: Array<z.infer<typeof saveInfoRequestSchema>> = [];
  const handler = http.post('/api/user/save-info', async ({ request }) => {
    const body = saveInfoRequestSchema.parse(await request.json());
    requests.push(body);
    return ok(userInfoSchema.parse({ ...info, ...body }));
  });
  return { handler, requests };
}

/** POST /api/user/change-password: the current password is `Demo@2026` unless told otherwise. */
export function changePasswordHandler(current = 'Demo@2026') {
  const requests: Array<{ oldPassword: string; newPassword: string }> = [];
  const handler = http.post('/api/user/change-password', async ({ request }) => {
    const body = (await request.json()) as { oldPassword: string; newPassword: string };
    requests.push(body);
    if (body.oldPassword !== current)
      return fieldFailure(400, CODES.validation, 'oldPassword', 'auth.wrongOldPassword');
    return ok(null);
  });
  return { handler, requests };
}

/** POST /api/user/bind-phone: accepts one code; phones in `taken` belong to other accounts (409). */
export function bindPhoneHandler(options: { code?: string; taken?: string[]; info?: UserInfo } = {}) {
  const requests: Array<{ phone: string; code: string }> = [];
  const handler = http.post('/api/user/bind-phone', async ({ request }) => {
    const body = (await request.json()) as { phone: string; code: string };
    requests.push(body);
    if (options.taken?.includes(body.phone))
      return fieldFailure(409, CODES.conflict, 'phone', 'profile.phoneTaken');
    if (body.code !== (options.code ?? '123456'))
      return fieldFailure(400, CODES.validation, 'code', 'sms.codeInvalid');
    return ok(userInfoSchema.parse({ ...(options.info ?? demoUserInfo()), phone: body.phone }));
  });
  return { handler, requests };
}

export function demoCertification(overrides: Partial<CertificationRecord> = {}): CertificationRecord {
  return certificationRecordSchema.parse({
    id: 1,
    certType: 'enterprise',
    enterpriseName: '北京德衡律师事务所',
    enterpriseCertType: 'unifiedSocialCreditCode',
    creditCode: '91110000MA01ABCD2X',
    legalPersonName: '张建国',
    legalPersonIdType: 'residentIdCard',
    legalPersonIdNumber: '110101********123X',
    contactPhone: '13800000004',
    status: 'passed',
    submittedAt: '2026-01-10T02:00:00.000Z',
    reviewedAt: '2026-01-12T02:00:00.000Z',
    licenceNo: null,
    licenceFile: null,
    reason: null,
    version: 1,
    ...overrides,
  });
}

/**
 * The certification endpoints over one in-memory record list: the overview is derived from
 * it, submitting adds an auditing record, withdrawing changes one (409 unless auditing).
 */
export function certificationHandlers(initial: CertificationRecord[] = []) {
  const records = [...initial];
  const submitted: Array<z.infer<typeof submitCertificationRequestSchema>> = [];
  const withdrawn: number[] = [];
  const overview = (): CertificationOverview => {
    const current = records.find((r) => r.status === 'passed') ?? null;
    const pending = records.find((r) => r.status === 'auditing') ?? null;
    const latest = records.find((r) => r.status === 'passed' || r.status === 'rejected') ?? null;
    return certificationOverviewSchema.parse({
      state: pending && !current ? 'auditing' : current ? 'enterprise' : 'none',
      current,
      pending,
      latest,
    });
  };
  const handlers = [
    http.get('/api/user/certification', () => ok(overview())),
    http.get('/api/user/certifications', ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
      return ok({ list: records.slice((page - 1) * pageSize, page * pageSize), total: records.length });
    }),
    http.post('/api/user/certifications', async ({ request }) => {
      const parsed = submitCertificationRequestSchema.safeParse(await request.json());
      if (!parsed.success) return fail(400, CODES.validation, zh('http.validation'));
      if (records.some((r) => r.status === 'auditing'))
        return fail(409, CODES.conflict, zh('certification.alreadyAuditing'));
      submitted.push(parsed.data);
      const id = Math.max(0, ...records.map((r) => r.id)) + 1;
      const record = demoCertification({
        ...parsed.data,
        id,
        legalPersonIdNumber: `${parsed.data.legalPersonIdNumber.slice(0, 6)}********${parsed.data.legalPersonIdNumber.slice(-4)}`,
        status: 'auditing',
        submittedAt: new Date().toISOString(),
        reviewedAt: null,
      });
      records.unshift(record);
      return ok(record);
    }),
    http.post('/api/user/certifications/:id/withdraw', ({ params }) => {
      const record = records.find((r) => r.id === Number(params.id));
      if (!record) return fail(404, CODES.notFound, zh('certification.notFound'));
      if (record.status !== 'auditing') return fail(409, CODES.conflict, zh('certification.notAuditing'));
      record.status = 'withdrawn';
      withdrawn.push(record.id);
      return ok(record);
    }),
  ];
  return { handlers, records, submitted, withdrawn };
}

export function demoUserSummary(overrides: Partial<UserSummary> = {}): UserSummary {
  return userSummarySchema.parse({
    id: 2,
    phone: '13800000002',
    name: '林晓雯',
    role: 'caseOperation',
    enabled: true,
    lawFirmId: null,
    lawFirmName: null,
    accountId: 'CD0000000002',
    registeredAt: '2026-01-05T08:00:00.000Z',
    boundDevices: 1,
    ...overrides,
  });
}

export function demoDevice(overrides: Partial<Device> = {}): Device {
  return {
    id: 11,
    deviceUid: 'DEV-00002-1-123456',
    deviceName: 'iPhone 15',
    deviceType: 'ios',
    boundAt: '2026-01-06T08:00:00.000Z',
    lastActiveAt: '2026-02-01T08:00:00.000Z',
    ...overrides,
  };
}

/**
 * Account management over one in-memory user list: GET /api/users (filters and paging as the
 * server applies them), create, enable toggle, random password, detail and unbind. `queries`
 * records each list request's query string.
 */
export function accountHandlers(
  initial: UserSummary[],
  options: { devices?: Record<number, Device[]> } = {},
) {
  const users = [...initial];
  const devices: Record<number, Device[]> = { ...options.devices };
  const queries: URLSearchParams[] = [];
  const created: Array<z.infer<typeof createUserRequestSchema>> = [];
  const toggled: number[] = [];
  const reset: number[] = [];
  const unbound: number[] = [];
  const handlers = [
    http.get('/api/users', ({ request }) => {
      const q = new URL(request.url).searchParams;
      queries.push(q);
      const page = Number(q.get('page') ?? 1);
      const pageSize = Number(q.get('pageSize') ?? 20);
      const matching = users.filter(
        (u) =>
          (!q.get('role') || u.role === q.get('role')) &&
          (!q.get('phone') || u.phone.includes(q.get('phone') ?? '')) &&
          (!q.get('name') || u.name.includes(q.get('name') ?? '')) &&
          (!q.get('enabled') || String(u.enabled) === q.get('enabled')),
      );
      return ok({ list: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length });
    }),
    http.post('/api/users', async ({ request }) => {
      const body = createUserRequestSchema.parse(await request.json());
      if (users.some((u) => u.phone === body.phone))
        return fieldFailure(409, CODES.conflict, 'phone', 'register.phoneTaken');
      created.push(body);
      const user = demoUserSummary({
        id: Math.max(0, ...users.map((u) => u.id)) + 1,
        phone: body.phone,
        name: body.name,
        role: body.role,
        lawFirmId: body.lawFirmId ?? null,
        boundDevices: 0,
      });
      users.push(user);
      return ok({ user, initialPassword: 'Xy7#kP2q' });
    }),
    http.put('/api/users/enable/:id', ({ params }) => {
      const user = users.find((u) => u.id === Number(params.id));
      if (!user) return fail(404, CODES.notFound, zh('user.notFound'));
      user.enabled = !user.enabled;
      toggled.push(user.id);
      return ok({ enabled: user.enabled });
    }),
    http.post('/api/user/random-password/:id', ({ params }) => {
      reset.push(Number(params.id));
      return ok({ password: 'Rn4$tW9z' });
    }),
    http.get('/api/user-info', ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('id'));
      const user = users.find((u) => u.id === id);
      if (!user) return fail(404, CODES.notFound, zh('user.notFound'));
      return ok(
        userDetailSchema.parse({
          ...demoUserInfo({
            id: user.id,
            phone: user.phone,
            name: user.name,
            role: user.role,
            roles: [user.role],
            enabled: user.enabled,
            accountId: user.accountId,
          }),
          devices: devices[user.id] ?? [],
        }),
      );
    }),
    http.post('/api/unbind', async ({ request }) => {
      const { deviceId } = (await request.json()) as { deviceId: number };
      for (const [userId, list] of Object.entries(devices)) {
        const index = list.findIndex((d) => d.id === deviceId);
        if (index >= 0) {
          list.splice(index, 1);
          const user = users.find((u) => u.id === Number(userId));
          if (user) user.boundDevices = list.length;
          unbound.push(deviceId);
          return ok(null);
        }
      }
      return fail(404, CODES.notFound, zh('device.notFound'));
    }),
  ];
  return { handlers, users, queries, created, toggled, reset, unbound };
}
