import { HttpResponse } from 'msw';
import { CODES } from '../contract/codes';
import type { FieldError } from '../contract/envelope';

/** Answers shaped exactly like the server's envelope (contract/envelope.ts). */
export function ok<T>(data: T) {
  return HttpResponse.json({ status: 'ok', code: CODES.ok, msg: '成功', data });
}

export function fail(httpStatus: number, code: number, msg: string, errors?: FieldError[], data?: unknown) {
  return HttpResponse.json(
    { status: 'fail', code, msg, ...(errors ? { errors } : {}), ...(data === undefined ? {} : { data }) },
    { status: httpStatus },
  );
}
