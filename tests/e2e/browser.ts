import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';
export const DEMO_PASSWORD = 'Demo@2026';

/**
 * Debian's Chromium, never a downloaded browser (STACK.md trap 9). Playwright gives every
 * launch a fresh temporary profile of its own.
 */
export async function launch(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({
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
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

/** A fresh context (empty storage) with the app's origin as base URL. */
export async function freshPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
  });
  const page = await context.newPage();
  return { context, page };
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
