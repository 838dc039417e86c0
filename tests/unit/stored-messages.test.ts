import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config';

function serverFiles(dir = join(PROJECT_ROOT, 'server')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

describe('stored messages', () => {
  it('are written by notify (kind + params + link) and the seed’s notices only, never as prose', () => {
    const writers = serverFiles()
      .filter((file) =>
        /insertInto\(\s*'messages'\s*\)|insertMany\([^,]+,\s*'messages'/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => relative(PROJECT_ROOT, file).split('\\').join('/'))
      .sort();
    expect(writers).toEqual(['server/notifications/notify.ts', 'server/seed/messages.ts']);
    // The seed writes what notify writes: a kind, its parameters and a link on every row.
    const seed = readFileSync(join(PROJECT_ROOT, 'server/seed/messages.ts'), 'utf8');
    expect(seed).toMatch(
      /kind: notice\.kind,\s*params: JSON\.stringify\(notice\.params\),\s*link: notice\.link/,
    );
  });
});
