import type { AppConfig } from '../../contract/app-config';
import { setBusinessTimeZone } from '../../contract/dates';
import { apiGet } from '../api/request';

/**
 * Takes the server's business time zone (BUSINESS_TZ) before the first render, so every date
 * on screen reads as it does in exports and printouts. Unreachable, or a zone this browser does
 * not know: the default zone (Asia/Shanghai) stays, and the server's own checks still hold.
 */
export async function loadBusinessTimeZone(): Promise<void> {
  try {
    const config = await apiGet<AppConfig>('/config', { silent: true });
    setBusinessTimeZone(config.businessTimeZone);
  } catch {
    // Keep the default.
  }
}
