import type { AppConfig } from '../../contract/app-config';
import { setBusinessTimeZone } from '../../contract/dates';

/**
 * Takes the server's business time zone (BUSINESS_TZ) before the first render, so every date
 * on screen reads as it does in exports and printouts. Unreachable, or a zone this browser does
 * not know: the default zone (Asia/Shanghai) stays, and the server's own checks still hold.
 *
 * A plain `fetch`, not the API client: every page, /login included, waits for this before its
 * first render, and the client brings axios and the signed-in frame's chunk with it (about
 * 24 kB gzip the login page would load for nothing; README, performance budget). The answer is
 * the public envelope `{ status, data }`; no token, no error notice.
 */
export async function loadBusinessTimeZone(): Promise<void> {
  try {
    const response = await fetch('/api/config', { headers: { accept: 'application/json' } });
    const body = (await response.json()) as { status?: unknown; data?: Partial<AppConfig> };
    const zone = body.data?.businessTimeZone;
    if (response.ok && body.status === 'ok' && typeof zone === 'string') setBusinessTimeZone(zone);
  } catch {
    // Keep the default.
  }
}
