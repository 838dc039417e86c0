import axios from 'axios';

/**
 * The one HTTP client. Interceptors (src/api/interceptors.ts) add the token, apply the
 * error catalogue once, and unwrap the envelope, so callers receive `data` or an ApiFailure.
 */
export const http = axios.create({
  baseURL: '/api',
  headers: { 'Content-Type': 'application/json' },
  timeout: 30_000,
  // Arrays as repeated keys (status=a&status=b), which the server's query schemas read.
  paramsSerializer: { indexes: null },
});
