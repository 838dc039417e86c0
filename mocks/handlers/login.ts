import { http } from 'msw';
import { type LoginResponse, loginRequestSchema, type UserInfo } from '../../contract/auth';
import { CODES } from '../../contract/codes';
import { MESSAGES } from '../../contract/messages';
import { fail, ok } from '../envelope';

/** A user as GET /api/user/info and POST /api/login describe it. */
export function demoUserInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 1,
    phone: '13800000001',
    name: '演示管理员',
    role: 'superAdmin',
    roles: ['superAdmin'],
    enabled: true,
    lawFirmId: null,
    lawFirmName: null,
    avatar: null,
    email: null,
    nickname: null,
    countryRegion: null,
    area: null,
    address: null,
    introduction: null,
    website: null,
    registeredAt: '2026-01-05T08:00:00.000Z',
    accountId: 'CD0000000001',
    certification: 'none',
    ...overrides,
  };
}

/**
 * POST /api/login that accepts one password (the demo one by default) for any phone, and
 * answers a wrong one as the server does (400, code 40000). `requests` records each body.
 */
export function loginHandler(options: { password?: string; user?: Partial<UserInfo> } = {}) {
  const password = options.password ?? 'Demo@2026';
  const requests: Array<{ phone: string; password: string }> = [];
  const handler = http.post('/api/login', async ({ request }) => {
    const body = loginRequestSchema.parse(await request.json());
    requests.push(body);
    if (body.password !== password) {
      return fail(400, CODES.validation, MESSAGES['zh-CN']['auth.wrongPassword']);
    }
    const answer: LoginResponse = {
      token: `token-${body.phone}`,
      expiresAt: '2026-12-31T00:00:00.000Z',
      userInfo: demoUserInfo({ phone: body.phone, ...options.user }),
    };
    return ok(answer);
  });
  return { handler, requests };
}
