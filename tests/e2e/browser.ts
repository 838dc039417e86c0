import { basename } from 'node:path';
import { after, afterEach, before } from 'node:test';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';
export const DEMO_PASSWORD = 'Demo@2026';

/** Where a sign-in lands: a path, a pattern of paths, or a test of the whole URL. */
export type Landing = string | RegExp | ((url: URL) => boolean);

/** The window of a fresh page: 1440x900 unless a test names another. */
export interface Viewport {
  width: number;
  height: number;
}

export interface FileBrowser {
  /** A fresh context (empty storage) with the app's origin as base URL, closed when the test ends. */
  freshPage(viewport?: Viewport): Promise<{ context: BrowserContext; page: Page }>;
  /** A fresh page signed in through the real login form, once it stands on its landing page. */
  signedIn(phone: string, landing: Landing, viewport?: Viewport): Promise<Page>;
}

/**
 * Debian's Chromium, never a downloaded browser (STACK.md trap 9). Playwright gives every
 * launch a fresh temporary profile of its own.
 */
function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * The preamble of every e2e file, called once at its top (before its `describe`s): Chromium is
 * launched before the file's first test and closed after its last, and the contexts a test
 * opened are closed when it ends, whether it passed or not. With `E2E_SHOTS=<folder>` each
 * page still open then is first saved as `<file>-<n>.png`: where each person stopped.
 * `baseUrl` names another server than the suite's (own-server.ts: a file that moves the clock).
 */
export function fileBrowser(baseUrl: () => string = () => BASE_URL): FileBrowser {
  let launched: Browser | undefined;
  const open = new Set<BrowserContext>();
  const file = basename(process.argv[1] ?? 'e2e').replace(/\.test\.ts$/, '');
  let shots = 0;

  before(async () => {
    launched = await launch();
  });
  afterEach(async () => {
    const folder = process.env.E2E_SHOTS;
    const contexts = [...open];
    open.clear();
    for (const context of contexts) {
      if (folder) {
        for (const page of context.pages()) {
          await page.screenshot({ path: `${folder}/${file}-${shots++}.png` }).catch(() => undefined);
        }
      }
      await context.close();
    }
  });
  after(async () => {
    await launched?.close();
  });

  const fixture: FileBrowser = {
    async freshPage(viewport = { width: 1440, height: 900 }) {
      if (!launched) throw new Error('the browser is launched in before(): open pages inside a test');
      const context = await launched.newContext({ baseURL: baseUrl(), viewport, locale: 'zh-CN' });
      open.add(context);
      context.on('close', () => open.delete(context));
      const page = await context.newPage();
      return { context, page };
    },
    async signedIn(phone, landing, viewport) {
      const { page } = await fixture.freshPage(viewport);
      await page.goto('/login');
      await signIn(page, phone);
      await page.waitForURL(landed(landing));
      return page;
    },
  };
  return fixture;
}

function landed(landing: Landing): (url: URL) => boolean {
  if (typeof landing === 'function') return landing;
  if (typeof landing === 'string') return (url) => url.pathname === landing;
  return (url) => landing.test(url.pathname);
}

/** Signs in through the real login form (ARCHITECTURE.md §8 fixed points). */
export async function signIn(page: Page, phone: string, password = DEMO_PASSWORD): Promise<void> {
  await page.locator('input[name="phone"]').fill(phone);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
