import type { HttpMethod, RegistryEnvironment } from '../context';
import { type RequestFailure, readFailure } from '../request-failure';

/**
 * Sends one change through the environment and reports it: a success notice and `onDone` (the
 * page reloads), or the failure for the caller to show where it belongs.
 */
export async function sendChange(
  env: RegistryEnvironment,
  call: { method: HttpMethod; path: string; body?: unknown },
  report: { success: string; onDone?: () => void },
): Promise<RequestFailure | null> {
  try {
    await env.request(call.method, call.path, { body: call.body, silent: true });
  } catch (error) {
    return readFailure(error);
  }
  env.notify('success', report.success);
  report.onDone?.();
  return null;
}
