/**
 * zod compiles object parsers with `new Function` where it may, and probes for that by calling
 * it once. The app's Content-Security-Policy forbids eval (server/http/security-headers.ts),
 * so the probe is refused and reported as a violation on every page that builds a schema.
 * With `jitless` set, zod never probes.
 *
 * zod keeps its settings on `globalThis.__zod_globalConfig` (shared by every copy of zod on
 * the page) and reads them when a schema is built, so this must run before any zod module
 * loads: main.tsx imports it first. Setting the object here costs the login page nothing,
 * where `z.config({ jitless: true })` would pull zod's core into the first bundle (about
 * 4 kB gzip). tests/e2e/csp.test.ts fails if a zod upgrade stops reading it.
 */
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig = { ...shared.__zod_globalConfig, jitless: true };
