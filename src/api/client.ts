import axios from 'axios';

/**
 * The one HTTP client. Interceptors (src/api/interceptors.ts) add the token, apply the
 * error catalogue once, and unwrap the envelope, so callers receive `data` or an ApiFailure.
 *
 * No default `Content-Type`: axios labels a plain object `application/json` by itself, and with
 * a JSON default it would also turn a `FormData` body (an attachment upload) into JSON, the file
 * becoming `{}`; without one the browser sends FormData as multipart with its boundary.
 */
export const http = axios.create({
  baseURL: '/api',
  timeout: 30_000,
  // Arrays as repeated keys (status=a&status=b), which the server's query schemas read.
  paramsSerializer: { indexes: null },
});
