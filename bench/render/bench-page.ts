import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { build } from 'vite';
import { PROJECT_ROOT } from '../../server/config';

const PAGE_DIR = join(PROJECT_ROOT, 'bench/render');
export const PAGE_OUT_DIR = join(PROJECT_ROOT, '.tmp/bench-render');

/**
 * Builds the bench page (index.html, main.tsx) for production with the app's own Vite config
 * (its plugins: React, and the per-component Arco styles), so React and Arco run as in the app.
 */
export async function buildBenchPage(): Promise<void> {
  await build({
    configFile: join(PROJECT_ROOT, 'vite.config.ts'),
    root: PAGE_DIR,
    base: './',
    logLevel: 'warn',
    build: { outDir: PAGE_OUT_DIR, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** Serves the built page on a free port of 127.0.0.1: no API server is needed. */
export async function serveBenchPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = normalize(join(PAGE_OUT_DIR, path === '/' ? 'index.html' : decodeURIComponent(path)));
    if (!file.startsWith(PAGE_OUT_DIR + sep)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
