import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServerProcess } from '../scripts/server-process';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/seed/demo-accounts';

export interface BundleFigures {
  jsGzip: number;
  cssGzip: number;
  jsFiles: number;
  cssFiles: number;
  /** Every file fetched with its gzip size, largest first. */
  files: { path: string; gzip: number }[];
}

/** The issue's budgets: JavaScript (gzip) a page may make the browser fetch before its network is idle. */
export const JS_BUDGETS = {
  '/login': 180 * 1024,
  '/dashboard/workplace': 420 * 1024,
} as const;
export const LOGIN_CSS_BUDGET = 35 * 1024;

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The JavaScript and CSS a page actually makes the browser fetch until its network is idle
 * (entry, preloads and every lazy chunk fetched on the way), each file gzipped the way a
 * server would send it. `storage` is put in localStorage first (a signed-in session).
 */
export async function measurePage(
  baseUrl: string,
  path: string,
  opts: { storage?: Record<string, string>; waitFor?: string } = {},
): Promise<BundleFigures> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
  });
  try {
    const context = await browser.newContext({ baseURL: baseUrl });
    if (opts.storage) {
      await context.addInitScript((entries) => {
        for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
      }, opts.storage);
    }
    const page = await context.newPage();
    const figures: BundleFigures = { jsGzip: 0, cssGzip: 0, jsFiles: 0, cssFiles: 0, files: [] };
    const seen = new Set<string>();
    // Reading a body is asynchronous: every read is awaited before the figures are summed, so
    // a chunk that arrived just before the network went idle is counted too.
    const reads: Promise<void>[] = [];
    page.on('response', (response) => {
      const url = response.url();
      const type = response.headers()['content-type'] ?? '';
      const isJs = url.endsWith('.js') || type.includes('javascript');
      const isCss = url.endsWith('.css') || type.includes('text/css');
      if ((!isJs && !isCss) || seen.has(url)) return;
      seen.add(url);
      reads.push(
        response.body().then((body) => {
          const size = gzipSync(body, { level: 9 }).length;
          figures.files.push({ path: new URL(url).pathname, gzip: size });
          if (isJs) {
            figures.jsGzip += size;
            figures.jsFiles++;
          } else {
            figures.cssGzip += size;
            figures.cssFiles++;
          }
        }),
      );
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    if (opts.waitFor) await page.locator(opts.waitFor).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await Promise.all(reads);
    figures.files.sort((a, b) => b.gzip - a.gzip);
    return figures;
  } finally {
    await browser.close();
  }
}

export const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const verdict = (bytes: number, budget: number) =>
  `(budget ${kB(budget)}: ${bytes <= budget ? 'within' : `OVER by ${kB(bytes - budget)}`})`;

/**
 * The bundle section of `npm run bench`: /login signed out and /dashboard/workplace as
 * superAdmin with its charts drawn, against the real server on a throw-away demo database
 * (page weight does not depend on the number of cases). `BENCH_VERBOSE=1` lists the files.
 */
export async function benchBundles(say: (msg: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-bench-bundle-'));
  // BENCH_BUNDLE_URL: a demo server already running (on a loaded machine a fresh one may not
  // come up within the wait), else one of its own.
  const given = process.env.BENCH_BUNDLE_URL;
  const server = given
    ? { url: given, stop: async () => {} }
    : await startServerProcess(`sqlite:${join(dir, 'casedesk.db')}`);
  try {
    const listFiles = (figures: BundleFigures) => {
      if (!process.env.BENCH_VERBOSE) return;
      for (const f of figures.files) say(`  ${kB(f.gzip).padStart(9)}  ${f.path}`);
    };
    const login = await measurePage(server.url, '/login', { waitFor: 'input[name="phone"]' });
    say(
      `\n## browser bundles (gzip, every file the browser fetches until the network is idle)\n/login: JS ${kB(login.jsGzip)} in ${login.jsFiles} files ${verdict(login.jsGzip, JS_BUDGETS['/login'])}, CSS ${kB(login.cssGzip)} in ${login.cssFiles} files ${verdict(login.cssGzip, LOGIN_CSS_BUDGET)}`,
    );
    listFiles(login);

    const superAdmin = DEMO_ACCOUNTS[0];
    const session = (await (
      await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: superAdmin.phone, password: DEMO_PASSWORD }),
      })
    ).json()) as { data: { token: string; userInfo: { role: string } } };
    const storage = {
      token: session.data.token,
      userInfo: JSON.stringify(session.data.userInfo),
      userrole: session.data.userInfo.role,
    };
    const workplace = await measurePage(server.url, '/dashboard/workplace', { storage, waitFor: 'canvas' });
    say(
      `/dashboard/workplace as ${session.data.userInfo.role}, charts drawn: JS ${kB(workplace.jsGzip)} in ${workplace.jsFiles} files ${verdict(workplace.jsGzip, JS_BUDGETS['/dashboard/workplace'])}, CSS ${kB(workplace.cssGzip)} in ${workplace.cssFiles} files`,
    );
    listFiles(workplace);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
