import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of every answer. Each source is there because the built app
 * needs it, as seen in Chromium (tests/e2e/csp.test.ts walks the pages with this policy on);
 * what is not listed falls back to default-src.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  // The bundles only: index.html has no inline script, and the app evaluates no strings
  // (zod runs without its JIT in the browser: src/app/zod-without-eval.ts).
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // Stylesheets are files; no code inserts <style> elements. Arco (textarea sizing, popups)
  // and G2Plot (chart tooltips) write style attributes, which only style-src-attr allows.
  'style-src': ["'self'"],
  'style-src-attr': ["'unsafe-inline'"],
  // Arco's 500 illustration (/exception/500, pages that failed to load) embeds PNGs as data: URIs.
  'img-src': ["'self'", 'data:'],
  // The API (and its event stream) is on the same origin; Vite proxies /api in development.
  'connect-src': ["'self'"],
  // The PDF viewer (/test/pdf) shows an attachment, fetched with the session's token, from an
  // object URL in an <iframe>. Downloads are blob: links too, but navigations need no source.
  'frame-src': ['blob:'],
  // The machine inspector lays its charts out in ELK's web worker, a file of the app (no blob:).
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/**
 * Everything helmet sends, with the policy above and the choices this app makes. Helmet's own
 * policy is not merged in: its `upgrade-insecure-requests` would send every request of a page
 * served over plain HTTP (127.0.0.1:8080, an office intranet) to an https:// that is not there.
 */
const middleware = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: CONTENT_SECURITY_POLICY,
  },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
});

/**
 * The headers helmet would set, collected once: they do not depend on the request, and the
 * answers Fastify writes before any hook runs (a malformed URL, a broken request line) need
 * them as a plain list too.
 */
function collectHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, collector as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return Object.freeze(headers);
}

export const SECURITY_HEADERS = collectHeaders();
