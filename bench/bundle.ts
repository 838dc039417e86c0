import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export interface BundleFigures {
  jsGzip: number;
  cssGzip: number;
  jsFiles: number;
  cssFiles: number;
  /** Every file fetched with its gzip size, largest first. */
  files: { path: string; gzip: number }[];
}

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
 * The JavaScript and CSS a page actually makes the browser fetch, each file gzipped the way
 * a server would send it. `storage` is put in localStorage first (a signed-in session).
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
    page.on('response', async (response) => {
      const url = response.url();
      const type = response.headers()['content-type'] ?? '';
      const isJs = url.endsWith('.js') || type.includes('javascript');
      const isCss = url.endsWith('.css') || type.includes('text/css');
      if ((!isJs && !isCss) || seen.has(url)) return;
      seen.add(url);
      const size = gzipSync(await response.body(), { level: 9 }).length;
      figures.files.push({ path: new URL(url).pathname, gzip: size });
      if (isJs) {
        figures.jsGzip += size;
        figures.jsFiles++;
      } else {
        figures.cssGzip += size;
        figures.cssFiles++;
      }
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    if (opts.waitFor) await page.locator(opts.waitFor).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    figures.files.sort((a, b) => b.gzip - a.gzip);
    return figures;
  } finally {
    await browser.close();
  }
}

export const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
