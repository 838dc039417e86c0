import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config';

/** Server source, without the demo seed and the migrations (which write tables directly by design). */
function serverFiles(): Array<{ path: string; text: string }> {
  const root = join(PROJECT_ROOT, 'server');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => relative(PROJECT_ROOT, join(root, f)).replaceAll('\\', '/'))
    .filter((path) => !path.startsWith('server/seed/') && !path.startsWith('server/db/migrations/'))
    .map((path) => ({ path, text: readFileSync(join(PROJECT_ROOT, path), 'utf8') }));
}

function filesMatching(pattern: RegExp) {
  return serverFiles()
    .filter((f) => pattern.test(f.text))
    .map((f) => f.path);
}

describe('one door per thing (STYLE.md)', () => {
  it('creates accounts (user row and wallet) only in server/users/create-account.ts', () => {
    expect(filesMatching(/insertInto\(\s*'users'\s*\)/)).toEqual(['server/users/create-account.ts']);
    expect(filesMatching(/insertInto\(\s*'wallets'\s*\)/)).toEqual(['server/users/create-account.ts']);
  });

  it('hashes and stores passwords only in server/auth/set-password.ts', () => {
    // passwords.ts defines the hash; set-password.ts is the one caller (new accounts, resets,
    // random passwords and one's own change all go through it).
    expect(filesMatching(/\bhashPassword\(/).sort()).toEqual([
      'server/auth/passwords.ts',
      'server/auth/set-password.ts',
    ]);
    expect(filesMatching(/\.set\(\{\s*password_hash\b/)).toEqual(['server/auth/set-password.ts']);
    expect(filesMatching(/\bsetPassword\(/).sort()).toEqual([
      'server/auth/routes.ts',
      'server/auth/set-password.ts',
      'server/registration/routes.ts',
      'server/users/routes.ts',
    ]);
  });

  it('masks phone numbers with the one maskPhone of contract/access.ts', () => {
    // The server's audit rows, sign-in failures and answers; the screens import the same one.
    expect(filesMatching(/function\s+maskPhone\b|maskPhone\s*=/)).toEqual([]);
    const contract = readFileSync(join(PROJECT_ROOT, 'contract/access.ts'), 'utf8');
    expect(contract).toMatch(/export function maskPhone\(/);
  });

  it('unbinds devices only in server/devices/unbind.ts', () => {
    expect(filesMatching(/\.set\(\{\s*unbound_at\b/)).toEqual(['server/devices/unbind.ts']);
  });
});
