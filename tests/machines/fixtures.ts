import type { UserInfo } from '../../contract/auth';
import type { Role } from '../../contract/roles';

/** A user as `GET /api/user/info` answers it. */
export function userInfo(role: Role, roles: Role[] = [role]): UserInfo {
  return {
    id: 1,
    phone: '13800000001',
    name: '测试用户',
    role,
    roles,
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
    registeredAt: '2026-01-01T00:00:00.000Z',
    accountId: 'A0001',
    certification: 'none',
  };
}

/** A promise the test settles when it wants, to look at the state in between. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
