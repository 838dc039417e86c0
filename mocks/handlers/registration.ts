import { http } from 'msw';
import type { z } from 'zod';
import {
  publicLawFirmSchema,
  registerLawFirmRequestSchema,
  registerLawyerRequestSchema,
  registrationResponseSchema,
  resetPasswordRequestSchema,
  sendSmsQuerySchema,
  sendSmsResponseSchema,
} from '../../contract/auth';
import { CODES } from '../../contract/codes';
import { translate } from '../../contract/messages';
import { fail, ok } from '../envelope';

/**
 * The public account endpoints (send-sms, registration, password reset). Each builder returns
 * the handler and the requests it received, parsed with the contract's schema, so a test
 * reads exactly what the server would have validated.
 */

type SmsQuery = z.infer<typeof sendSmsQuerySchema>;

/** GET /api/send-sms: the first request per phone and purpose passes; a repeat answers 429. */
export function sendSmsHandler(options: { cooldownSeconds?: number } = {}) {
  const requests: SmsQuery[] = [];
  const handler = http.get('/api/send-sms', ({ request }) => {
    const url = new URL(request.url);
    const query = sendSmsQuerySchema.parse(Object.fromEntries(url.searchParams));
    const repeat = requests.some((r) => r.phone === query.phone && r.purpose === query.purpose);
    requests.push(query);
    if (repeat) {
      return fail(429, CODES.tooManyRequests, translate('zh-CN', 'sms.cooldown', { seconds: 42 }));
    }
    return ok(
      sendSmsResponseSchema.parse({ cooldownSeconds: options.cooldownSeconds ?? 60, expiresInSeconds: 300 }),
    );
  });
  return { handler, requests };
}

export const DEMO_LAW_FIRMS: Array<z.infer<typeof publicLawFirmSchema>> = [
  { id: 3, name: '北京德衡律师事务所', regionCode: '110100' },
  { id: 7, name: '上海锦天城律师事务所', regionCode: '310100' },
];

export function lawFirmsHandler(list = DEMO_LAW_FIRMS) {
  return http.get('/api/register/lawfirms', () =>
    ok({ list: list.map((f) => publicLawFirmSchema.parse(f)) }),
  );
}

function receivingHandler<S extends z.ZodType>(path: string, schema: S, answer: () => unknown) {
  const requests: Array<z.infer<S>> = [];
  const handler = http.post(`/api/${path}`, async ({ request }) => {
    const body = await request.json();
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return fail(400, CODES.validation, '请求参数有误', errors);
    }
    requests.push(parsed.data);
    return ok(answer());
  });
  return { handler, requests };
}

const receipt = () => registrationResponseSchema.parse({ userId: 42, reviewStatus: 'auditing' });

export const registerLawFirmHandler = () =>
  receivingHandler('register/lawfirm', registerLawFirmRequestSchema, receipt);

export const registerLawyerHandler = () =>
  receivingHandler('register/lawyer', registerLawyerRequestSchema, receipt);

export const resetPasswordHandler = () =>
  receivingHandler('reset-password', resetPasswordRequestSchema, () => null);
