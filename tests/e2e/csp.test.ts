import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { PUBLIC_PAGES } from '../../contract/public-pages';
import { fileBrowser, signIn } from './browser';

/**
 * The built app under its Content-Security-Policy (server/http/security-headers.ts): every
 * page the browser loads sees no violation, reported either as a console message or as a
 * `securitypolicyviolation` event.
 */

const e2e = fileBrowser();

/** Every public route the router serves: the route table's public pages (contract/public-pages.ts). */
function publicPaths(): string[] {
  return PUBLIC_PAGES.map((p) => p.path);
}

declare global {
  interface Window {
    cspViolations: string[];
  }
}

interface Watched {
  page: Page;
  /** Violations seen so far (console and events), emptied by each call. */
  take(): Promise<string[]>;
}

/** A fresh page that records every CSP violation, whichever way the browser reports it. */
async function watchedPage(): Promise<Watched> {
  const { context, page } = await e2e.freshPage();
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.cspViolations.push(
        `${e.effectiveDirective} refused ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  return {
    page,
    async take() {
      // A task later than the page's own, so events it queued have been dispatched.
      const events = await page.evaluate(
        () => new Promise<string[]>((resolve) => setTimeout(() => resolve(window.cspViolations.splice(0)))),
      );
      return [...fromConsole.splice(0), ...events];
    },
  };
}

/** The page has rendered: the boot spinner is gone and the route shows text. */
async function rendered(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && !root.querySelector('.boot-spinner') && (root.textContent ?? '').trim().length > 0;
  });
}

async function expectPolicyOn(page: Page, path: string) {
  const response = await page.goto(path);
  const policy = response?.headers()['content-security-policy'] ?? '';
  assert.match(policy, /(^|;)\s*script-src 'self'\s*(;|$)/, `${path} is served with the CSP`);
  assert.match(policy, /frame-ancestors 'none'/);
}

describe('the Content-Security-Policy', () => {
  it('lets every public page load without a violation', async () => {
    const paths = publicPaths();
    for (const path of ['/login', '/register', '/lawyer-register', '/reset']) {
      assert.ok(paths.includes(path), `${path} is a public route`);
    }
    const { page, take } = await watchedPage();
    const seen: string[] = [];
    for (const path of paths) {
      await expectPolicyOn(page, path);
      await rendered(page);
      seen.push(...(await take()).map((v) => `${path}: ${v}`));
    }
    assert.deepEqual(seen, []);
  });

  it('lets a signed-in user use charts, tables, downloads and the PDF viewer without a violation', async () => {
    const { page, take } = await watchedPage();
    const seen: string[] = [];
    const note = async (where: string) => seen.push(...(await take()).map((v) => `${where}: ${v}`));

    await expectPolicyOn(page, '/login');
    await signIn(page, '13800000001');
    await page.waitForURL((url) => url.pathname === '/dashboard/workplace');

    // Charts (G2Plot draws on canvas and writes its tooltip as styled HTML).
    const main = page.locator('.keep-alive-page:not([hidden])');
    const chart = main.locator('canvas').first();
    await chart.waitFor();
    const box = await chart.boundingBox();
    assert.ok(box, 'the first chart has a size');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2);
    await page.locator('.g2-tooltip').first().waitFor({ state: 'attached' });
    await note('/dashboard/workplace');

    // A table page from a descriptor, and its CSV export, which downloads through a blob: URL.
    await expectPolicyOn(page, '/list/search-table');
    const table = page.locator('.keep-alive-page:not([hidden])');
    await table.locator('.arco-table-tr').nth(1).waitFor();
    const download = page.waitForEvent('download');
    await table.getByRole('button', { name: '导出', exact: true }).click();
    assert.match((await download).suggestedFilename(), /\.csv$/);
    await note('/list/search-table');

    // The PDF viewer shows an attachment from an object URL in a frame.
    await expectPolicyOn(page, '/test/pdf');
    const viewer = page.locator('.keep-alive-page:not([hidden])');
    await viewer.locator('.arco-table-tr').nth(1).click();
    await viewer.locator('iframe[src^="blob:"]').waitFor();
    await note('/test/pdf');

    assert.deepEqual(seen, []);
  });

  it('is noticed when broken: an inline script is refused and reported', async () => {
    const { page, take } = await watchedPage();
    await expectPolicyOn(page, '/login');
    await rendered(page);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true;';
      document.body.append(script);
    });
    const violations = await take();
    assert.ok(
      violations.some((v) => v.includes('script-src')),
      `the inline script is reported: ${JSON.stringify(violations)}`,
    );
    assert.equal(await page.evaluate(() => (window as { inlineRan?: boolean }).inlineRan), undefined);
  });
});
