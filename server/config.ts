import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Every environment variable the server reads. The README lists the same set. */
export interface ServerConfig {
  host: string;
  port: number;
  databaseUrl: string;
  sessionTtlSeconds: number;
  logLevel: string;
  /** Where the built browser app is; null serves the API only (tests). */
  staticDir: string | null;
  bodyLimitBytes: number;
  /** Largest case attachment accepted (UPLOAD_MAX_MB). */
  uploadMaxBytes: number;
  /** GET /api/docs for anyone (API_DOCS_PUBLIC=1), not only superAdmin and admin. */
  apiDocsPublic: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be 0-65535, got "${env.PORT}"`);
  const ttlHours = Number(env.SESSION_TTL_HOURS ?? 12);
  if (!(ttlHours > 0))
    throw new Error(`SESSION_TTL_HOURS must be a positive number, got "${env.SESSION_TTL_HOURS}"`);
  const uploadMaxMb = Number(env.UPLOAD_MAX_MB ?? 20);
  if (!(uploadMaxMb > 0))
    throw new Error(`UPLOAD_MAX_MB must be a positive number, got "${env.UPLOAD_MAX_MB}"`);
  const docsPublic = env.API_DOCS_PUBLIC ?? '';
  if (!['', '0', '1'].includes(docsPublic))
    throw new Error(`API_DOCS_PUBLIC must be 1 or 0, got "${env.API_DOCS_PUBLIC}"`);
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    databaseUrl: env.DATABASE_URL ?? 'sqlite:data/casedesk.db',
    sessionTtlSeconds: Math.round(ttlHours * 3600),
    logLevel: env.LOG_LEVEL ?? 'info',
    staticDir: resolve(PROJECT_ROOT, 'dist'),
    bodyLimitBytes: 1024 * 1024,
    uploadMaxBytes: Math.round(uploadMaxMb * 1024 * 1024),
    apiDocsPublic: docsPublic === '1',
  };
}
