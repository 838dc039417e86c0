import { Message, Modal } from '@arco-design/web-react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http as mock } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { http } from '../../../src/api/client';
import { NOTICE_MS } from '../../../src/api/error-catalogue';
import { type HttpEnvironment, installInterceptors } from '../../../src/api/interceptors';
import { ApiFailure, apiGet, apiPost } from '../../../src/api/request';
import { setLocale } from '../../../src/i18n';

let env: { [K in keyof HttpEnvironment]-?: ReturnType<typeof vi.fn> };
let uninstall: () => void;

function signIn() {
  localStorage.setItem('token', 'token-1');
  localStorage.setItem('userrole', 'superAdmin');
  localStorage.setItem('userInfo', '{}');
}

function answer(path: string, respond: () => Response | Promise<Response>) {
  server.use(mock.get(`/api${path}`, respond));
}

async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiFailure);
  return error as ApiFailure;
}

beforeEach(() => {
  // Arco's Message and Modal render into roots of their own, outside Testing Library's act().
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  env = { navigateToLogin: vi.fn(), reloadPage: vi.fn(), onSessionEvent: vi.fn() };
  uninstall = installInterceptors(env as unknown as HttpEnvironment);
});

afterEach(async () => {
  uninstall();
  vi.restoreAllMocks();
  Message.clear();
  Modal.destroyAll();
  await setLocale('zh-CN');
  await waitFor(() => expect(document.querySelector('.arco-modal')).toBeNull());
});

describe('request interceptor', () => {
  it('sends the bearer token and the current language', async () => {
    signIn();
    await setLocale('en-US');
    let seen: Headers | null = null;
    server.use(
      mock.get('/api/cases', ({ request }) => {
        seen = request.headers;
        return ok({ list: [], total: 0 });
      }),
    );
    await apiGet('/cases');
    expect(seen!.get('authorization')).toBe('Bearer token-1');
    expect(seen!.get('accept-language')).toBe('en-US');
  });

  it('sends a FormData body as multipart with the file in it, and a plain object as JSON', async () => {
    signIn();
    let upload: { type: string | null; name: string | undefined; text: string } | null = null;
    let json: { type: string | null; body: unknown } | null = null;
    server.use(
      mock.post('/api/cases/1/attachments', async ({ request }) => {
        const type = request.headers.get('content-type');
        const file = (await request.formData()).get('file') as File | null;
        upload = { type, name: file?.name, text: file ? await file.text() : '' };
        return ok({ id: 1 });
      }),
      mock.post('/api/cases/1/notes', async ({ request }) => {
        json = { type: request.headers.get('content-type'), body: await request.json() };
        return ok({ id: 2 });
      }),
    );
    const body = new FormData();
    body.append('file', new File(['hello bytes'], 'note.pdf', { type: 'application/pdf' }));
    await apiPost('/cases/1/attachments', body);
    expect(upload!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload!.name).toBe('note.pdf');
    expect(upload!.text).toBe('hello bytes');
    await apiPost('/cases/1/notes', { note: 'x' });
    expect(json!.type).toMatch(/^application\/json/);
    expect(json!.body).toEqual({ note: 'x' });
  });

  it('never sends a private call without a token, tells the user and goes to /login', async () => {
    const reached = vi.fn();
    server.use(
      mock.get('/api/user/menu', () => {
        reached();
        return ok([]);
      }),
    );
    const failure = await failureOf(apiGet('/user/menu'));
    expect(failure.message).toBe('未登录或登录已过期，请重新登录');
    expect(reached).not.toHaveBeenCalled();
    expect(await screen.findByText('未登录或登录已过期，请重新登录')).toBeInTheDocument();
    expect(env.navigateToLogin).toHaveBeenCalledTimes(1);
  });

  it.each(['/login', '/send-sms', '/reset-password', '/register/lawfirm', '/health'])(
    'sends the public call %s without a token',
    async (path) => {
      let auth: string | null = 'unset';
      server.use(
        mock.all(`/api${path}`, ({ request }) => {
          auth = request.headers.get('authorization');
          return ok(null);
        }),
      );
      await apiPost(path, {});
      expect(auth).toBeNull();
      expect(env.navigateToLogin).not.toHaveBeenCalled();
    },
  );
});

describe('success shapes', () => {
  it.each([
    ['an envelope with code 20000', { status: 'ok', code: 20000, msg: '成功', data: { id: 1 } }, { id: 1 }],
    ['a body without code', { list: [1], total: 1 }, { list: [1], total: 1 }],
    ['code 200', { code: 200, data: 'a' }, 'a'],
    ['code 0', { code: 0, data: 'b' }, 'b'],
    ['code 201', { code: 201, data: 'c' }, 'c'],
    ['code 202', { code: 202, data: 'd' }, 'd'],
    ['code 10000', { code: 10000, data: 'e' }, 'e'],
    ['success: true', { success: true, code: 1, data: 'f' }, 'f'],
    ['message "success"', { message: 'success', code: 7, data: 'g' }, 'g'],
    ['an envelope without data', { code: 0, msg: 'done' }, { code: 0, msg: 'done' }],
  ])('accepts %s', async (_, body, data) => {
    signIn();
    answer('/shape', () => HttpResponse.json(body));
    const error = vi.spyOn(Message, 'error');
    await expect(apiGet('/shape')).resolves.toEqual(data);
    expect(error).not.toHaveBeenCalled();
  });
});

describe('error catalogue', () => {
  beforeEach(signIn);

  it('shows a sensitive word with its offending value for 5 s', async () => {
    const error = vi.spyOn(Message, 'error');
    answer('/cases', () =>
      fail(400, 10010, '内容包含敏感词', [{ path: 'remark', message: '敏感词', value: '赌博' }]),
    );
    const failure = await failureOf(apiGet('/cases'));
    const text = '内容包含敏感词（敏感词：“赌博”，请修改后重试）';
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ content: text, duration: NOTICE_MS.error }));
    expect(NOTICE_MS.error).toBe(5000);
    expect(failure.code).toBe(10010);
    expect(failure.errors[0].value).toBe('赌博');
  });

  it('ends an expired session: notice for 3 s, session cleared, /login', async () => {
    const error = vi.spyOn(Message, 'error');
    answer('/cases', () => fail(401, 10001, '身份已过期'));
    await failureOf(apiGet('/cases'));
    expect(await screen.findByText('身份已过期，请重新登录')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ duration: 3000 }));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('userrole')).toBeNull();
    expect(env.navigateToLogin).toHaveBeenCalledTimes(1);
    expect(env.onSessionEvent).toHaveBeenCalledWith({ type: 'SESSION_EXPIRED' });
  });

  it.each([401, 403, 50008, 50012, 50014])(
    'asks to log in again for code %i; OK clears the session and reloads',
    async (code) => {
      answer('/cases', () => fail(code === 403 ? 403 : 401, code, '登录凭证无效，请重新登录'));
      await failureOf(apiGet('/cases'));
      expect(await screen.findByText('您已被登出，可以取消继续留在该页面，或者重新登录')).toBeInTheDocument();
      // Until the user answers, they stay signed in on this page.
      expect(localStorage.getItem('token')).toBe('token-1');
      expect(env.onSessionEvent).not.toHaveBeenCalled();
      await userEvent.click(screen.getByRole('button', { name: '重新登录' }));
      expect(env.reloadPage).toHaveBeenCalledTimes(1);
      expect(localStorage.getItem('token')).toBeNull();
      expect(env.onSessionEvent).toHaveBeenCalledWith({ type: 'AUTH_FAILED', code });
    },
  );

  it('lets the user stay on the page: cancel keeps the session and reloads nothing', async () => {
    answer('/cases', () => fail(401, 50008, '登录凭证无效'));
    await failureOf(apiGet('/cases'));
    await userEvent.click(await screen.findByRole('button', { name: '取消' }));
    expect(env.reloadPage).not.toHaveBeenCalled();
    expect(env.onSessionEvent).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('token-1');
  });

  it('opens one confirm-logout modal when several calls are refused together', async () => {
    answer('/cases', () => fail(401, 50008, '登录凭证无效'));
    await Promise.allSettled([apiGet('/cases'), apiGet('/cases'), apiGet('/cases')]);
    await screen.findByText('您已被登出，可以取消继续留在该页面，或者重新登录');
    expect(screen.getAllByRole('button', { name: '重新登录' })).toHaveLength(1);
  });

  it('leaves an auth failure on the user-info call to the auth machine: a message, no modal', async () => {
    answer('/user/info', () => fail(401, 50008, '登录凭证无效，请重新登录'));
    const failure = await failureOf(apiGet('/user/info'));
    expect(await screen.findByText('登录凭证无效，请重新登录')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重新登录' })).toBeNull();
    expect(failure.code).toBe(50008);
    expect(failure.status).toBe(401);
  });

  it("shows another failure code's server message for 5 s", async () => {
    const error = vi.spyOn(Message, 'error');
    answer('/cases', () =>
      fail(409, 40900, '该手机号已注册', [{ path: 'phone', message: '该手机号已注册' }]),
    );
    const failure = await failureOf(apiGet('/cases'));
    expect(await screen.findByText('该手机号已注册')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ duration: 5000 }));
    expect(failure).toMatchObject({ status: 409, code: 40900, msg: '该手机号已注册' });
    expect(failure.errors).toEqual([{ path: 'phone', message: '该手机号已注册' }]);
  });

  it("hands the failure envelope's data to the caller (a stale decision's version)", async () => {
    const data = { version: 4, savedBy: { id: 3, name: '业务运营' }, savedAt: '2026-03-01T02:00:00.000Z' };
    answer('/cases', () =>
      HttpResponse.json({ status: 'fail', code: 40900, msg: '已被修改', data }, { status: 409 }),
    );
    const failure = await failureOf(apiGet('/cases', { silent: true }));
    expect(failure).toMatchObject({ status: 409, code: 40900, data });
  });

  it('says "Error" in the user\'s language when a failure code comes without a message', async () => {
    await setLocale('en-US');
    answer('/cases', () => HttpResponse.json({ code: 40000 }));
    await failureOf(apiGet('/cases'));
    expect(await screen.findByText('Error')).toBeInTheDocument();
  });

  it('treats a 2xx failure without a code as a failure', async () => {
    answer('/cases', () => HttpResponse.json({ success: false, msg: '操作失败' }));
    await failureOf(apiGet('/cases'));
    expect(await screen.findByText('操作失败')).toBeInTheDocument();
  });

  it.each([
    [400, '请求有误，请检查填写的内容'],
    [403, '拒绝访问'],
    [404, '请求的资源不存在'],
    [500, '服务器内部错误，请稍后重试'],
    [418, '请求失败（状态码 418）'],
  ])('shows the catalogue message for HTTP %i without an envelope code', async (status, text) => {
    answer('/cases', () => new HttpResponse('nope', { status }));
    const failure = await failureOf(apiGet('/cases'));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(failure.status).toBe(status);
    expect(failure.code).toBeNull();
    expect(localStorage.getItem('token')).toBe('token-1');
  });

  it('clears the session on HTTP 401 without an envelope code', async () => {
    answer('/cases', () => new HttpResponse(null, { status: 401 }));
    await failureOf(apiGet('/cases'));
    expect(await screen.findByText('未授权，请重新登录')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(env.onSessionEvent).toHaveBeenCalledWith({ type: 'AUTH_FAILED', code: 401 });
  });

  it('reports a network failure when no answer arrives', async () => {
    answer('/cases', () => HttpResponse.error());
    const failure = await failureOf(apiGet('/cases'));
    expect(await screen.findByText('网络异常，请检查网络连接后重试')).toBeInTheDocument();
    expect(failure.status).toBeNull();
  });

  it('reports a timeout', async () => {
    answer('/cases', async () => {
      await delay(200);
      return ok(null);
    });
    await failureOf(http.get('/cases', { timeout: 20 }));
    expect(await screen.findByText('请求超时，请稍后重试')).toBeInTheDocument();
  });

  it('keeps silent calls silent but still rejects with the failure', async () => {
    const error = vi.spyOn(Message, 'error');
    answer('/cases', () => fail(409, 40900, '冲突'));
    const failure = await failureOf(apiGet('/cases', { silent: true }));
    expect(failure.msg).toBe('冲突');
    expect(error).not.toHaveBeenCalled();
  });

  it('says nothing when the caller aborts', async () => {
    const error = vi.spyOn(Message, 'error');
    answer('/cases', async () => {
      await delay(200);
      return ok(null);
    });
    const controller = new AbortController();
    const pending = apiGet('/cases', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
    await waitFor(() => expect(error).not.toHaveBeenCalled());
  });
});

describe('installation', () => {
  it('replaces the previous interceptors when installed again, and uninstalls', async () => {
    signIn();
    const second = { navigateToLogin: vi.fn(), reloadPage: vi.fn() };
    const uninstallSecond = installInterceptors(second);
    answer('/cases', () => fail(401, 10001, '过期'));
    await failureOf(apiGet('/cases'));
    expect(second.navigateToLogin).toHaveBeenCalledTimes(1);
    expect(env.navigateToLogin).not.toHaveBeenCalled();
    uninstallSecond();
    answer('/raw', () => ok('x'));
    signIn();
    // Without interceptors the envelope comes back as it is.
    expect(await apiGet('/raw')).toMatchObject({ code: 20000, data: 'x' });
  });
});
