import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PROJECT_ROOT } from './config';

/** What the browser bundle is built from; a change to any of these makes dist/ stale. */
const INPUTS = [
  'src',
  'ui-registry',
  'locales',
  'contract',
  'machines',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'public',
];
const STAMP = 'build-stamp.txt';

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    yield* files(join(path, entry.name));
  }
}

/** A hash of the sources' contents (not times: a fresh clone gives every file a new time). */
export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(join(PROJECT_ROOT, input))) {
      if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
      hash.update(relative(PROJECT_ROOT, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

/** Builds the browser app with Vite when dist/ is missing or was built from other sources. */
export async function ensureBrowserBuild(log: (msg: string) => void): Promise<void> {
  const dist = join(PROJECT_ROOT, 'dist');
  const stampFile = join(dist, STAMP);
  const wanted = sourceHash();
  if (
    existsSync(join(dist, 'index.html')) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === wanted
  ) {
    return;
  }
  log('browser build missing or stale: running vite build (about a minute)');
  const { build } = await import('vite');
  await build({ root: PROJECT_ROOT, logLevel: 'warn' });
  writeFileSync(stampFile, wanted);
  log('browser build ready');
}
